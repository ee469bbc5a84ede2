"""``rulesref export``: versioned JSON that validates against the shipped schema,
with every item's text as a tree and as shown, its terms, cards, referrers and
scenarios (their status from running them, or "not run")."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from rulesref.book_toml import load_config
from rulesref.books import load_book
from rulesref.cli import main
from rulesref.export import SCHEMA_VERSION, Backed, ScenarioResult, export_data, schema
from rulesref.scenario_keys import text_hash

REPO = Path(__file__).resolve().parents[2]
FORMAT_BOOK = REPO / "tests" / "roots" / "test-format" / "books" / "fmt"


def validate(data: dict[str, Any]) -> None:
    jsonschema.Draft202012Validator.check_schema(schema())
    jsonschema.Draft202012Validator(
        schema(), format_checker=jsonschema.FormatChecker()
    ).validate(data)


def items(data: dict[str, Any]) -> Iterator[dict[str, Any]]:
    def walk(entries: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
        for entry in entries:
            yield entry
            yield from walk(entry["timing"])
            yield from walk(entry["children"])

    for book in data["books"]:
        yield from walk(book["chapters"])


def by_id(data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {entry["id"]: entry for entry in items(data)}


def run_export(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    assert main(argv) == 0
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    return data


def test_the_seeds_export_validates_and_runs_the_scenarios(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(REPO)
    data = run_export(["export", "--book", "netrunner-cr", "-o", "-"], capsys)
    validate(data)
    assert data["format"] == "rulesref-export" and data["version"] == SCHEMA_VERSION
    assert data["scenarios_run"] is True
    found = by_id(data)
    book = load_book(load_config(REPO / "seeds" / "netrunner-cr"))
    assert set(found) == {item.id for item in book.items()}  # every item, nothing more
    rez = found["rule_rez_procedure"]
    assert rez["number"] == "8.1.2e" and rez["kind"] == "rule"
    # Each status is what running that scenario gives.
    from rulesref.scenarios import load_scenario, run_scenario

    shown = {s["path"]: s["status"] for entry in found.values() for s in entry["scenarios"]}
    assert len(shown) > 10
    for path, status in shown.items():
        failures, _report = run_scenario(load_scenario(REPO / path, "netrunner-cr"))
        assert status == ("failed" if failures else "passed"), path
    backed = [e for entry in found.values() for e in entry["examples"] if e["scenarios"]]
    assert backed and all(s["path"].startswith("src/rulesref/data/scenarios/netrunner-cr/")
                          for e in backed for s in e["scenarios"])
    # Each example carries the hash of its text; a scenario written against it that
    # passes verifies it.
    hashes = {e.id: text_hash(e) for item in book.items() for e in item.examples}
    for entry in found.values():
        for example in entry["examples"]:
            assert example["text_hash"] == hashes[example["id"]]
            assert example["verified"] == any(
                s["status"] == "passed" and s["text_hash"] == example["text_hash"]
                for s in example["scenarios"])
    assert all(e["verified"] for e in backed)
    # A reference is written as the document writes it, and its target knows who cites it.
    citing = [(ident, entry) for ident, entry in found.items() if "rule 8.1.2e" in
              entry["text"]["plain"]]
    for ident, _entry in citing:
        assert ident in found["rule_rez_procedure"]["referenced_by"]
    terms = {t["key"] for entry in found.values() for t in entry["terms"]}
    assert "rez" in terms


def test_no_run_marks_every_scenario_not_run(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(REPO)
    data = run_export(["export", "--book", "netrunner-cr", "--no-run"], capsys)
    validate(data)
    assert data["scenarios_run"] is False
    statuses = {s["status"] for entry in items(data) for s in entry["scenarios"]}
    assert statuses == {"not run"}


def test_the_whole_format_exports(tmp_path: Path) -> None:
    book = load_book(load_config(FORMAT_BOOK))
    data = export_data([book], scenarios_run=False)
    validate(data)
    found = by_id(data)
    structure = found["sec_turn_structure_timing"]
    assert structure["kind"] == "timing_structure" and structure["bold"] is True
    assert [e["label"] for e in structure["timing"]] == ["1", "2"]
    assert structure["timing"][0]["timing"] == []  # nested elements are children
    assert [e["label"] for e in structure["timing"][0]["children"]] == ["a", "b", "c", "d"]
    assert found["sec_turn_structure_1_c"]["new"] is True
    # Plain text writes references as the page shows them, capitals included.
    basics = found["rule_zone_basics"]["text"]
    assert basics["plain"] == ("A zone is a place. See Rule 10.1.2 and Rules 10.1.2 and 10.1.1.")
    capital = basics["markup"][5]
    assert capital == {"ref": ["rule_zone_new", "rule_zone_basics"],
                       "written": ["Rule_zone_new", "rule_zone_basics"], "capital": True}
    assert found["sec_zones"]["snippet"]["plain"].endswith("see Section 10.2.")
    assert "rule_zone_basics" in found["rule_zone_new"]["referenced_by"]
    assert found["rule_zone_basics"]["terms"] == [{"text": "zone", "key": "zone"}]


def test_cards_carry_their_netrunnerdb_link() -> None:
    book = load_book(load_config(REPO / "tests" / "roots" / "test-basic" / "books" / "mini"))
    data = export_data([book], [ScenarioResult("mini", "s", "S", "p.md", "failed",
                                               (Backed("rule_mini_ping_again-example-1"),))],
                       scenarios_run=True)
    validate(data)
    ping = by_id(data)["rule_mini_ping_again"]
    cards = {c["name"]: c.get("url") for c in ping["cards"]}
    assert cards["Harbinger"] and cards["Harbinger"].startswith("https://netrunnerdb.com/")
    assert cards["Not A Real Card"] is None
    assert ping["scenarios"][0]["status"] == "failed"
    assert ping["examples"][0]["scenarios"][0]["slug"] == "s"
    assert ping["examples"][1]["scenarios"] == []


def test_a_broken_export_does_not_validate() -> None:
    book = load_book(load_config(FORMAT_BOOK))
    data = export_data([book], scenarios_run=False)
    del data["books"][0]["chapters"][0]["number"]
    with pytest.raises(jsonschema.ValidationError):
        validate(data)
