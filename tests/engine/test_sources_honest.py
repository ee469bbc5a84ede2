"""The engine cites real rule IDs, and carries behaviour, never card text."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

from real_rulebook import reference
from rulesref.scenarios import LIBRARY, find_scenarios

ROOT = Path(__file__).resolve().parents[2]
SEEDS = ROOT / "seeds" / "netrunner-cr"
ENGINE_SOURCES = [
    *sorted((ROOT / "src" / "rulesref" / "engine").rglob("*.py")),
    *sorted((ROOT / "src" / "rulesref" / "games" / "netrunner").rglob("*.py")),
]
SCENARIO_FILES = sorted(LIBRARY.glob("netrunner-cr/*.md")) + sorted(
    LIBRARY.glob("targets-and-costs/*.md")
)

#: The IDs the Targets and Costs document is rendered with (chapter 1: 1.1 Targets, 1.2 Costs).
TC_IDS = frozenset(
    {
        "tc_1_1",
        "tc_1_1_1",
        "tc_1_1_1a",
        "tc_1_1_1b",
        "tc_1_1_2",
        "tc_1_1_2a",
        "tc_1_1_2b",
        "tc_1_1_2c",
        "tc_1_1_2d",
        "tc_1_1_2e",
        "tc_1_1_2f",
        "tc_1_1_3",
        "tc_1_1_4",
        "tc_1_1_4a",
        "tc_1_2",
        "tc_1_2_1",
        "tc_1_2_1a",
        "tc_1_2_1b",
        "tc_1_2_1c",
        "tc_1_2_1d",
        "tc_1_2_2",
        "tc_1_2_3",
        "tc_1_2_3a",
        "tc_1_2_4",
    }
)
#: A rule ID as a whole string literal ("rule_rez_procedure").
RULE_ID = re.compile(r"(?<=[\"'])(?:rule|step|movement|sec|subsec|chpt|tc)_[a-z0-9_]+(?=[\"'])")


def cr_ids() -> dict[str, list[str]]:
    """Every ID in the CR seeds, with the texts of its examples."""
    found: dict[str, list[str]] = {}

    def walk(node: object) -> None:
        if isinstance(node, dict):
            for key in ("chapter", "section", "subsection", "rule"):
                if key in node:
                    found[str(node[key])] = [str(e["text"]) for e in node.get("examples") or []]
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    for path in sorted(SEEDS.glob("*.yaml")):
        walk(yaml.safe_load(path.read_text(encoding="utf-8")))
    return found


def test_every_rule_id_the_engine_cites_exists() -> None:
    """Each ID is a seed's, a Targets and Costs one, or the real rulebook's (chapters 6, 7
    and 9 are the spec of runs, access and abilities), read from its files."""
    known = set(cr_ids()) | TC_IDS
    cited = {
        (path.name, match)
        for path in ENGINE_SOURCES
        for match in RULE_ID.findall(path.read_text(encoding="utf-8"))
    }
    assert len(cited) > 40
    unknown = sorted((name, rule) for name, rule in cited if rule not in known)
    if unknown:
        real = real_rulebook_ids(reference())
        unknown = [(name, rule) for name, rule in unknown if rule not in real]
    assert not unknown


def real_rulebook_ids(folder: Path) -> set[str]:
    """Every ID of the real rulebook's chapter files (rules, sections, steps ...)."""
    found: set[str] = set()

    def walk(node: object) -> None:
        if isinstance(node, dict):
            for key in ("chapter", "section", "subsection", "rule"):
                if isinstance(node.get(key), str):
                    found.add(node[key])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    for path in sorted((folder / "input").glob("*.yaml")):
        walk(yaml.safe_load(path.read_text(encoding="utf-8")))
    return found


def test_scenarios_name_real_rules_and_quote_their_examples() -> None:
    ids = cr_ids()
    tc_text = " ".join(
        (ROOT / "seeds" / "targets-and-costs" / "targets_and_costs.helpndoc.md")
        .read_text(encoding="utf-8")
        .replace("\\", "")
        .split()
    )
    scenarios = find_scenarios(LIBRARY)
    mine = [s for s in scenarios if s.book in ("netrunner-cr", "targets-and-costs")]
    assert len(mine) >= 25
    for scenario in mine:
        known = set(ids) if scenario.book == "netrunner-cr" else TC_IDS
        assert scenario.covered_rules <= known, (scenario.slug, scenario.covered_rules - known)
        for ref in scenario.backs:
            assert scenario.quote
            if scenario.book == "netrunner-cr":
                examples = ids[ref.rule_id]
                assert ref.index <= len(examples), scenario.slug
                assert scenario.quote in " ".join(examples[ref.index - 1].split()), scenario.slug
            else:
                assert " ".join(scenario.quote.split()) in tc_text, scenario.slug


REFERENCE = Path("/work/shared/reference/example-cards.json")


@pytest.mark.skipif(not REFERENCE.exists(), reason="card text reference not available")
def test_no_card_text_is_copied_into_the_project() -> None:
    cards = json.loads(REFERENCE.read_text(encoding="utf-8"))
    fragments = set()
    for card in cards.values():
        words = re.sub(r"[^a-z0-9 ]", " ", card["stripped_text"].lower()).split()
        fragments |= {" ".join(words[i : i + 6]) for i in range(len(words) - 5)}
    for path in [*ENGINE_SOURCES, *SCENARIO_FILES]:
        text = " ".join(
            re.sub(r"[^a-z0-9 ]", " ", path.read_text(encoding="utf-8").lower()).split()
        )
        copied = sorted(f for f in fragments if f in text)
        assert not copied, (path.name, copied)
