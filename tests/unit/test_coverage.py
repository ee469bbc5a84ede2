from __future__ import annotations

from pathlib import Path

import pytest

from rulesref.books import load_book, load_config
from rulesref.coverage import coverage
from rulesref.model import Rulebook
from rulesref.scenarios import load_scenario

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def cr() -> Rulebook:
    return load_book(load_config(ROOT / "seeds" / "netrunner-cr"))


def scenario(tmp_path: Path, name: str, front: str) -> Path:
    path = tmp_path / "netrunner-cr" / f"{name}.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"---\n{front}---\n# {name}\nProse.\n\n```{{doctest}}\n>>> 1 + 1\n2\n```\n")
    return path


def test_backed_example_and_rules(cr: Rulebook, tmp_path: Path) -> None:
    good = load_scenario(scenario(
        tmp_path, "good",
        "backs: rule_cancelled_movement#example-1\nquote: \"Sacrificial  Construct to prevent\"\n"
        "rules: [rule_rez_procedure]\n",
    ))
    result = coverage([cr], [good])["netrunner-cr"]
    assert result.problems == []
    assert result.by_example["rule_cancelled_movement-example-1"].scenarios == [good]
    assert result.by_rule["rule_cancelled_movement"].covered
    assert result.by_rule["rule_rez_procedure"].covered
    assert not result.by_rule["rule_derez_procedure"].covered
    assert len(result.unbacked) == 3


@pytest.mark.parametrize(
    ("front", "message"),
    [
        ("backs: rule_cancelled_movement#example-1\nquote: Harbinger\n", "is not in the text"),
        ("backs: rule_cancelled_movement#example-2\nquote: x\n", "has 1 example(s)"),
        ("backs: rule_nowhere#example-1\nquote: x\n", "backs unknown rule 'rule_nowhere'"),
        ("rules: [rule_typo]\n", "names unknown rule 'rule_typo'"),
    ],
)
def test_wrong_links_are_reported_not_counted(cr: Rulebook, tmp_path: Path, front: str,
                                              message: str) -> None:
    bad = load_scenario(scenario(tmp_path, "bad", front))
    result = coverage([cr], [bad])["netrunner-cr"]
    assert len(result.problems) == 1 and message in result.problems[0].message
    assert all(not e.backed for e in result.examples)
