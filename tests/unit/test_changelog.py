"""The changelog beside the chapters: entries in the rules' own markup."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulesref.book_toml import load_config
from rulesref.books import load_book
from rulesref.changelog import (
    changelog_file,
    changelog_path,
    changelog_problems,
    is_template,
    read_changelog,
    resolved,
)
from rulesref.errors import RulesSourceError, Severity
from rulesref.library import load_library
from rulesref.model import Ref, plain_text, walk_inlines
from rulesref.readers.changelog_yaml import version_key, version_of

FORMAT_BOOK = Path(__file__).resolve().parents[1] / "roots" / "test-format" / "books" / "fmt"


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "changelog.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_format_books_changelog() -> None:
    path = changelog_file(FORMAT_BOOK)
    assert path is not None and path.name == "changelog.yaml"
    book = load_book(load_config(FORMAT_BOOK))
    log = resolved(read_changelog(path), book)
    assert [(e.version, e.date) for e in log.entries] == [("2.0", "2026-11-01"), ("", ""),
                                                         ("", "")]
    refs = [n for e in log.entries for n in walk_inlines(e.text) if isinstance(n, Ref)]
    assert [r.ids for r in refs] == [("rule_zone_new",), ("rule_zone_new_a",), ("sec_steps",),
                                     ("step_one", "step_three"), ("sec_turn_structure",)]
    assert refs[2].written == ("Sec_steps",) and refs[2].capitalised
    assert (log.entries[1].pos.line, log.entries[1].pos.col) == (5, 3)


def test_no_changelog(tmp_path: Path) -> None:
    assert changelog_file(tmp_path) is None


@pytest.mark.parametrize(
    ("text", "where", "message"),
    [
        ("entries:\n- text: x\n", (1, 1), "expected a 'changelog:'"),
        ("", (1, 1), "empty changelog"),
    ],
)
def test_a_broken_changelog_is_one_located_error(
    tmp_path: Path, text: str, where: tuple[int, int], message: str
) -> None:
    with pytest.raises(RulesSourceError, match=message) as err:
        read_changelog(write(tmp_path, text))
    assert (err.value.pos.line, err.value.pos.col) == where


def test_a_broken_entry_costs_that_entry_and_broken_markup_is_shown(tmp_path: Path) -> None:
    """The unit of failure is the entry: the others are read; markup that does
    not parse is text, with a warning where it stands."""
    log = read_changelog(write(
        tmp_path, "changelog:\n- version: '1'\n- text: Broken {term\n- text: Fine.\n"))
    assert [plain_text(e.text) for e in log.entries] == ["Broken {term", "Fine."]
    found = [(d.severity, d.unit, d.pos.line, d.pos.col) for d in log.diagnostics]
    assert found == [(Severity.ERROR, "changelog entry", 2, 3),
                     (Severity.WARNING, "", 3, 16)]
    assert "has no 'text:'" in log.diagnostics[0].message
    assert "unclosed markup" in log.diagnostics[1].message


def test_an_unknown_key_is_reported_not_dropped(tmp_path: Path) -> None:
    log = read_changelog(write(tmp_path, "changelog:\n- text: x\n  author: me\n"))
    assert [d.subtype for d in log.diagnostics] == ["unknown-key"]
    assert [d.pos.line for d in log.diagnostics] == [3]


def test_check_reports_the_changelog(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``rulesref check`` reads the changelog too: unknown keys and unresolved references
    are warnings at their lines, a changelog that cannot be read is an error."""
    import shutil

    from rulesref.cli import main

    folder = tmp_path / "fmt"
    shutil.copytree(FORMAT_BOOK, folder)
    (folder / "changelog.yaml").write_text(
        "changelog:\n- text: Fixed {ref:rule_zone_new}.\n- text: Gone {ref:rule_nowhere}.\n"
        "  author: me\n", encoding="utf-8")
    assert main(["--books", str(folder), "check", "--strict"]) == 1
    out = capsys.readouterr().out
    assert "changelog.yaml:3:14: warning: unresolved reference 'rule_nowhere' in the changelog" \
        in out
    assert "changelog.yaml:4:3: warning: unknown key 'author'" in out
    assert "rule_zone_new" not in out
    (folder / "changelog.yaml").write_text("changelog:\n- version: '1'\n- text: Fine.\n")
    assert main(["--books", str(folder), "check"]) == 2
    err = capsys.readouterr().err
    assert "changelog.yaml:2:3: changelog entry has no 'text:'" in err
    assert "left out: 1 changelog entry (1 error" in err.splitlines()[-1]


