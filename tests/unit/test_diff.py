"""``rulesref diff``: items matched by ID; real changes apart from numbers that
moved only because something was inserted or removed before them."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from rulesref.cli import main
from rulesref.diff import BookDiff, diff_versions, load_version, word_diff

FORMAT_BOOK = Path(__file__).resolve().parents[1] / "roots" / "test-format" / "books" / "fmt"
CHAPTER = "10_structure.yaml"


def edit(folder: Path, *replacements: tuple[str, str]) -> None:
    path = folder / "fmt" / CHAPTER
    text = path.read_text(encoding="utf-8")
    for old, new in replacements:
        assert old in text, old
        text = text.replace(old, new, 1)
    path.write_text(text, encoding="utf-8")


@pytest.fixture
def versions(tmp_path: Path) -> tuple[Path, Path]:
    old, new = tmp_path / "old", tmp_path / "new"
    for folder in (old, new):
        shutil.copytree(FORMAT_BOOK, folder / "fmt")
    return old, new


INSERT = ("  rules:\n  - rule: rule_zone_basics",
          "  rules:\n  - rule: rule_inserted\n    text: A brand new first rule.\n"
          "  - rule: rule_zone_basics")
REWORD = ("A {term:zone} is a place.", "A {term:zone} is a location.")
REMOVE = ("  - rule: step_two\n    text: Second step, {n}amended{/n}.\n    new: true\n", "")


def diff_of(old: Path, new: Path) -> BookDiff:
    (result,) = diff_versions(load_version(old), load_version(new))
    return result


def test_insertions_shift_numbers_without_changing_the_rules(versions: tuple[Path, Path]) -> None:
    old, new = versions
    edit(new, INSERT, REWORD, REMOVE)
    result = diff_of(old, new)
    assert [s.id for s in result.added] == ["rule_inserted"]
    assert [(s.id, s.number) for s in result.removed] == [("step_two", "10.2.2")]
    (changed,) = result.changed
    assert changed.new.id == "rule_zone_basics"
    (text,) = changed.fields
    # References read in the new numbers on both sides: only the real words differ.
    assert [p for p in text.words if p[0] != "="] == [("-", "place."), ("+", "location.")]
    assert result.renumbered == []
    shifted = {m.new.id: (m.old.number, m.new.number, m.reason) for m in result.shifted}
    assert shifted["rule_zone_basics"] == ("10.1.1", "10.1.2", "shifted")
    assert shifted["rule_zone_new_a"] == ("10.1.2a", "10.1.3a", "ancestor")
    assert shifted["step_three"] == ("10.2.3", "10.2.2", "shifted")
    # rule_zone_new's text cites rule_zone_new (now 10.1.3): not a change of its own.
    assert "rule_zone_new" not in {c.new.id for c in result.changed}


def test_a_moved_or_reordered_rule_is_renumbered(versions: tuple[Path, Path]) -> None:
    old, new = versions
    basics_block = "    - rule: rule_zone_outline_a\n      text: Under a toc subsection.\n"
    edit(
        new,
        (basics_block, ""),  # moved to another parent
        ("  - rule: step_one\n", "  - rule: rule_zone_outline_a\n    text: Under a toc "
         "subsection.\n  - rule: step_one\n"),
    )
    result = diff_of(old, new)
    moved = {m.new.id: m for m in result.renumbered}
    assert moved["rule_zone_outline_a"].reason == "moved"
    assert (moved["rule_zone_outline_a"].old.number, moved["rule_zone_outline_a"].new.number) \
        == ("10.1.5a", "10.2.1")
    assert {m.new.id for m in result.shifted} >= {"step_one", "step_two", "step_three"}
    assert result.added == [] and result.removed == [] and result.changed == []


def test_swapping_two_rules_is_a_reordering(versions: tuple[Path, Path]) -> None:
    old, new = versions
    one = "  - rule: step_one\n    text: First step.\n"
    edit(new, (one, ""), ("  - rule: step_three\n", one + "  - rule: step_three\n"))
    result = diff_of(old, new)
    reasons = {m.new.id: m.reason for m in [*result.renumbered, *result.shifted]}
    # One of the two moved (the fewest moves explain the new order); the other shifted.
    assert sorted([reasons["step_one"], reasons["step_two"]]) == ["reordered", "shifted"]
    assert "step_three" not in reasons


def test_word_diff_keeps_every_word_in_order() -> None:
    pieces = word_diff("the Runner draws 1 card", "the Corp draws 2 cards")
    assert "".join(t for op, t in pieces if op != "+") == "the Runner draws 1 card"
    assert "".join(t for op, t in pieces if op != "-") == "the Corp draws 2 cards"


def test_cli_text_and_json(versions: tuple[Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    old, new = versions
    edit(new, INSERT, REWORD)
    assert main(["--books", str(new), "diff", str(old)]) == 0
    text = capsys.readouterr().out
    assert "added      rule 10.1.1 [rule_inserted]: A brand new first rule." in text
    assert "text: A zone is a [-place.-]{+location.+}" in text
    assert "shifted by insertions or removals before them:" in text
    assert main(["diff", str(old), str(new), "--json", "--exit-code"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["format"] == "rulesref-diff"
    (book,) = data["books"]
    assert [a["id"] for a in book["added"]] == ["rule_inserted"]
    assert ["+", "location."] in book["changed"][0]["fields"][0]["words"]
    assert main(["diff", str(old), str(old), "--exit-code"]) == 0


def git(repo: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *args], cwd=repo,
                   check=True, capture_output=True)


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_two_git_revisions(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    repo = tmp_path / "repo"
    shutil.copytree(FORMAT_BOOK, repo / "rules" / "fmt")
    git(repo, "init", "-q")
    git(repo, "add", ".")
    git(repo, "commit", "-qm", "v1")
    git(repo, "tag", "v1")
    edit(repo / "rules", INSERT)
    git(repo, "commit", "-qam", "v2")
    assert main(["--books", str(repo / "rules"), "diff", "v1", "HEAD"]) == 0
    out = capsys.readouterr().out
    assert "1 added, 0 removed, 0 changed, 0 renumbered, 10 shifted" in out
    # Against the working tree (NEW left out), and a revision that does not exist.
    assert main(["--books", str(repo / "rules"), "diff", "HEAD"]) == 0
    assert "0 added" in capsys.readouterr().out
    assert main(["--books", str(repo / "rules"), "diff", "no-such-tag"]) == 2
    assert "not a folder or git revision" in capsys.readouterr().err


def edit_timing(folder: Path, *replacements: tuple[str, str]) -> None:
    path = folder / "fmt" / "11_timing_structures.yaml"
    text = path.read_text(encoding="utf-8")
    for old, new in replacements:
        assert old in text, old
        text = text.replace(old, new, 1)
    path.write_text(text, encoding="utf-8")


def test_a_step_inserted_in_a_timing_structure_shifts_the_later_steps(
    versions: tuple[Path, Path],
) -> None:
    """Timing elements have no IDs of their own: they are matched by their text."""
    old, new = versions
    edit_timing(
        new,
        ("      - text: Paid ability window.",
         "      - text: The Corp may mulligan.\n      - text: Paid ability window."),
        ("      - text: Take actions\n", "      - text: Take every action\n"),
    )
    result = diff_of(old, new)
    assert [(s.id, s.text) for s in result.added] == [
        ("sec_turn_structure_1_b", "The Corp may mulligan.")]
    assert result.removed == []
    assert [c.new.id for c in result.changed] == ["sec_turn_structure_2_a"]
    shifted = {m.old.number: m.new.number for m in result.shifted}
    assert shifted == {"11.1_1_b": "11.1_1_c", "11.1_1_c": "11.1_1_d", "11.1_1_d": "11.1_1_e"}
    assert result.renumbered == []


def test_a_step_removed_from_a_timing_structure_is_removed(versions: tuple[Path, Path]) -> None:
    old, new = versions
    edit_timing(new, ("      - text: Paid ability window. If yes, go to (c). If no, go to (d).\n",
                      ""))
    result = diff_of(old, new)
    assert [(s.id, s.number) for s in result.removed] == [("sec_turn_structure_1_b",
                                                           "11.1_1_b")]
    assert result.added == [] and result.changed == []
    assert {m.old.number: m.new.number for m in result.shifted} == {
        "11.1_1_c": "11.1_1_b", "11.1_1_d": "11.1_1_c"}
