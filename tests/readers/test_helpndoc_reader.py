from __future__ import annotations

from collections.abc import Callable

import pytest
from reader_helpers import get, seed_book

from rulesref.books import BookConfig, load_book
from rulesref.errors import Position
from rulesref.model import Kind, Rulebook, Symbol, Text, plain_text

FILE = "seeds/targets-and-costs/targets_and_costs.helpndoc.md"

EXPECTED = [
    # (id, number, kind, text starts, example texts start)
    ("tc_1", "1", Kind.CHAPTER, "Targets and Costs", []),
    ("tc_1_1", "1.1", Kind.SECTION, "Targets", []),
    ("tc_1_1_1", "1.1.1", Kind.RULE, "Many abilities require players to choose",
     ["Top Hat reads in part", "One of the subroutines on Colossus", "Trick of Light reads"]),
    ("tc_1_1_1a", "1.1.1a", Kind.RULE, "Cards found during a search", []),
    ("tc_1_1_1b", "1.1.1b", Kind.RULE, "Only cards and counters", []),
    ("tc_1_1_2", "1.1.2", Kind.RULE, "Immediately before an instruction becomes imminent", []),
    ("tc_1_1_2a", "1.1.2a", Kind.RULE, "When a player announces", []),
    ("tc_1_1_2b", "1.1.2b", Kind.RULE, "The player resolving", []),
    ("tc_1_1_2c", "1.1.2c", Kind.RULE, "Unless an instruction explicitly specifies",
     ["The Corp resolves a subroutine"]),
    ("tc_1_1_2d", "1.1.2d", Kind.RULE, "Some effects allow a player to choose multiple", []),
    ("tc_1_1_2e", "1.1.2e", Kind.RULE, "A player may announce",
     ["The Runner accesses an Aggressive Secretary"]),
    ("tc_1_1_2f", "1.1.2f", Kind.RULE, "Targets cannot be chosen for an instruction at any "
     "other time", []),
    ("tc_1_1_3", "1.1.3", Kind.RULE, "At the time an instruction resolves", []),
    ("tc_1_1_4", "1.1.4", Kind.RULE, "After the instruction that targeted", []),
    ("tc_1_1_4a", "1.1.4a", Kind.RULE, "If an ability has instructions remaining",
     ["Howler\u2019s ability targets"]),
    ("tc_1_2", "1.2", Kind.SECTION, "Costs", []),
    ("tc_1_2_1", "1.2.1", Kind.RULE, "In order to initiate", []),
    ("tc_1_2_1a", "1.2.1a", Kind.RULE, "The act of paying a cost cannot be modified",
     ["The Runner can trash Clone Chip"]),
    ("tc_1_2_1b", "1.2.1b", Kind.RULE, "If a static ability",
     ["The Runner cannot pay the additional cost to steal Obokata Protocol while Guru "
      "Davinder"]),
    ("tc_1_2_1c", "1.2.1c", Kind.RULE, "If a cost is subject to effects modifying its value",
     []),
    ("tc_1_2_1d", "1.2.1d", Kind.RULE, "A cost of 0",
     ["If Freedom Khumalo: Crypto-Anarchist accesses"]),
    ("tc_1_2_2", "1.2.2", Kind.RULE, "After a player pays a cost", []),
    ("tc_1_2_3", "1.2.3", Kind.RULE, "Some cards have a printed play or install cost of X", []),
    ("tc_1_2_3a", "1.2.3a", Kind.RULE, "If the play or install cost", []),
    ("tc_1_2_4", "1.2.4", Kind.RULE, "There are six main types of costs", []),
]


def test_book_title(targets_and_costs: Rulebook) -> None:
    assert targets_and_costs.title == "Targets and Costs (older CR edition)"


def test_the_whole_outline(targets_and_costs: Rulebook) -> None:
    found = [
        (item.id, item.number, item.kind, item.plain,
         [plain_text(example.text) for example in item.examples])
        for item in targets_and_costs.items()
    ]
    assert [row[:3] for row in found] == [row[:3] for row in EXPECTED]
    for (item_id, _, _, text, examples), (_, _, _, starts, example_starts) in zip(
        found, EXPECTED, strict=True
    ):
        assert text.startswith(starts), item_id
        assert len(examples) == len(example_starts), item_id
        for example, example_start in zip(examples, example_starts, strict=True):
            assert example.startswith(example_start), item_id


def test_nesting(targets_and_costs: Rulebook) -> None:
    assert [c.id for c in get(targets_and_costs, "tc_1_1_2").children] == [
        f"tc_1_1_2{letter}" for letter in "abcdef"
    ]
    assert [c.id for c in get(targets_and_costs, "tc_1_1_1").children] == [
        "tc_1_1_1a", "tc_1_1_1b"
    ]
    assert [c.id for c in get(targets_and_costs, "tc_1_2").children] == [
        "tc_1_2_1", "tc_1_2_2", "tc_1_2_3", "tc_1_2_4"
    ]
    assert [c.label for c in get(targets_and_costs, "tc_1_2_1").children] == list("abcd")


def test_bold_is_stripped_and_bold_words_kept(targets_and_costs: Rulebook) -> None:
    assert get(targets_and_costs, "tc_1_1_1a").plain.startswith("Cards found during a search")
    assert "**" not in "".join(i.plain for i in targets_and_costs.items())
    assert "all at once with cards and counters they control" in get(
        targets_and_costs, "tc_1_2_1").plain
    assert get(targets_and_costs, "tc_1_2_1b").plain.startswith(
        "If a static ability or a mandatory conditional ability interrupt would prevent")


