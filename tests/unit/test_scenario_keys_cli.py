"""The commands an author runs while writing a scenario: ``check`` and
``coverage`` say which hash to write for an example a scenario backs without
one (or against another text), and do not count it as backed until then."""

from __future__ import annotations

import shutil
import stat
from pathlib import Path

import pytest

from rulesref.books import load_book, load_config
from rulesref.cli import main
from rulesref.scenario_keys import text_hash

TINY = Path(__file__).resolve().parents[1] / "roots" / "test-scenarios" / "books" / "tiny"


def site(tmp_path: Path, backs: str) -> tuple[list[str], str]:
    """The tiny book and one scenario of its own backing ``backs``; the
    arguments of a command, and the hash its example has now."""
    books = tmp_path / "books"
    shutil.copytree(TINY, books / "tiny")
    for path in books.rglob("*"):
        path.chmod(path.stat().st_mode | stat.S_IWUSR)
    scenario = tmp_path / "examples" / "tiny" / "writing.md"
    scenario.parent.mkdir(parents=True)
    scenario.write_text(f"---\nbacks: {backs}\n---\n# Writing\n\n```{{doctest}}\n>>> 1\n1\n```\n",
                        encoding="utf-8")
    item = load_book(load_config(books / "tiny")).get("rule_tiny_trash")
    assert item is not None
    return ["--books", str(books), "--examples", str(tmp_path / "examples"),
            "--no-library"], text_hash(item.examples[0])


def test_check_prints_the_hash_to_write_and_strict_fails_until_it_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args, now = site(tmp_path, "rule_tiny_trash#example-1")
    assert main([*args, "check"]) == 0
    out = capsys.readouterr().out
    line = next(line for line in out.splitlines() if "[rules.scenario-recheck]" in line)
    assert line.startswith(f"{tmp_path}/examples/tiny/writing.md:2:1: warning: backs "
                           "rule_tiny_trash#example-1 without the hash of its text")
    assert line.split("write 'backs: ")[1].startswith(f"rule_tiny_trash#example-1@{now}'")
    assert main([*args, "check", "--strict"]) == 1
    capsys.readouterr()
    # coverage: not backed, to re-check, with the same line to write.
    assert main([*args, "coverage", "--strict"]) == 1
    table = capsys.readouterr().out
    assert f"once checked: backs: rule_tiny_trash#example-1@{now}" in table
    assert "  unbacked: rule_tiny_trash-example-1" not in table

    # Written: nothing to say, and the example is backed.
    (tmp_path / "examples" / "tiny" / "writing.md").write_text(
        f"---\nbacks: rule_tiny_trash#example-1@{now}\n---\n# Writing\n\n```{{doctest}}\n"
        ">>> 1\n1\n```\n", encoding="utf-8")
    assert main([*args, "check", "--strict"]) == 0
    assert "scenario" not in capsys.readouterr().out
    assert main([*args, "coverage"]) == 0
    table = capsys.readouterr().out
    assert "to re-check:" not in table
    assert "Tiny Rules (tiny): 1 of 4 examples backed, 0 to re-check; scenarios: 1" in table


def test_a_scenario_written_against_another_text_is_to_recheck(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args, now = site(tmp_path, "rule_tiny_trash#example-1@00000000")
    assert now != "00000000"
    assert main([*args, "check"]) == 0
    out = capsys.readouterr().out
    assert (f"the text of rule_tiny_trash#example-1 (rule 1.2.1, example 1) has changed since "
            f"the scenario was written (hash 00000000, now {now})") in out


def test_every_library_scenario_is_package_data() -> None:
    """An installed rulesref has the whole library: every file the library's
    reader finds matches the package data pyproject.toml ships."""
    import tomllib

    from rulesref.scenarios import LIBRARY, scenario_files

    root = Path(__file__).resolve().parents[2]
    config = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    package = LIBRARY.parents[1]
    shipped = {path for pattern in config["tool"]["setuptools"]["package-data"]["rulesref"]
               for path in package.glob(pattern)}
    found = [path for path, _folder in scenario_files(LIBRARY)]
    assert found and [path for path in found if path not in shipped] == []
