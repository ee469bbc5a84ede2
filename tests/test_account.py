"""Nothing is left out silently (issue 20): every command ends with one line
saying what it read and left out, exits 2 when anything was left out unless
``--keep-going``, ``diff`` refuses a version not read whole, and a plain
``sphinx-build`` fails when the site lacks part of a book."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from rulesref.account import account_of
from rulesref.errors import Diagnostic, Position, Severity
from rulesref.library import load_library
from rulesref.model import Example, Item, Kind, Rulebook, Text
from test_hardening_cli import CHAPTER, run, write_book

BROKEN = "chapter: two\ntext: 'unclosed\n"


def test_the_account_counts_what_was_read_and_what_was_left_out() -> None:
    pos = Position("c.yaml", 1, 1)
    rule = Item(Kind.RULE, "r", (Text("x", pos),), pos)
    rule.examples = [Example((), pos, 1, "r"), Example((), pos, 2, "r")]
    lost = Item(Kind.RULE, "lost", (), pos, unreadable="no text")
    chapter = Item(Kind.CHAPTER, "c", (), pos, children=[rule, lost])
    book = Rulebook("b", "B", [chapter])
    book.diagnostics = [
        Diagnostic(pos, "no text", "source-error", Severity.ERROR, unit="item"),
        Diagnostic(pos, "odd", "odd"),
    ]
    elsewhere = Diagnostic(Position("d/book.toml"), "bad", "source-error", Severity.ERROR,
                           unit="book")
    account = account_of([book], [elsewhere, elsewhere], warnings=3)
    assert (account.books, account.chapters, account.items, account.examples) == (1, 1, 2, 2)
    assert account.left_out == {"book": 1, "item": 1}
    assert not account.whole
    assert account.line() == (
        "read 1 book: 1 chapter, 2 items, 2 examples; left out: 1 book, 1 item "
        "(2 errors, 3 warnings)"
    )
    assert account_of([Rulebook("e", "E")]).line() == (
        "read 1 book: 0 chapters, 0 items, 0 examples; nothing left out"
    )


@pytest.mark.parametrize(
    "command",
    [["check"], ["export"], ["show", "1.1.1"], ["search", "one"], ["coverage"]],
)
def test_every_command_ends_with_its_account(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    books = tmp_path / "books"
    write_book(books, chapters={
        "one.yaml": CHAPTER.format(cid="one", text="One."),
        "two.yaml": BROKEN,
    })
    code, _out, err = run(capsys, "--books", books, *command)
    last = err.splitlines()[-1]
    assert last == (
        "rulesref: read 1 book: 1 chapter, 4 items, 0 examples; left out: 1 chapter (1 error)"
    )
    assert code == 2
    code, _out, err = run(capsys, "--books", books, *command, "--keep-going")
    assert code == 0, err
    assert err.splitlines()[-1] == last
    code, _out, _err = run(capsys, "--books", books, "--keep-going", *command)
    assert code == 0


def test_a_whole_book_exits_zero_and_says_so(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    books = tmp_path / "books"
    write_book(books)
    code, out, err = run(capsys, "--books", books, "export")
    assert code == 0
    assert err.splitlines()[-1] == (
        "rulesref: read 1 book: 1 chapter, 4 items, 0 examples; nothing left out"
    )
    assert json.loads(out)["account"]["complete"] is True


def test_the_export_says_what_it_left_out(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    books = tmp_path / "books"
    write_book(books, chapters={"one.yaml": CHAPTER.format(cid="one", text="One."),
                                "two.yaml": BROKEN})
    _code, out, _err = run(capsys, "--books", books, "export", "--keep-going")
    account = json.loads(out)["account"]
    assert account["complete"] is False
    assert account["left_out"] == {"chapter": 1}


def _versions(tmp_path: Path) -> tuple[Path, Path]:
    old = tmp_path / "old"
    write_book(old, chapters={"one.yaml": CHAPTER.format(cid="one", text="One."),
                              "two.yaml": CHAPTER.format(cid="two", text="Two.")})
    new = tmp_path / "new"
    write_book(new, chapters={"one.yaml": CHAPTER.format(cid="one", text="One, changed."),
                              "two.yaml": BROKEN})
    return old, new


def test_diff_refuses_a_version_not_read_whole(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    old, new = _versions(tmp_path)
    code, out, err = run(capsys, "diff", old, new)
    assert code == 2
    assert out == ""  # no diff that would call chapter two removed
    assert "two.yaml:3:1: malformed YAML" in err
    assert "nothing is compared" in err
    lines = err.splitlines()
    assert lines[-2].startswith("rulesref: old (") and "nothing left out" in lines[-2]
    assert lines[-1].startswith("rulesref: new (") and "left out: 1 chapter" in lines[-1]


def test_diff_partial_shows_what_it_can_under_a_banner(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old, new = _versions(tmp_path)
    code, out, _err = run(capsys, "diff", old, new, "--partial")
    assert code == 2  # still: something was left out
    assert out.splitlines()[1].startswith("PARTIAL DIFF")
    assert "new: " in out and "two.yaml:3:1: malformed YAML" in out
    assert "changed    rule 1.1.1 [rule_one_one]" in out
    code, out, _err = run(capsys, "diff", old, new, "--partial", "--json", "--keep-going")
    assert code == 0
    data = json.loads(out)
    assert data["partial"] is True
    (missing,) = data["missing"]
    assert missing["version"] == "new" and missing["unit"] == "chapter"
    assert [c["id"] for c in data["books"][0]["changed"]] == ["rule_one_one"]


def test_diff_of_whole_versions_is_not_partial(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    old = tmp_path / "old"
    write_book(old)
    code, out, _err = run(capsys, "diff", old, old, "--json")
    assert code == 0
    assert json.loads(out)["partial"] is False


def test_the_library_leaves_out_a_second_book_of_the_same_name(tmp_path: Path) -> None:
    write_book(tmp_path / "a", slug="x")
    write_book(tmp_path / "b", slug="x")
    library = load_library([tmp_path / "a", tmp_path / "b"])
    assert len(library.books) == 1
    (problem,) = library.errors
    assert problem.unit == "book" and "second book is named 'x'" in problem.message


def _sphinx_project(tmp_path: Path, *, keep_going: bool) -> Path:
    books = tmp_path / "books"
    write_book(books, chapters={"one.yaml": CHAPTER.format(cid="one", text="One."),
                                "two.yaml": BROKEN})
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "conf.py").write_text(
        f"extensions = ['rulesref.sphinx']\nrulesref_books_dir = {str(books)!r}\n"
        f"rulesref_keep_going = {keep_going}\n",
        encoding="utf-8",
    )
    (docs / "index.rst").write_text("Rules\n=====\n\n.. rules:books::\n", encoding="utf-8")
    return docs


@pytest.mark.parametrize("keep_going", [False, True])
def test_sphinx_build_fails_when_part_of_a_book_is_left_out(tmp_path: Path,
                                                           keep_going: bool) -> None:
    docs = _sphinx_project(tmp_path, keep_going=keep_going)
    result = subprocess.run(
        [sys.executable, "-m", "sphinx", "-q", "-b", "html", str(docs), str(tmp_path / "out")],
        capture_output=True, text=True, check=False,
        env={**os.environ, "PYTHONWARNINGS": "ignore"},
    )
    assert "Traceback" not in result.stderr
    assert "two.yaml:3: ERROR: malformed YAML" in result.stderr
    if keep_going:
        assert result.returncode == 0, result.stderr
    else:
        assert result.returncode == 1
        assert ("ERROR: rulesref: read 1 book: 1 chapter, 4 items, 0 examples; "
                "left out: 1 chapter (1 error); the site is built without it") in result.stderr
    assert (tmp_path / "out" / "rules" / "book" / "one.html").is_file()


def test_the_changes_page_says_what_its_comparison_cannot_see(tmp_path: Path) -> None:
    """The site's Changes page over a version that left a chapter out: what can
    be compared is shown, under the same banner as ``diff --partial``."""
    old = tmp_path / "old"
    write_book(old, chapters={"one.yaml": CHAPTER.format(cid="one", text="One."),
                              "two.yaml": BROKEN})
    books = tmp_path / "books"
    folder = write_book(books, chapters={"one.yaml": CHAPTER.format(cid="one", text="One, now."),
                                         "two.yaml": CHAPTER.format(cid="two", text="Two.")})
    toml = (folder / "book.toml").read_text(encoding="utf-8")
    (folder / "book.toml").write_text('changes_from = "../../old"\n' + toml, encoding="utf-8")
    out = tmp_path / "site"
    result = subprocess.run(
        [sys.executable, "-m", "rulesref.cli", "--books", str(books), "--examples",
         str(tmp_path / "none"), "build", "--out", str(out)],
        capture_output=True, text=True, check=False, cwd=tmp_path,
        env={**os.environ, "PYTHONWARNINGS": "ignore"},
    )
    assert result.returncode == 0, result.stderr  # the site's own book was read whole
    page = (out / "rules" / "book" / "changes.html").read_text(encoding="utf-8")
    assert "rr-partial" in page and "PARTIAL DIFF" in page
    assert "old: " in page and "two.yaml:3" in page and "malformed YAML" in page
    assert "rule 1.1.1" in page  # what could be compared still is
