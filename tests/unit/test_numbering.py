from __future__ import annotations

from pathlib import Path

import pytest

from rulesref.books import load_book, load_config
from rulesref.errors import Position
from rulesref.model import Item, Kind, Rulebook
from rulesref.numbering import Scheme, letters, number_book, reference_text, roman
from rulesref.readers.cr_yaml import read_chapter_text

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def cr() -> Rulebook:
    return load_book(load_config(ROOT / "seeds" / "netrunner-cr"))


def test_letters_do_not_stop() -> None:
    assert [letters(i) for i in (1, 14, 15, 26, 27, 28, 52, 53)] == [
        "a", "n", "o", "z", "aa", "ab", "az", "ba"]
    assert roman(4) == "iv" and roman(9) == "ix"


@pytest.mark.parametrize(
    ("item_id", "number", "kind"),
    [
        ("chpt_game_zones", "4", Kind.CHAPTER),
        ("chpt_card_manipulation", "8", Kind.CHAPTER),
        ("sec_deck", "4.2", Kind.SECTION),
        ("rule_zone", "4.1.1", Kind.SUBSECTION),
        ("rule_outside_game", "4.1.3", Kind.RULE),
        ("rule_deck_order_while_searching", "4.2.3a", Kind.RULE),
        ("rule_rez_procedure", "8.1.2e", Kind.RULE),
        ("movement_trash", "8.2.12", Kind.RULE),
        ("sec_steps_of_drawing_n_cards", "8.4.5", Kind.SUBSECTION),
        ("step_draw_set_aside", "8.4.5a", Kind.STEP),
        ("step_draw_add_to_hand", "8.4.5c", Kind.STEP),
        ("rule_steps_installing_destination", "8.5.1b", Kind.STEP),
        ("sec_swapping_cards", "8.8", Kind.SECTION),
    ],
)
def test_official_numbers(cr: Rulebook, item_id: str, number: str, kind: Kind) -> None:
    item = cr.get(item_id)
    assert item is not None and item.number == number and item.kind is kind


def test_reference_text(cr: Rulebook) -> None:
    def get(*ids: str) -> list[Item]:
        found = [cr.get(i) for i in ids]
        assert all(found)
        return [f for f in found if f]

    assert reference_text(get("sec_arranging_rearranging")) == "section 8.3"
    assert reference_text(get("sec_rez")) == "section 8.1.2"
    assert reference_text(get("rule_rez_procedure")) == "rule 8.1.2e"
    assert reference_text(get("step_draw_set_aside")) == "step 8.4.5a"
    assert reference_text(get("rule_rez_in_paw", "rule_rez_by_ability")) == \
        "rules 8.1.2a and 8.1.2b"
    three = get("rule_rez_in_paw", "rule_rez_by_ability", "rule_cannot_rez_agendas")
    assert reference_text(three) == "rules 8.1.2a, 8.1.2b, and 8.1.2c"
    assert reference_text(get("step_draw_set_aside", "step_draw_add_to_hand"), through=True) == \
        "steps 8.4.5a through 8.4.5c"
    assert reference_text(get("rule_rez_procedure"), capital=True) == "Rule 8.1.2e"
    assert reference_text(get("chpt_card_manipulation")) == "chapter 8"


def test_thirty_letters_and_steps_and_timing() -> None:
    rules = "\n".join(f"    - rule: r{i}\n      text: Rule {i}." for i in range(1, 31))
    source = (
        "chapter: c\ntext: C\nsections:\n"
        "- section: s\n  text: S\n  rules:\n  - subsection: sub\n    text: Sub\n    rules:\n"
        f"{rules}\n"
        "- section: st\n  text: Steps\n  steps:\n  rules:\n  - rule: one\n    text: One.\n"
        "- section: turn\n  text: Turn\n  timing_structure:\n"
        "  - text: Draw phase\n    bold: true\n    elements:\n"
        "    - text: Gain clicks\n      elements:\n      - text: Detail\n"
    )
    chapter = read_chapter_text(source, "t.yaml").chapter
    book = Rulebook("t", "T", [chapter])
    number_book(book, Scheme.CR, ["6"])
    assert book.get("r14") and book.get("r14").number == "6.1.1n"  # type: ignore[union-attr]
    assert book.get("r30") and book.get("r30").number == "6.1.1ad"  # type: ignore[union-attr]
    step = book.get("one")
    assert step is not None and step.kind is Kind.STEP and step.number == "6.2.1"
    assert reference_text([step]) == "step 6.2.1"
    top = book.get("turn_1")
    assert top is not None and top.number == "6.3_1" and top.bold
    assert book.get("turn_1_a") and book.get("turn_1_a").number == "6.3_1_a"  # type: ignore[union-attr]
    leaf = book.get("turn_1_a_i")
    assert leaf is not None and leaf.number == "6.3_1_a_i" and leaf.pos == Position("t.yaml", 84, 9)
