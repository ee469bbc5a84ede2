"""``rulesref diff`` on the real rulebook (issue 20): between release 25.04 and a
version the test derives from it, with a rule added, one removed, one
reworded and one moved to another section, and a changelog written for
those changes, the diff reports exactly them, every number that moved, and
that the changelog tells them all.  The rules edited are chosen from the
files (plain one-line rules directly under a section), never named here.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from real_rulebook import copy_release, rulesref, source_items

ADDED = "rule_added_by_the_test"
ID_LINE = re.compile(r"^  - rule: (\S+)\n    text: (?![|>])([^\n]+)\n", re.M)
SECTION_LINE = re.compile(r"^- section: (\S+)$", re.M)


@dataclass(frozen=True)
class Plain:
    """A one-line rule directly under a section, with no children or examples."""

    file: Path
    id: str
    section: str


def plain_rules(release: Path) -> list[Plain]:
    found = []
    for path in sorted((release / "input").glob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        for match in ID_LINE.finditer(text):
            after = text[match.end():match.end() + 6]
            if not (after.startswith(("  - ", "- ")) or after == ""):
                continue  # its children, examples or flags follow
            section = SECTION_LINE.findall(text[:match.start()])[-1]
            found.append(Plain(path, match[1], section))
    return found


def _block(text: str, rule_id: str) -> re.Match[str]:
    found = re.search(rf"^  - rule: {re.escape(rule_id)}\n    text: [^\n]+\n", text, re.M)
    assert found is not None, rule_id
    return found


def cut(path: Path, rule_id: str) -> str:
    """Remove a plain rule from its file; returns its lines."""
    text = path.read_text(encoding="utf-8")
    found = _block(text, rule_id)
    path.write_text(text[:found.start()] + text[found.end():], encoding="utf-8")
    return found[0]


def insert_after(path: Path, rule_id: str, lines: str) -> None:
    text = path.read_text(encoding="utf-8")
    end = _block(text, rule_id).end()
    path.write_text(text[:end] + lines + text[end:], encoding="utf-8")


def derive(release: Path) -> dict[str, str]:
    """Edit ``release`` in place; returns what was done: change → ID."""
    chosen: list[Plain] = []
    for rule in plain_rules(release):  # five rules of five different sections
        if all(rule.section != c.section for c in chosen):
            chosen.append(rule)
        if len(chosen) == 5:
            break
    reword, remove, add_after, move, move_to = chosen
    text = reword.file.read_text(encoding="utf-8")
    found = _block(text, reword.id)
    reworded = found[0].rstrip("\n") + " Reworded here.\n"
    reword.file.write_text(text[:found.start()] + reworded + text[found.end():],
                           encoding="utf-8")
    cut(remove.file, remove.id)
    insert_after(add_after.file, add_after.id, f"  - rule: {ADDED}\n    text: A rule the test "
                 "added.\n")
    insert_after(move_to.file, move_to.id, cut(move.file, move.id))
    return {"reworded": reword.id, "removed": remove.id, "moved": move.id, "added": ADDED,
            "removed_from": remove.section, "moved_to": move_to.section}


def write_changelog(release: Path, done: dict[str, str], *, leave_out: str = "") -> None:
    entries = {
        "reworded": f"Reword {{ref:{done['reworded']}}}.",
        "removed": f"Remove a rule from {{ref:{done['removed_from']}}}.",
        "added": f"Add {{ref:{ADDED}}}.",
        "moved": f"Move {{ref:{done['moved']}}} to {{ref:{done['moved_to']}}}.",
    }
    lines = ["changelog:"] + [f"- text: '{text}'" for kind, text in entries.items()
                              if kind != leave_out]
    (release / "changelogs" / "99.01.yaml").write_text("\n".join(lines) + "\n",
                                                     encoding="utf-8")


def test_the_diff_reports_exactly_the_changes_made(tmp_path: Path) -> None:
    old = copy_release(tmp_path / "old")
    new = copy_release(tmp_path / "new")
    done = derive(new)
    write_changelog(new, done)
    for release in (old, new):
        init = rulesref("init", release, cwd=tmp_path)
        assert init.returncode == 0, init.stderr
    result = rulesref("diff", old, new, "--json", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "nothing left out" in result.stderr.splitlines()[-1]
    (book,) = json.loads(result.stdout)["books"]
    assert [s["id"] for s in book["added"]] == [ADDED]
    assert [s["id"] for s in book["removed"]] == [done["removed"]]
    assert [c["id"] for c in book["changed"]] == [done["reworded"]]
    (field,) = book["changed"][0]["fields"]
    assert ["+", " Reworded here."] in field["words"] or any(
        op == "+" and "Reworded" in words for op, words in field["words"])
    moved = [m for m in book["renumbered"] if m["reason"] == "moved"]
    assert [m["id"] for m in moved] == [done["moved"]]
    assert moved[0]["parent"] == done["moved_to"]
    # Every number that moved is reported, and nothing else.
    before = {i.id: i.number for i in source_items(old)}
    after = {i.id: i.number for i in source_items(new)}
    renumbered = {i for i in before.keys() & after.keys() if before[i] != after[i]}
    reported = {m["id"] for m in (*book["renumbered"], *book["shifted"])}
    assert reported == renumbered
    assert len(renumbered) > 4
    # The changelog written for these changes tells them all, and nothing else.
    changelog = book["changelog"]
    assert changelog == {"entries": 4, "agrees": True, "stale": "", "unmentioned": [],
                         "unchanged": []}


def test_the_diff_says_what_the_changelog_forgot(tmp_path: Path) -> None:
    old = copy_release(tmp_path / "old")
    new = copy_release(tmp_path / "new")
    done = derive(new)
    write_changelog(new, done, leave_out="reworded")
    for release in (old, new):
        assert rulesref("init", release, cwd=tmp_path).returncode == 0
    result = rulesref("diff", old, new, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "changelog: 3 entries; it does not tell every change" in result.stdout
    assert re.search(rf"not in the changelog: changed rule [\d.]+ \[{done['reworded']}\]",
                     result.stdout)


def test_a_release_tagged_before_its_book_toml_is_compared_as_init_reads_it(
    tmp_path: Path,
) -> None:
    """A rules repository's old tags have no book.toml: the diff reads such a
    version as ``rulesref init`` would, and says the changelog is not written
    yet when the new version still carries the old one's."""
    import subprocess

    repo = copy_release(tmp_path / "repo")
    git = ["git", "-c", "user.email=t@example.invalid", "-c", "user.name=t"]
    for command in (["init", "-q"], ["add", "-A"], ["commit", "-qm", "release"],
                    ["tag", "release"]):
        subprocess.run([*git, *command], cwd=repo, check=True, capture_output=True)
    done = derive(repo)
    assert rulesref("init", repo, cwd=tmp_path).returncode == 0
    result = rulesref("--books", repo, "diff", "release", "--json", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    (book,) = json.loads(result.stdout)["books"]
    assert [s["id"] for s in book["added"]] == [ADDED]
    assert [c["id"] for c in book["changed"]] == [done["reworded"]]
    changelog = book["changelog"]
    assert changelog["stale"] and not changelog["agrees"]
    assert {m["id"] for m in changelog["unmentioned"]} == {
        done["reworded"], done["removed"], done["moved"], ADDED}
