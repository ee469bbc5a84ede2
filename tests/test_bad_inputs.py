"""The bad-input corpus: each case gives exactly one ``file:line:col: message`` line.

``tests/bad_inputs/expected.txt`` holds the expected line for every case, so
a change in wording or position shows up as a diff a reviewer can judge.  A
case's kind is its file name's ending:

* ``.yaml``, ``.md``, ``.helpndoc.md``, ``.txt``: the one chapter of a book in
  that format (CR YAML, Markdown outline, HelpNDoc, plain text);
* ``.toml``: the ``book.toml`` of a book folder named after the case, whose
  chapter ``c.yaml`` is fine;
* ``.scenario.md``: a scenario of a good book.

A case is an error (``rulesref check`` exits 2 and prints the line on stderr)
unless its name starts with ``warn_``: then it is a warning (printed on
stdout with its ``rules.*`` subtype; ``check --strict`` exits 1).  A CR YAML
case whose items are named ``good_…`` has one broken item among good ones:
the good ones must all be read, with their text (the unit of failure is the
item, not the chapter).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from rulesref.books import load_book, load_config
from rulesref.cli import main
from rulesref.model import Kind, plain_text

CORPUS = Path(__file__).parent / "bad_inputs"
GOOD_CHAPTER = (
    "chapter: c\ntext: C\nsections:\n- section: s\n  text: S\n  rules:\n"
    "  - rule: r\n    text: A rule.\n"
)
#: Longest ending first.
KINDS = {
    ".scenario.md": "scenario",
    ".helpndoc.md": "helpndoc",
    ".yaml": "cr-yaml",
    ".md": "markdown-outline",
    ".txt": "plain-text",
    ".toml": "config",
}


def kind_of(name: str) -> str:
    return next(kind for ending, kind in KINDS.items() if name.endswith(ending))


def expected() -> dict[str, str]:
    lines = (CORPUS / "expected.txt").read_text(encoding="utf-8").splitlines()
    return {line.split(":", 1)[0]: line for line in lines if line and not line.startswith("#")}


def key_of(name: str) -> str:
    """How the case's file is named in its message."""
    if kind_of(name) == "config":
        return f"{name.removesuffix('.toml')}/book.toml"
    return name


def book_toml(fmt: str, file: str, numbering: str = "cr") -> str:
    number = '""' if numbering == "outline" else "1"  # an outline numbers itself
    return (
        f'title = "Bad"\nformat = "{fmt}"\nnumbering = "{numbering}"\nid_prefix = "x"\n'
        f'[[chapters]]\nfile = "{file}"\nnumber = {number}\n'
    )


def make_case(tmp_path: Path, source: Path) -> tuple[Path, Path]:
    """A books folder (and an examples folder) holding the case as a rules team has it."""
    books, examples = tmp_path / "books", tmp_path / "examples"
    kind = kind_of(source.name)
    stem = source.name.split(".")[0]
    book = books / stem
    book.mkdir(parents=True)
    examples.mkdir()
    if kind == "config":
        (book / "c.yaml").write_text(GOOD_CHAPTER)
        (book / "book.toml").write_bytes(source.read_bytes())
    elif kind == "scenario":
        (book / "c.yaml").write_text(GOOD_CHAPTER)
        (book / "book.toml").write_text(book_toml("cr-yaml", "c.yaml"))
        (examples / stem).mkdir()
        (examples / stem / source.name).write_bytes(source.read_bytes())
    else:
        (book / source.name).write_bytes(source.read_bytes())
        numbering = "outline" if kind in ("markdown-outline", "plain-text") else "cr"
        (book / "book.toml").write_text(book_toml(kind, source.name, numbering))
    return books, examples


CASES = sorted(p.name for p in CORPUS.iterdir() if p.is_file() and p.name != "expected.txt")


def test_corpus_is_large_and_fully_expected() -> None:
    assert len(CASES) + 1 >= 60
    assert set(expected()) == {*map(key_of, CASES), "02_two.yaml"}
    assert {kind_of(name) for name in CASES} == set(KINDS.values())


