"""The changelog beside the chapters: entries in the rules' own markup."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulesref.book_toml import load_config
from rulesref.books import load_book
from rulesref.changelog import changelog_file, read_changelog, resolved
from rulesref.errors import RulesSourceError
from rulesref.model import Ref, walk_inlines

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
        ("changelog:\n- version: '1'\n", (2, 3), "has no 'text:'"),
        ("changelog:\n- text: Broken {term\n", (2, 16), "unclosed markup"),
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
    (folder / "changelog.yaml").write_text("changelog:\n- text: Broken {term\n")
    assert main(["--books", str(folder), "check"]) == 2
    assert "changelog.yaml:2:16: unclosed markup" in capsys.readouterr().err
