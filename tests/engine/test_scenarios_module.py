"""Finding and parsing scenario files."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulesref.errors import RulesSourceError
from rulesref.scenarios import (
    ExampleRef,
    doctest_blocks,
    find_scenarios,
    load_scenario,
    run_scenario,
)

GOOD = """---
backs: [rule_a#example-2, rule_b#example-1]
quote: "some words"
rules: [rule_c]
cards: [Harbinger]
---

# A title

Prose here.

```{doctest}
>>> 1 + 1
2
```
"""


def write(tmp_path: Path, text: str, name: str = "book/a-slug.md") -> Path:
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_load_a_scenario(tmp_path: Path) -> None:
    scenario = load_scenario(write(tmp_path, GOOD))
    assert scenario.book == "book"
    assert scenario.slug == "a-slug"
    assert scenario.title == "A title"
    assert scenario.backs == (ExampleRef("rule_a", 2), ExampleRef("rule_b", 1))
    assert scenario.quote == "some words"
    assert scenario.rules == ("rule_c",)
    assert scenario.cards == ("Harbinger",)
    assert scenario.covered_rules == frozenset({"rule_a", "rule_b", "rule_c"})
    assert scenario.body.startswith("\nProse here.") or scenario.body.startswith("Prose here.")
    lines = GOOD.splitlines()
    assert lines[scenario.body_line - 1] == "Prose here."
    assert str(scenario.backs[0]) == "rule_a#example-2"


def test_a_file_read_again_is_read_anew_only_when_its_text_changed(tmp_path: Path) -> None:
    """What ``rulesref serve`` relies on when it loads every scenario after each save."""
    path = write(tmp_path, GOOD)
    first = load_scenario(path)
    assert load_scenario(path) is first
    assert load_scenario(path, "other").book == "other"  # read as another book's
    path.write_text(GOOD.replace("# A title", "# Another title"), encoding="utf-8")
    again = load_scenario(path)
    assert again.title == "Another title" and load_scenario(path) is again
    path.write_text(GOOD.replace("rules: [rule_c]", "rules: [rule_c"), encoding="utf-8")
    with pytest.raises(RulesSourceError):  # a broken text is never the last good one
        load_scenario(path)


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("no front matter\n", 1, "front matter"),
        ("---\nbacks: rule_a#example-1@1A2B3C4D\n---\n# T\n", 2, "8 hexadecimal digits"),
        ("---\nrules: [r]\nbacks: [rule_a#example-1@12345]\n---\n# T\n", 3, "hexadecimal"),
        ("---\nquote: x\nbacks: rule_a#example-0\n---\n# T\n", 3, "example-<n>"),
        ("---\nrules: [r]\nsees: x\n---\n# T\n", 3, "unknown front matter key"),
        ("---\nrules: [r]\n---\nno title\n", 4, "Title"),
        ("---\ncards: [X]\n---\n# T\n", 2, "must back"),
        ("---\nrules: [r\n---\n# T\n", 2, "YAML"),
    ],
)
def test_bad_front_matter_points_at_the_line(
    tmp_path: Path, text: str, line: int, message: str
) -> None:
    path = write(tmp_path, text)
    with pytest.raises(RulesSourceError, match=message) as raised:
        load_scenario(path)
    assert raised.value.pos.file == str(path)
    assert raised.value.pos.line == line
    assert "\n" not in str(raised.value)


def test_find_scenarios_names_the_book_after_the_first_folder(tmp_path: Path) -> None:
    write(tmp_path, GOOD, "zeta/b.md")
    write(tmp_path, GOOD, "alpha/z.md")
    write(tmp_path, GOOD, "alpha/a.md")
    write(tmp_path, "not a scenario", "README.md")
    found = find_scenarios(tmp_path)
    assert [(s.book, s.slug) for s in found] == [("alpha", "a"), ("alpha", "z"), ("zeta", "b")]


def test_doctest_blocks_know_their_lines() -> None:
    blocks = doctest_blocks(GOOD)
    assert len(blocks) == 1
    assert GOOD.splitlines()[blocks[0].line - 1] == ">>> 1 + 1"


def test_run_scenario_reports_failures_at_the_file_line(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD.replace("\n2\n", "\n3\n"))
    failed, report = run_scenario(load_scenario(path))
    assert failed == 1
    assert f'File "{path}", line 13' in report
    failed, report = run_scenario(load_scenario(write(tmp_path, GOOD, "book/ok.md")))
    assert (failed, report) == (0, "")