# --------------------------------------------------------------------------
# One changelog per release, named in book.toml.


def configured(tmp_path: Path, value: str) -> Path:
    """The format book with ``changelog = <value>`` (TOML) in its book.toml."""
    import shutil

    folder = tmp_path / "fmt"
    shutil.copytree(FORMAT_BOOK, folder)
    (folder / "changelog.yaml").unlink()
    config = (folder / "book.toml").read_text(encoding="utf-8")
    (folder / "book.toml").write_text(f"changelog = {value}\n{config}", encoding="utf-8")
    return folder


def test_book_toml_names_the_changelog_and_its_name_is_the_release(tmp_path: Path) -> None:
    folder = configured(tmp_path, '"changelogs/2.10.yaml"')
    (folder / "changelogs").mkdir()
    (folder / "changelogs" / "2.10.yaml").write_text(
        "changelog:\n- text: Fixed {ref:Rule_zone_new}.\n- text: And {ref:rule_nowhere}.\n"
    )
    config = load_config(folder)
    assert config.changelog == folder / "changelogs" / "2.10.yaml"
    assert changelog_path(config) == config.changelog
    log = read_changelog(config.changelog)
    assert log.version == "2.10" and [e.version for e in log.entries] == ["", ""]
    library = load_library([folder])
    (book,) = library.books
    problems = changelog_problems(book, library.changelogs[book.slug])
    assert [(d.subtype, d.pos.line) for d in problems] == [("unresolved", 3)]


def test_a_missing_configured_changelog_is_one_located_error(tmp_path: Path) -> None:
    folder = configured(tmp_path, '"changelogs/9.9.yaml"')
    library = load_library([folder])
    assert library.changelogs == {} and len(library.books) == 1  # the book is read
    (problem,) = library.errors
    assert problem.severity is Severity.ERROR and problem.message == "no such changelog file"
    assert problem.unit == "changelog" and not library.account().whole
    assert problem.pos.file.endswith("changelogs/9.9.yaml") and problem.pos.line == 1


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ('"../outside.yaml"', "'changelog' must be a relative path"),
        ('"/etc/changelog.yaml"', "'changelog' must be a relative path"),
        ('""', "'changelog' must be a relative path"),
        ("3", "'changelog' must be text"),
        ('"link/changelog.yaml"', "leads out of the book's folder"),
    ],
)
def test_an_unsafe_changelog_key_is_refused_at_its_line(
    tmp_path: Path, value: str, message: str
) -> None:
    folder = configured(tmp_path, value)
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (folder / "link").symlink_to(outside)
    with pytest.raises(RulesSourceError, match=message) as err:
        load_config(folder)
    assert err.value.pos.file.endswith("book.toml") and err.value.pos.line == 1


def test_release_names() -> None:
    assert [version_of(n) for n in ("25.04.yaml", "v2.1.yml", "2024-11-01.yaml")] == [
        "25.04", "v2.1", "2024-11-01"
    ]
    assert [version_of(n) for n in ("XX.XX.yaml", "changelog.yaml", "00_changelog.yaml")] == [
        "", "", ""
    ]


@given(st.lists(st.lists(st.integers(0, 999), min_size=1, max_size=4), min_size=2, max_size=8))
def test_releases_sort_by_their_numbers_not_their_letters(numbers: list[list[int]]) -> None:
    names = [".".join(f"{n:02d}" for n in parts) for parts in numbers]
    assert sorted(names, key=version_key) == [
        ".".join(f"{n:02d}" for n in parts) for parts in sorted(numbers)
    ]


@pytest.mark.parametrize(
    ("entries", "template"),
    [
        ("- text: |-\n    TODO: say what changed.\n", True),
        ("- text: 'FIXME'\n- text: tbd - later\n", True),
        ("- text: TODO\n- text: Added {ref:rule_a}.\n", False),
        ("- text: Todos are a kind of list.\n", False),
        (" []\n", False),
    ],
)
def test_a_changelog_of_placeholders_is_a_template(
    tmp_path: Path, entries: str, template: bool
) -> None:
    log = read_changelog(write(tmp_path, "changelog:\n" + entries))
    assert is_template(log) is template
