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
stdout with its ``rules.*`` subtype; ``check --strict`` exits 1).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from rulesref.cli import main

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
    if warning:
        lines = [line for line in captured.out.splitlines() if not line.startswith("checked ")]
        assert (code, captured.err) == (1, "")
    else:
        lines = captured.err.strip().splitlines()
        assert code == 2
    assert len(lines) == 1, captured
    key = key_of(name)
    # Messages name the file as given; compare from the file name on.
    assert lines[0][lines[0].index(key):] == expected()[key]


def test_duplicate_id_across_chapters(capsys: pytest.CaptureFixture[str],
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(CORPUS.parent.parent)
    code = main(["--books", str(CORPUS.relative_to(CORPUS.parent.parent)), "check"])
    err = capsys.readouterr().err.strip()
    assert code == 2
    assert err == "tests/bad_inputs/duplicate_across_chapters/" + expected()["02_two.yaml"]


def test_no_traceback_from_the_console_script(tmp_path: Path) -> None:
    books, _ = make_case(tmp_path, CORPUS / "unsafe_python_tag.yaml")
    result = subprocess.run(
        [sys.executable, "-m", "rulesref.cli", "--books", str(books), "check"],
        capture_output=True, text=True, check=False,
    )
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert result.stderr.count("\n") == 1
    assert "unsafe or unknown YAML tag '!!python/object/apply:os.system'" in result.stderr


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
