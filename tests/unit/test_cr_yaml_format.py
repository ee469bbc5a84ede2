"""The whole CR YAML format: bare timing structures, snippets, capitalised
reference targets, and every key at every level (the ``format`` test root)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulesref.books import load_book, load_config
from rulesref.checks import check_book
from rulesref.errors import Severity
from rulesref.model import Item, Kind, NewText, Ref, Rulebook, walk_inlines
from rulesref.numbering import Scheme, number_book, reference_text
from rulesref.readers.cr_yaml import read_chapter_text

FORMAT_BOOK = Path(__file__).resolve().parents[1] / "roots" / "test-format" / "books" / "fmt"


@pytest.fixture(scope="module")
def book() -> Rulebook:
    return load_book(load_config(FORMAT_BOOK))


def get(book: Rulebook, ident: str) -> Item:
    item = book.get(ident)
    assert item is not None, ident
    return item


def test_the_format_book_reads_without_a_problem(book: Rulebook) -> None:
    assert check_book(book) == []


def test_bare_timing_structures_are_items_without_a_number_of_their_own(book: Rulebook) -> None:
    turn = get(book, "sec_turn_structure")
    (structure,) = turn.children
    assert structure.kind is Kind.TIMING_STRUCTURE and structure.bold
    assert structure.id == "sec_turn_structure_timing"
    assert [e.label for e in structure.timing] == ["1", "2"]
    draw, action = structure.timing
    assert [e.label for e in draw.children] == ["a", "b", "c", "d"]
    assert [e.plain for e in draw.children][1].endswith("If no, go to (d).")
    assert draw.children[2].new and action.new and not draw.new
    assert get(book, "sec_turn_structure_2_a_i").plain == "Choose an action"
    # Rules after a structure keep their numbers: the structure takes none.
    run = get(book, "sec_run_structure")
    assert [c.kind for c in run.children] == [Kind.RULE, Kind.TIMING_STRUCTURE, Kind.SUBSECTION]
    assert get(book, "rule_run_intro").number == "11.2.1"
    assert get(book, "sub_run_encounter").number == "11.2.2"
    assert get(book, "rule_after_structure").number == "11.2.2a"
    # A structure inside a rule, written as the key's own list.
    inner = get(book, "rule_after_structure_timing")
    assert inner.kind is Kind.TIMING_STRUCTURE and inner.timing[0].plain == "Inside a rule"
    assert not get(book, "sub_run_encounter_timing").bold  # bold: false


@pytest.mark.parametrize(
    "form",
    [
        "  - timing_structure:\n    bold:\n    elements:\n    - text: One\n",
        "  - timing_structure:\n      bold:\n      elements:\n      - text: One\n",
        "  - timing_structure:\n    - text: One\n    bold: true\n",
    ],
    ids=["keys-beside", "keys-inside", "list-value"],
)
def test_three_spellings_of_a_bare_structure_read_the_same(form: str) -> None:
    source = "chapter: c\ntext: C\nsections:\n- section: s\n  text: S\n  rules:\n" + form
    result = read_chapter_text(source, "t.yaml")
    assert result.diagnostics == []
    (structure,) = result.chapter.children[0].children
    assert structure.kind is Kind.TIMING_STRUCTURE and structure.bold
    assert [e.plain for e in structure.timing] == ["One"]


def test_two_structures_in_one_section_have_distinct_anchors() -> None:
    source = (
        "chapter: c\ntext: C\nsections:\n- section: s\n  text: S\n  rules:\n"
        "  - timing_structure:\n    - One\n    - Two\n"
        "  - timing_structure:\n    - Three\n"
    )
    chapter = read_chapter_text(source, "t.yaml").chapter
    book = Rulebook("t", "T", [chapter])
    number_book(book, Scheme.CR, ["1"])
    first, second = chapter.children[0].children
    assert [first.id, second.id] == ["s_timing", "s_timing2"]
    # The first structure's elements are numbered as the rules team numbers them,
    # the second's keep its own ID as their prefix: no clash.
    assert [e.id for e in first.timing] == ["s_1", "s_2"]
    assert [e.id for e in second.timing] == ["s_timing2_1"]
    assert check_book(book) == []


@pytest.mark.parametrize(
    ("form", "message", "line"),
    [
        ("  - timing_structure:\n    bold:\n", "timing structure has no 'elements:'", 7),
        ("  - timing_structure:\n    - One\n    elements:\n    - Two\n",
         "a timing structure lists its elements once, not twice", 8),
    ],
    ids=["no-elements", "elements-twice"],
)
def test_a_structure_that_cannot_be_read_is_an_error_that_costs_it(
    form: str, message: str, line: int
) -> None:
    source = "chapter: c\ntext: C\nsections:\n- section: s\n  text: S\n  rules:\n"
    after = "  - rule: r\n    text: After.\n"
    result = read_chapter_text(source + form + after, "t.yaml")
    (error,) = result.diagnostics
    assert (error.severity, error.unit, error.message) == (Severity.ERROR, "item", message)
    assert (error.pos.line, error.pos.col) == (line, 5)
    structure, rule = result.chapter.children[0].children
    assert structure.kind is Kind.TIMING_STRUCTURE and structure.unreadable == message
    assert (rule.id, rule.plain) == ("r", "After.")


def test_an_unknown_key_in_a_structure_is_reported_not_dropped() -> None:
    source = (
        "chapter: c\ntext: C\nsections:\n- section: s\n  text: S\n  rules:\n"
        "  - timing_structure:\n    colour: red\n    elements:\n    - One\n"
    )
    result = read_chapter_text(source, "t.yaml")
    assert [d.subtype for d in result.diagnostics] == ["unknown-key"]
    assert "'colour'" in result.diagnostics[0].message


def refs(item: Item) -> list[Ref]:
    return [node for node in walk_inlines(item.text) if isinstance(node, Ref)]


def test_capitalised_targets_resolve_to_the_lowercase_id(book: Rulebook) -> None:
    first, second = refs(get(book, "rule_zone_basics"))[0:2]
    assert first.capital and first.ids == ("rule_zone_new",)  # {Ref:…} as before
    assert second.ids == ("rule_zone_new", "rule_zone_basics")
    assert second.written == ("Rule_zone_new", "rule_zone_basics")
    assert second.capitalised and not second.capital
    items = [get(book, i) for i in second.ids]
    assert reference_text(items, capital=second.capitalised) == "Rules 10.1.2 and 10.1.1"
    (through,) = refs(get(book, "rule_run_intro"))
    assert through.through and through.ids == ("step_one", "step_three")
    assert through.capitalised
    # In snippets and new text too.
    snippet_refs = [n for n in walk_inlines(get(book, "sec_zones").snippet or ()) if
                    isinstance(n, Ref)]
    assert snippet_refs[0].ids == ("sec_steps",) and snippet_refs[0].capitalised
    new_text = get(book, "rule_zone_new").text
    assert isinstance(new_text[0], NewText)


def test_an_unknown_capitalised_target_stays_unresolved_as_written() -> None:
    source = (
        "chapter: c\ntext: C\nsections:\n- section: s\n  text: S\n  rules:\n"
        "  - rule: r\n    text: See {ref:Nowhere} and {ref:TODO}.\n"
    )
    chapter = read_chapter_text(source, "t.yaml").chapter
    book = Rulebook("t", "T", [chapter])
    number_book(book, Scheme.CR, ["1"])
    messages = [d.message for d in check_book(book)]
    assert any("'Nowhere'" in m for m in messages)
    assert any("TODO" in m for m in messages)
    nowhere, todo = refs(chapter.children[0].children[0])
    assert nowhere.capitalised and not todo.capitalised  # "TODO" is not a capital start


def test_every_key_is_read_at_every_level(book: Rulebook) -> None:
    chapter = get(book, "chpt_structure")
    assert chapter.new and chapter.snippet and isinstance(chapter.text[1], NewText)
    zones = get(book, "sec_zones")
    assert zones.new and zones.toc and zones.toc_entry and zones.snippet
    details = get(book, "sub_zone_details")
    assert details.new and details.snippet and not details.toc
    assert get(book, "sub_zone_outline").toc
    heading = get(book, "rule_zone_heading")  # a rule shown as a heading
    assert heading.kind is Kind.RULE and heading.is_heading and heading.number == "10.1.4"
    assert heading.toc_entry and heading.snippet and heading.new and heading.examples
    steps = get(book, "sec_steps")
    assert steps.steps and steps.snippet
    assert get(book, "step_two").kind is Kind.STEP and get(book, "step_two").new
    assert get(book, "step_three_a").kind is Kind.STEP
    toc_steps = get(book, "sub_steps_toc")
    assert toc_steps.toc_entry and toc_steps.steps and toc_steps.new
    assert get(book, "step_toc_one").kind is Kind.STEP
    basics = get(book, "rule_zone_basics")
    assert [e.new for e in basics.examples] == [False, True]
    attached = get(book, "rule_zone_details_a").timing
    assert attached[0].bold and attached[0].children[0].plain == "Attached nested"
    assert get(book, "rule_zone_new_a").new


def test_a_structure_id_is_kept_and_its_anchor_escaped() -> None:
    source = (
        "chapter: c\ntext: C\nsections:\n- section: s\n  text: S\n  rules:\n"
        "  - timing_structure:\n      id: bad id\n      elements:\n      - One\n"
    )
    result = read_chapter_text(source, "t.yaml")
    (warning,) = result.diagnostics
    assert (warning.subtype, warning.severity) == ("escaped-id", Severity.WARNING)
    assert (warning.pos.line, warning.pos.col) == (8, 11)
    (structure,) = result.chapter.children[0].children
    assert structure.id == "bad id" and structure.anchor == "bad.20id"
