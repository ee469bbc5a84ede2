from __future__ import annotations

from collections.abc import Callable

import pytest
from reader_helpers import get, seed_book

from rulesref.books import BookConfig, load_book
from rulesref.errors import Position
from rulesref.model import Kind, Rulebook, Text, plain_text
from rulesref.readers.plain_text import is_body_paragraph, slug, title_case

FILE = "seeds/netrunner-1996/card_effects_and_costs.txt"


def test_outline(netrunner_1996: Rulebook) -> None:
    assert [(i.id, i.kind, i.number) for i in netrunner_1996.items()] == [
        ("nr96", Kind.CHAPTER, ""),
        ("nr96_card_effects_and_costs", Kind.SECTION, "1"),
        ("nr96_card_effects_and_costs_1", Kind.RULE, "1.1"),
        ("nr96_card_effects_and_costs_2", Kind.RULE, "1.2"),
        ("nr96_keywords", Kind.SECTION, "2"),
        ("nr96_keywords_1", Kind.RULE, "2.1"),
    ]


def test_titles(netrunner_1996: Rulebook) -> None:
    assert get(netrunner_1996, "nr96_card_effects_and_costs").plain == "Card Effects and Costs"
    assert get(netrunner_1996, "nr96_keywords").plain == "Keywords"


def test_rules(netrunner_1996: Rulebook) -> None:
    first = get(netrunner_1996, "nr96_card_effects_and_costs_1").plain
    assert first.startswith('Certain card abilities are written as "cost(s): effect."')
    assert first.endswith("we can only use that ability when we could normally take an action.")
    second = get(netrunner_1996, "nr96_card_effects_and_costs_2").plain
    assert second.startswith("Resolving a card effect involves")
    assert second.endswith("we must pay the rez cost.")
    keywords = get(netrunner_1996, "nr96_keywords_1").plain
    assert keywords.startswith("A card's keywords are")
    # The second paragraph of the entry stays in the rule, joined with a space.
    assert "falls under. Both we and the Runner have several cards" in keywords
    assert keywords.endswith("whether it can be subject to a card effect.")


def test_examples(netrunner_1996: Rulebook) -> None:
    [examples] = [get(netrunner_1996, "nr96_card_effects_and_costs_1").examples]
    assert [plain_text(e.text) for e in examples] == ["A card reads:"]
    [effects] = get(netrunner_1996, "nr96_card_effects_and_costs_2").examples
    text = plain_text(effects.text)
    assert text.startswith(
        "Example Effects: An operation card reads: Add four advancement counters to any "
        "combination of installed cards that can be advanced. Adding four counters is an "
        "extension of the action of playing this card:"
    )
    assert "A program card reads: : Make a run on the Archives." in text
    assert text.endswith(
        "take the action required by the action-button icon ( )--not one action to use the "
        "program and another to make the run."
    )
    [black_ops] = get(netrunner_1996, "nr96_keywords_1").examples
    assert plain_text(black_ops.text) == (
        "A card reads: Score 1 agenda point if you liberated any Black Ops agendas this turn. "
        "If the Runner plays this card, and had stolen any agenda with the words \"Black Ops\" "
        "in its keyword line during the turn, he or she would score 1 extra agenda point."
    )
    assert black_ops.anchor == "nr96_keywords_1-example-1"


def test_positions(netrunner_1996: Rulebook) -> None:
    assert get(netrunner_1996, "nr96_card_effects_and_costs").pos == Position(FILE, 1, 1)
    assert get(netrunner_1996, "nr96_card_effects_and_costs_1").pos == Position(FILE, 1, 25)
    assert get(netrunner_1996, "nr96_card_effects_and_costs_2").pos == Position(FILE, 4, 1)
    assert get(netrunner_1996, "nr96_keywords_1").pos == Position(FILE, 16, 11)
    [example] = get(netrunner_1996, "nr96_keywords_1").examples
    assert example.pos == Position(FILE, 18, 1)
    [text] = example.text
    assert isinstance(text, Text) and text.pos == Position(FILE, 19, 1)


def test_ids_are_stable_across_reads(netrunner_1996: Rulebook) -> None:
    again = seed_book("netrunner-1996")
    assert [(i.id, i.number, i.plain) for i in again.items()] == [
        (i.id, i.number, i.plain) for i in netrunner_1996.items()
    ]


def test_helpers() -> None:
    assert title_case("CARD EFFECTS AND COSTS") == "Card Effects and Costs"
    assert title_case("THE RULES OF THE GAME") == "The Rules of the Game"
    assert slug("CARD EFFECTS AND COSTS") == "card_effects_and_costs"
    long_prose = "The rulebook goes on. " * 12
    assert is_body_paragraph(long_prose)
    assert not is_body_paragraph(": " + long_prose)  # card text that lost its icon
    assert not is_body_paragraph(long_prose + "and is wrapped")  # continues on the next line
    assert not is_body_paragraph("Gain 2 bits.")  # short: card text


BODY = "Body text goes on here and keeps going for a while, as rulebook prose does. " * 3


@pytest.mark.parametrize(
    ("source", "rules", "examples"),
    [
        # A card intro followed by body prose: the block ends, the prose is the next rule.
        (f"FOO: First.\nExample:\nA card reads:\n{BODY.strip()}\n", 2, ["A card reads:"]),
        # Card text follows the intro: everything up to the next heading is the example.
        ("FOO: First.\nExample:\nA card reads:\nGain 2 bits.\nSo you gain 2 bits.\n"
         "BAR: Second.\n", 2, ["A card reads: Gain 2 bits. So you gain 2 bits."]),
        # Long prose after an explanation stays in the example: only the intro line counts.
        (f"FOO: First.\nExample: Something happens.\n{BODY.strip()}\n", 1,
         ["Something happens. " + BODY.strip()]),
        # An example label always starts a new example of the same rule.
        ("FOO: First.\nExample: One.\nExample: Two.\n", 1, ["One.", "Two."]),
    ],
)
def test_example_block_ends(
    make_book: Callable[..., BookConfig], source: str, rules: int, examples: list[str]
) -> None:
    book = load_book(make_book("plain-text", "r.txt", source))
    found_rules = [i for i in book.items() if i.kind is Kind.RULE]
    assert sum(1 for _ in found_rules) == rules
    assert [plain_text(e.text) for _, e in book.examples()] == examples
    assert [item.id for item, _ in book.examples()] == ["x_foo_1"] * len(examples)


def test_heading_on_its_own_line(make_book: Callable[..., BookConfig]) -> None:
    book = load_book(make_book("plain-text", "r.txt", "THE GAME:\nIt is played\nby two.\n"))
    assert [(i.id, i.plain) for i in book.items()][1:] == [
        ("x_the_game", "The Game"), ("x_the_game_1", "It is played by two.")
    ]
