"""The bad-input corpus: each file gives exactly one ``file:line:col: message`` line.

``tests/bad_inputs/expected.txt`` holds the expected line for every case, so
a change in wording or position shows up as a diff a reviewer can judge.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from rulesref.cli import main

CORPUS = Path(__file__).parent / "bad_inputs"


def expected() -> dict[str, str]:
    lines = (CORPUS / "expected.txt").read_text(encoding="utf-8").splitlines()
    return {line.split(":", 1)[0]: line for line in lines if line and not line.startswith("#")}


def make_book(tmp_path: Path, source: Path) -> Path:
    """A one-chapter book around ``source``, as a rules team would have it."""
    book = tmp_path / "books" / source.stem
    book.mkdir(parents=True)
    (book / source.name).write_bytes(source.read_bytes())
    (book / "book.toml").write_text(
        f'title = "Bad"\nformat = "cr-yaml"\n[[chapters]]\nfile = "{source.name}"\nnumber = 1\n'
    )
    return tmp_path / "books"


CASES = sorted(p.name for p in CORPUS.glob("*.yaml"))


def test_corpus_is_large_and_fully_expected() -> None:
    assert len(CASES) + 1 >= 20
    assert set(expected()) == {*CASES, "02_two.yaml"}


@pytest.mark.parametrize("name", CASES)
def test_bad_input_gives_one_line(name: str, tmp_path: Path,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    books = make_book(tmp_path, CORPUS / name)
    code = main(["--books", str(books), "check"])
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert code == 2
    assert len(lines) == 1, captured.err
    # Messages name the file as given; compare from the file name on.
    assert lines[0][lines[0].index(name):] == expected()[name]


def test_duplicate_id_across_chapters(capsys: pytest.CaptureFixture[str],
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(CORPUS.parent.parent)
    code = main(["--books", str(CORPUS.relative_to(CORPUS.parent.parent)), "check"])
    err = capsys.readouterr().err.strip()
    assert code == 2
    assert err == "tests/bad_inputs/duplicate_across_chapters/" + expected()["02_two.yaml"]


def test_no_traceback_from_the_console_script(tmp_path: Path) -> None:
    books = make_book(tmp_path, CORPUS / "unsafe_python_tag.yaml")
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
    books = make_book(tmp_path, source)
    code = main(["--books", str(books), "check"])
    out = capsys.readouterr().out
    assert code == 0
    assert "unknown_key.yaml:6:3: warning: unknown key 'txet' in section 's'" in out
    assert main(["--books", str(books), "check", "--strict"]) == 1
