"""Hostile and careless sources through the command line: isolation, confinement,
one verdict for ``check`` and ``build``, one-line errors (issue 9)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from rulesref.cli import main

CHAPTER = (
    "chapter: {cid}\ntext: C\nsections:\n- section: sec_{cid}\n  text: S\n  rules:\n"
    "  - rule: rule_{cid}_one\n    text: {text}\n  - rule: rule_{cid}_two\n    text: Two.\n"
)


def write_book(root: Path, slug: str = "book", chapters: dict[str, str] | None = None) -> Path:
    """A CR YAML book whose chapters are numbered 1, 2 … in the order given."""
    chapters = chapters or {"one.yaml": CHAPTER.format(cid="one", text="One.")}
    folder = root / slug
    folder.mkdir(parents=True)
    toml = ['title = "Book"', 'format = "cr-yaml"']
    for number, (name, text) in enumerate(chapters.items(), start=1):
        (folder / name).write_text(text, encoding="utf-8")
        toml += ["[[chapters]]", f'file = "{name}"', f"number = {number}"]
    (folder / "book.toml").write_text("\n".join(toml) + "\n", encoding="utf-8")
    return folder


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    """``rulesref`` with ``args``; without ``--examples``, none (not the repository's)."""
    given = [str(a) for a in args]
    if "--examples" not in given:
        given = ["--examples", os.devnull, *given]
    code = main(given)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_a_folder_without_book_toml_is_left_out_and_said(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A folder of sources without a book.toml is a book whose rules are not on
    the site: the command says so in its account and fails, as for any part of a
    book left out; ``--keep-going`` passes."""
    write_book(tmp_path / "books")
    (tmp_path / "books" / "forgotten").mkdir()
    (tmp_path / "books" / "forgotten" / "rules.yaml").write_text("chapter: x\n")
    (tmp_path / "books" / "_drafts").mkdir()  # '_': left out on purpose, silently
    (tmp_path / "books" / "_drafts" / "rules.yaml").write_text("chapter: x\n")
    code, out, err = run(capsys, "--books", tmp_path / "books", "check")
    assert code == 2
    lines = [line for line in (out + err).splitlines() if "no book.toml" in line]
    assert len(lines) == 1
    assert "forgotten/book.toml:1:1: no book.toml in " in lines[0]
    assert err.splitlines()[-1].endswith("left out: 1 folder (1 error)")
    assert run(capsys, "--books", tmp_path / "books", "--keep-going", "check")[0] == 0


def test_build_of_a_folder_without_books_is_one_line(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """Chapters given without ``rulesref init`` first: the build says what to do
    instead of building an empty site that reads as a success."""
    (tmp_path / "input").mkdir()
    code, _, err = run(capsys, "--books", tmp_path / "input", "build")
    assert code == 2
    assert err.strip() == (f"{tmp_path / 'input'}:1:1: no book.toml found below this folder "
                           f"('rulesref init {tmp_path / 'input'}' writes one for a folder "
                           "of chapters)")
    # After ``rulesref init`` on a release, the book.toml is above its chapter folder.
    (tmp_path / "book.toml").write_text("title = 'x'\n")
    code, _, err = run(capsys, "--books", tmp_path / "input", "check")
    assert code == 2
    assert err.strip().endswith(f"(the book is the folder above: --books {tmp_path.resolve()})")


def test_a_range_across_chapters_is_a_warning(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    write_book(tmp_path / "books", chapters={
        "one.yaml": CHAPTER.format(cid="one", text="See {ref/through:rule_one_two,rule_two_one}."),
        "two.yaml": CHAPTER.format(cid="two", text="Two."),
    })
    code, out, _ = run(capsys, "--books", tmp_path / "books", "check", "--strict")
    assert code == 1
    assert ("one.yaml:8:15: warning: range 'rule_one_two' through 'rule_two_one' in "
            "rule_one_one spans chapters 1 and 2 (cite each chapter's rules) "
            "[rules.bad-range]") in out


def test_a_broken_chapter_leaves_the_rest_of_its_book(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    write_book(tmp_path / "books", chapters={
        "one.yaml": CHAPTER.format(cid="one", text="See {ref:rule_two_one}."),
        "two.yaml": "chapter: two\ntext: 'unclosed\n",
        "three.yaml": CHAPTER.format(cid="three", text="Three."),
    })
    code, out, err = run(capsys, "--books", tmp_path / "books", "check", "--strict")
    assert code == 2
    error, account = err.splitlines()
    assert "two.yaml:3:1: malformed YAML" in error
    assert account == (
        "rulesref: read 1 book: 2 chapters, 8 items, 0 examples; left out: 1 chapter "
        "(1 error, 1 note)"  # the note: a reference into the chapter left out
    )
    # The reference into the lost chapter is not a second problem.
    assert "warning" not in out
    code, out, err = run(capsys, "--books", tmp_path / "books", "show", "3.1.2")
    assert code == 2  # found, and still the verdict of a book with an unreadable chapter
    assert out.startswith("Book: rule 3.1.2\n") and "two.yaml" in err


@pytest.mark.parametrize("link", ["chapter", "image", "book"])
def test_links_out_of_the_book_are_refused(tmp_path: Path, link: str,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    secret = tmp_path / "secret.yaml"
    secret.write_text(CHAPTER.format(cid="secret", text="Secret."))
    books = tmp_path / "books"
    if link == "book":
        elsewhere = write_book(tmp_path / "elsewhere")
        books.mkdir()
        (books / "book").symlink_to(elsewhere)
        expected = "book/book.toml:1:1: the book's folder leads out of the books folder"
    else:
        folder = write_book(books, chapters={
            "one.yaml": CHAPTER.format(cid="one", text="Look at {img:map}."),
        })
        if link == "chapter":
            (folder / "two.yaml").symlink_to(secret)
            with (folder / "book.toml").open("a") as toml:
                toml.write('[[chapters]]\nfile = "two.yaml"\nnumber = 2\n')
            expected = "book.toml:7:8: chapter file 'two.yaml' leads out of the book's folder"
        else:
            (folder / "images").mkdir()
            (folder / "images" / "map.png").symlink_to(secret)
            expected = "one.yaml:8:19: image 'map' must name a file inside the book's images/"
    code, out, err = run(capsys, "--books", books, "check")
    assert code == 2
    error, account = err.splitlines()
    assert expected in error, err
    assert account.startswith("rulesref: read ") and "(1 error)" in account
    assert "Secret" not in out + err


def test_export_to_a_missing_folder_is_one_line(tmp_path: Path) -> None:
    books = tmp_path / "books"
    write_book(books)
    result = subprocess.run(
        [sys.executable, "-m", "rulesref.cli", "--books", str(books), "export",
         "-o", str(tmp_path / "missing" / "x.json")],
        capture_output=True, text=True, check=False,
    )
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert result.stderr.count("\n") == 1
    assert "x.json:1:1: cannot write: No such file or directory" in result.stderr


def test_books_applies_to_every_command(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    books = tmp_path / "books"
    write_book(books, slug="mine")
    assert run(capsys, "--books", books, "show", "rule_one_two")[1].startswith("Book: rule 1.1.2")
    assert run(capsys, "--books", books, "search", "one")[1].startswith("1.1.1 ")
    assert '"slug": "mine"' in run(capsys, "--books", books, "export")[1]
    assert run(capsys, "--books", tmp_path / "nowhere", "show", "x")[2].endswith(
        "nowhere:1:1: no such folder (give the books folder with --books)\n"
    )


def test_check_reports_a_failing_scenario_as_the_build_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write_book(tmp_path / "books")
    (tmp_path / "examples" / "book").mkdir(parents=True)
    (tmp_path / "examples" / "book" / "wrong.md").write_text(
        "---\nrules: [rule_one_one]\n---\n# Wrong\n\n```{doctest}\n>>> 1 + 1\n3\n```\n"
    )
    args = ["--books", tmp_path / "books", "--examples", tmp_path / "examples", "check"]
    code, out, _ = run(capsys, *args)
    assert code == 0
    assert "scenario 'Wrong' fails (1 failing example(s))" in out
    assert "[rules.scenario-failed]" in out
    assert run(capsys, *args, "--strict")[0] == 1


def test_build_builds_the_rest_and_says_it_failed(tmp_path: Path) -> None:
    """A chapter that cannot be read: the site is built with the book's other chapter,
    and the status is check's (2); the published folder holds no doctrees or sources."""
    books = tmp_path / "books"
    write_book(books, chapters={
        # An item that took the placeholder ID: {ref:TODO} must still not link to it.
        "one.yaml": CHAPTER.format(cid="one", text="See {ref:TODO}.").replace(
            "rule_one_two", "TODO"),
        "two.yaml": "chapter: two\ntext: 'unclosed\n",
    })
    out = tmp_path / "site"
    env = {**os.environ, "PYTHONWARNINGS": "ignore"}
    result = subprocess.run(
        [sys.executable, "-m", "rulesref.cli", "--books", str(books), "--examples",
         str(tmp_path / "none"), "build", "--out", str(out)],
        capture_output=True, text=True, check=False, cwd=tmp_path, env=env,
    )
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    assert "two.yaml:3: ERROR: malformed YAML" in result.stderr
    assert result.stderr.splitlines()[-1] == (
        "rulesref: read 1 book: 1 chapter, 4 items, 0 examples; left out: 1 chapter (1 error)"
    )
    page = (out / "rules" / "book" / "one.html").read_text(encoding="utf-8")
    assert page.count('href="#TODO"') == 1  # the item's own permalink; the reference is not
    assert "See" in page
    assert "ID 'TODO' is a placeholder" in result.stderr
    assert not (out / ".doctrees").exists()
    assert not (out / "_sources").exists()


def test_a_number_or_words_not_found_are_said_with_the_nearest_numbers(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """As the site's Go box: "No rule 1.1.9", with the two numbers on each side of
    where it would be and the number that heads it, never an empty screen."""
    books = tmp_path / "books"
    write_book(books, chapters={"one.yaml": CHAPTER.format(cid="one", text="One."),
                                "two.yaml": CHAPTER.format(cid="two", text="Two.")})
    # The book: 1, 1.1, 1.1.1, 1.1.2, then 2, 2.1, 2.1.1, 2.1.2.
    near = "(nearest numbers: 1.1, 1.1.1, 1.1.2, 2, 2.1)"
    code, out, err = run(capsys, "--books", books, "show", "1.1.9")
    assert (code, out) == (1, "")
    assert err.splitlines()[0] == f"rulesref: no rule numbered or called '1.1.9' {near}"
    code, out, err = run(capsys, "--books", books, "search", "1.1.9")
    assert (code, out) == (1, "")  # not the rules that merely hold a "1"
    assert err.splitlines()[0] == f"rulesref: no rule 1.1.9 {near}"
    code, out, err = run(capsys, "--books", books, "search", "nowhere", "words")
    assert (code, out) == (1, "")
    assert err.splitlines()[0] == "rulesref: no rule holds all of: nowhere words"
    code, _, err = run(capsys, "--books", books, "search", " ", "--")
    assert code == 2
    assert err.splitlines()[0] == "rulesref: give the words to search for, or a rule number"
    assert run(capsys, "--books", books, "search", "2.1.1")[1].startswith("2.1.1 ")
