"""``suppress_warnings`` in ``book.toml``: the kinds of warning a book accepts are
notes for ``check`` and the build alike; errors are never suppressed."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulesref.book_toml import load_config
from rulesref.books import load_book
from rulesref.checks import (
    ERROR_KINDS,
    SUPPRESSED,
    UNKNOWN_CARD,
    UNRESOLVED,
    check_book,
    suppressed,
)
from rulesref.cli import main
from rulesref.errors import Diagnostic, Position, RulesSourceError, Severity
from rulesref.writers.cr_yaml import convert_book

CHAPTER = """\
chapter: c
text: C
sections:
- section: s
  text: S
  rules:
  - rule: r
    text: "{card:Quite Unheard Of} and {ref:nowhere}."
"""


def write_book(folder: Path, extra: str = "") -> Path:
    folder.mkdir(parents=True)
    (folder / "c.yaml").write_text(CHAPTER, encoding="utf-8")
    (folder / "book.toml").write_text(
        f'title = "T"\nformat = "cr-yaml"\n{extra}\n[[chapters]]\nfile = "c.yaml"\nnumber = 1\n',
        encoding="utf-8",
    )
    return folder


def config_error(tmp_path: Path, line: str) -> RulesSourceError:
    with pytest.raises(RulesSourceError) as caught:
        load_config(write_book(tmp_path / "b", line))
    return caught.value


def test_the_kinds_are_read_with_or_without_rules_prefix(tmp_path: Path) -> None:
    folder = write_book(tmp_path / "b", 'suppress_warnings = ["unknown-card", "rules.bad-range"]')
    config = load_config(folder)
    assert config.suppress_warnings == {"unknown-card", "bad-range"}
    assert load_book(config).suppress_warnings == config.suppress_warnings
    assert load_config(write_book(tmp_path / "plain")).suppress_warnings == frozenset()


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ('suppress_warnings = "unknown-card"', "'suppress_warnings' must be a list of kinds"),
        ("suppress_warnings = [3]", "entry 1 of 'suppress_warnings' must be text, got a number"),
        ('suppress_warnings = ["unresolved", "Unknown Card"]',
         "entry 2 of 'suppress_warnings' is not a kind of warning"),
        ('suppress_warnings = ["x\\u0007"]', "entry 1 of 'suppress_warnings' is not a kind"),
    ],
)
def test_a_malformed_list_is_a_located_error(tmp_path: Path, line: str, message: str) -> None:
    error = config_error(tmp_path, line)
    assert message in error.message
    assert (error.pos.line, error.pos.col) == (3, len("suppress_warnings = ") + 1)
    assert "\x07" not in str(error)


@pytest.mark.parametrize("kind", sorted(ERROR_KINDS))
def test_an_error_kind_cannot_be_suppressed(tmp_path: Path, kind: str) -> None:
    error = config_error(tmp_path, f'suppress_warnings = ["rules.{kind}"]')
    assert error.message == (
        f"'rules.{kind}' in 'suppress_warnings': such problems are errors, "
        "which cannot be suppressed"
    )
    assert error.pos.line == 3


def test_check_book_makes_the_named_kinds_notes(tmp_path: Path) -> None:
    plain = check_book(load_book(load_config(write_book(tmp_path / "plain"))))
    assert {d.subtype: d.severity for d in plain} == {
        UNKNOWN_CARD: Severity.WARNING, UNRESOLVED: Severity.WARNING}
    folder = write_book(tmp_path / "b", 'suppress_warnings = ["unknown-card"]')
    book = load_book(load_config(folder))
    found = check_book(book)
    assert [(d.pos.line, d.message) for d in found] == [(d.pos.line, d.message) for d in plain]
    assert {d.subtype: (d.severity, d.reason) for d in found} == {
        UNKNOWN_CARD: (Severity.NOTE, SUPPRESSED), UNRESOLVED: (Severity.WARNING, "")}


def test_errors_and_notes_are_left_as_they_are() -> None:
    where = Position("f", 1, 1)
    error = Diagnostic(where, "broken", "unknown-card", Severity.ERROR)
    note = Diagnostic(where, "known", "unknown-card", Severity.NOTE, "the team's reason")
    warning = Diagnostic(where, "odd", "unknown-card")
    assert suppressed([error, note, warning], {"unknown-card"}) == [
        error, note, Diagnostic(where, "odd", "unknown-card", Severity.NOTE, SUPPRESSED)]
    assert suppressed([warning], frozenset()) == [warning]


def test_check_counts_a_suppressed_warning_as_a_note(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write_book(tmp_path / "books/b", 'suppress_warnings = ["unknown-card", "unresolved"]')
    args = ["--books", str(tmp_path / "books"), "--examples", str(tmp_path / "none"), "check"]
    assert main([*args, "--strict"]) == 0
    said = capsys.readouterr()
    assert "warning" not in said.out + said.err
    assert said.err.strip().endswith("nothing left out (2 notes)")
    assert main([*args, "-v"]) == 0
    out = capsys.readouterr().out
    assert f"note: unknown card 'Quite Unheard Of' in r (not in the card table) " \
           f"(acknowledged: {SUPPRESSED}) [rules.unknown-card]" in out


def test_convert_keeps_the_suppressed_kinds(tmp_path: Path) -> None:
    folder = write_book(tmp_path / "b", 'suppress_warnings = ["unresolved", "unknown-card"]')
    files = convert_book(load_config(folder))
    out = tmp_path / "converted"
    out.mkdir()
    for name, text in files.items():
        (out / name).write_text(text, encoding="utf-8")
    assert load_config(out).suppress_warnings == {"unresolved", "unknown-card"}