@pytest.mark.parametrize("name", CASES)
def test_bad_input_gives_one_line(name: str, tmp_path: Path,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    books, examples = make_case(tmp_path, CORPUS / name)
    warning = name.startswith("warn_")
    args = ["--books", str(books), "--examples", str(examples), "check"]
    code = main([*args, "--strict"] if warning else args)
    captured = capsys.readouterr()
    # The last line is the account of what was read: errors are said there too.
    *errors, account = captured.err.splitlines()
    assert account.startswith("rulesref: read "), captured
    if warning:
        lines = captured.out.splitlines()
        assert (code, errors) == (1, [])
        assert "nothing left out" in account and "error" not in account
    else:
        lines = errors
        assert code == 2
        assert "(1 error" in account, account
    assert len(lines) == 1, captured
    key = key_of(name)
    # Messages name the file as given; compare from the file name on.
    assert lines[0][lines[0].index(key):] == expected()[key]


def test_duplicate_id_across_chapters(capsys: pytest.CaptureFixture[str],
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(CORPUS.parent.parent)
    code = main(["--books", str(CORPUS.relative_to(CORPUS.parent.parent)), "check"])
    error, account = capsys.readouterr().err.strip().splitlines()
    assert code == 2
    assert error == "tests/bad_inputs/duplicate_across_chapters/" + expected()["02_two.yaml"]
    assert account.startswith("rulesref: read 1 book: 2 chapters") and "(1 error" in account


def test_no_traceback_from_the_console_script(tmp_path: Path) -> None:
    books, _ = make_case(tmp_path, CORPUS / "unsafe_python_tag.yaml")
    result = subprocess.run(
        [sys.executable, "-m", "rulesref.cli", "--books", str(books), "check"],
        capture_output=True, text=True, check=False,
    )
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    error, account = result.stderr.splitlines()
    assert "unsafe or unknown YAML tag '!!python/object/apply:os.system'" in error
    assert account.startswith("rulesref: read ")


def test_unknown_key_is_a_warning_naming_the_key(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "unknown_key.yaml"
    source.write_text("chapter: c\ntext: C\nsections:\n- section: s\n  text: S\n  txet: Lost?\n")
    books, _ = make_case(tmp_path / "case", source)
    code = main(["--books", str(books), "check"])
    out = capsys.readouterr().out
    assert code == 0
    assert "unknown_key.yaml:6:3: warning: unknown key 'txet' in section 's'" in out
    assert main(["--books", str(books), "check", "--strict"]) == 1


#: Cases with good items beside a broken one.
NEIGHBOUR_CASES = [
    name for name in CASES
    if name.endswith(".yaml") and b"good_" in (CORPUS / name).read_bytes()
]


@pytest.mark.parametrize("name", NEIGHBOUR_CASES)
def test_a_broken_item_costs_only_itself(name: str, tmp_path: Path) -> None:
    source = (CORPUS / name).read_text(encoding="utf-8")
    books, _ = make_case(tmp_path, CORPUS / name)
    book = load_book(load_config(books / name.split(".")[0]))
    written = re.findall(r"(?:section|rule): (good_\w+)", source)
    assert written
    for ident in written:
        item = book.get(ident)
        assert item is not None and not item.unreadable and item.plain, ident
    unreadable = [item for item in book.items() if item.unreadable]
    assert len(unreadable) <= 1
    for item in unreadable:  # it holds its place: a rule between rules, numbered
        assert item.kind is Kind.RULE and item.number and item.text == ()
        assert item.pos.line in {i + 1 for i, line in enumerate(source.splitlines())
                                 if line.lstrip().startswith("- ")}


def test_a_broken_item_holds_its_number(tmp_path: Path) -> None:
    books, _ = make_case(tmp_path, CORPUS / "item_without_id.yaml")
    book = load_book(load_config(books / "item_without_id"))
    section = book.get("good_s")
    assert section is not None
    before, broken, after = section.children
    assert broken.unreadable.startswith("item has no ID")
    assert broken.id == "item_without_id-line-9" and broken.anchor == broken.id
    assert [before.number, broken.number, after.number] == ["1.1.1", "1.1.2", "1.1.3"]


def test_one_example_that_cannot_be_read_is_left_out(tmp_path: Path) -> None:
    books, _ = make_case(tmp_path, CORPUS / "item_bad_example.yaml")
    book = load_book(load_config(books / "item_bad_example"))
    rule = book.get("good_a")
    assert rule is not None
    assert [(e.index, plain_text(e.text)) for e in rule.examples] == [
        (1, "The first example."), (3, "The third example.")]
    (error,) = [d for d in book.diagnostics if d.unit]
    assert error.unit == "example" and error.pos.line == 11


@pytest.mark.parametrize(("name", "words"), [
    ("warn_lost_text.yaml", "The Corp gains 2 credits: one now, the other later."),
    ("warn_lost_text_no_colon.yaml", "The Runner draws a card\nand then another."),
])
def test_text_not_indented_past_its_key_is_shown(name: str, words: str, tmp_path: Path) -> None:
    books, _ = make_case(tmp_path, CORPUS / name)
    book = load_book(load_config(books / name.split(".")[0]))
    rule = book.get("good_a")
    assert rule is not None
    texts = [plain_text(e.text) for e in rule.examples] or [rule.plain]
    assert words in texts