def test_escapes_and_symbols(targets_and_costs: Rulebook) -> None:
    top_hat = plain_text(get(targets_and_costs, "tc_1_1_1").examples[0].text)
    assert "cards of R&D and access it" in top_hat and "\\" not in top_hat
    [example] = get(targets_and_costs, "tc_1_1_2c").examples
    symbols = [node for node in example.text if isinstance(node, Symbol)]
    assert [(s.name, s.source) for s in symbols] == [("subroutine", "[sub]")]
    assert symbols[0].pos == Position(FILE, 21, 56)  # the "[" of "\\[sub\\]"


def test_cross_references_stay_text(targets_and_costs: Rulebook) -> None:
    assert get(targets_and_costs, "tc_1_2_2").plain == (
        "After a player pays a cost, a checkpoint occurs. See rule 10.3.")
    assert "See section 4.2 for rules about searching." in get(
        targets_and_costs, "tc_1_1_1a").plain
    assert "(see rule 8.2.10)" in plain_text(get(targets_and_costs, "tc_1_1_4a").examples[0].text)


def test_footer_and_placeholders_are_dropped(targets_and_costs: Rulebook) -> None:
    everything = " ".join(
        [item.plain for item in targets_and_costs.items()]
        + [plain_text(example.text) for _, example in targets_and_costs.examples()]
    )
    assert "HelpNDoc" not in everything and "Created with" not in everything
    assert "\xa0" not in everything
    assert all(item.plain.strip() for item in targets_and_costs.items())


def test_positions(targets_and_costs: Rulebook) -> None:
    assert get(targets_and_costs, "tc_1_1_1").pos == Position(FILE, 1, 1)
    assert get(targets_and_costs, "tc_1_1_1a").pos == Position(FILE, 14, 10)
    assert get(targets_and_costs, "tc_1_1_2").pos == Position(FILE, 16, 7)
    assert get(targets_and_costs, "tc_1_2").pos == Position(FILE, 44, 4)
    [first] = get(targets_and_costs, "tc_1_1_1a").text
    assert isinstance(first, Text) and first.pos == Position(FILE, 14, 15)  # after '**'
    top_hat = get(targets_and_costs, "tc_1_1_1").examples[0]
    assert top_hat.pos == Position(FILE, 3, 13)  # after '***Example: '
    clone_chip = get(targets_and_costs, "tc_1_2_1a").examples[0]
    assert clone_chip.pos == Position(FILE, 48, 11)  # after '*Example: '
    for item in targets_and_costs.items():
        assert item.pos.file == FILE
    for _, example in targets_and_costs.examples():
        assert example.pos.file == FILE


def test_example_anchors(targets_and_costs: Rulebook) -> None:
    anchors = [example.anchor for _, example in targets_and_costs.examples()]
    assert anchors == [
        "tc_1_1_1-example-1", "tc_1_1_1-example-2", "tc_1_1_1-example-3",
        "tc_1_1_2c-example-1", "tc_1_1_2e-example-1", "tc_1_1_4a-example-1",
        "tc_1_2_1a-example-1", "tc_1_2_1b-example-1", "tc_1_2_1d-example-1",
    ]


def test_ids_are_stable_across_reads(targets_and_costs: Rulebook) -> None:
    again = seed_book("targets-and-costs")
    assert [(i.id, i.number, i.plain) for i in again.items()] == [
        (i.id, i.number, i.plain) for i in targets_and_costs.items()
    ]


HELPNDOC = """\
# A THING is defined here.

1. &nbsp;
   1. &nbsp;
      1. &nbsp;
         1. **Its first sub-rule.**
      1. **A second rule.**

*Example: shows [click] and {braces}.*
"""


def test_section_title_from_the_options(make_book: Callable[..., BookConfig]) -> None:
    config = make_book("helpndoc", "t.md", HELPNDOC, numbering="cr", number="3",
                       extra='[options.section_titles]\n"3.1" = "Things"\n')
    book = load_book(config)
    assert get(book, "x_3_1").plain == "Things"
    assert [i.id for i in book.items()] == ["x_3", "x_3_1", "x_3_1_1", "x_3_1_1a", "x_3_1_2"]


def test_section_title_from_the_defined_term(make_book: Callable[..., BookConfig]) -> None:
    book = load_book(make_book("helpndoc", "t.md", HELPNDOC, numbering="cr", number="3"))
    assert get(book, "x_3_1").plain == "Things"
    [example] = get(book, "x_3_1_2").examples
    assert plain_text(example.text) == "shows [click] and {braces}."  # braces stay text
    assert any(isinstance(node, Symbol) for node in example.text)


def test_untitled_section_is_reported(make_book: Callable[..., BookConfig]) -> None:
    source = HELPNDOC.replace("A THING", "A thing")
    book = load_book(make_book("helpndoc", "t.md", source, numbering="cr", number="3"))
    [diagnostic] = book.diagnostics
    assert diagnostic.subtype == "untitled-section"
    assert "section 3.1 has no title" in diagnostic.message


def test_symbols_can_be_turned_off(make_book: Callable[..., BookConfig]) -> None:
    book = load_book(make_book("helpndoc", "t.md", HELPNDOC, numbering="cr", number="3",
                               extra="[options]\nsymbols = false\n"))
    [example] = get(book, "x_3_1_2").examples
    assert all(isinstance(node, Text) for node in example.text)


@pytest.mark.parametrize("name", ["technomancy", "targets-and-costs", "netrunner-1996"])
def test_books_load_without_diagnostics(name: str) -> None:
    assert seed_book(name).diagnostics == []
