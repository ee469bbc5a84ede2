from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from real_rulebook import ROOT, reference
from rulesref.books import load_book, load_config
from rulesref.errors import Position
from rulesref.model import Item, Kind, Rulebook
from rulesref.numbering import (
    Scheme,
    derived_timing_id,
    letters,
    number_book,
    reference_text,
    roman,
)
from rulesref.readers.cr_yaml import read_chapter_text


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


def numbered(source: str, chapter_number: str = "11") -> Rulebook:
    chapter = read_chapter_text(source, "t.yaml").chapter
    book = Rulebook("t", "T", [chapter])
    number_book(book, Scheme.CR, [chapter_number])
    return book


def timing_ids(book: Rulebook) -> list[tuple[str, str]]:
    return [(i.id, i.number) for i in book.items() if i.kind is Kind.TIMING]


def test_a_bare_structure_is_numbered_as_the_rules_team_numbers_it() -> None:
    """Section ``sec_x`` numbered 11.2: its structure's elements are ``sec_x_1``,
    ``sec_x_1_a``, ``sec_x_1_a_i`` and ``11.2_1``, ``11.2_1_a`` …"""
    book = numbered(
        "chapter: c\ntext: C\nsections:\n- section: first\n  text: F\n"
        "- section: sec_x\n  text: X\n  rules:\n"
        "  - timing_structure:\n    elements:\n"
        "    - text: One\n      elements:\n      - text: A\n        elements:\n"
        "        - text: Deep\n      - text: B\n"
        "    - text: Two\n"
    )
    assert timing_ids(book) == [
        ("sec_x_1", "11.2_1"),
        ("sec_x_1_a", "11.2_1_a"),
        ("sec_x_1_a_i", "11.2_1_a_i"),
        ("sec_x_1_b", "11.2_1_b"),
        ("sec_x_2", "11.2_2"),
    ]
    # The structure keeps an ID of its own: the anchor of its list.
    (structure,) = book.get("sec_x").children  # type: ignore[union-attr]
    assert structure.kind is Kind.TIMING_STRUCTURE and structure.id == "sec_x_timing"
    assert all(derived_timing_id(i) == i.id for i in book.items() if i.kind is Kind.TIMING)


def test_later_structures_of_an_item_keep_a_form_of_their_own() -> None:
    """An item's own ``timing_structure:`` key comes first; a bare structure beside
    it, or a second bare one, cannot take the plain form as well."""
    book = numbered(
        "chapter: c\ntext: C\nsections:\n"
        "- section: s\n  text: S\n  timing_structure:\n  - Own\n  rules:\n"
        "  - timing_structure:\n    - Bare\n"
        "  - rule: r\n    text: R.\n"
        "  - timing_structure:\n    - Again\n"
        "- section: t\n  text: T\n  rules:\n"
        "  - timing_structure:\n    - One\n"
        "  - timing_structure:\n    - Two\n"
    )
    assert timing_ids(book) == [
        ("s_1", "11.1_1"),
        ("s_timing_1", "11.1-2_1"),
        ("s_timing2_1", "11.1-3_1"),
        ("t_1", "11.2_1"),
        ("t_timing2_1", "11.2-2_1"),
    ]
    assert book.get("r").number == "11.1.1"  # type: ignore[union-attr]


def test_an_element_given_an_id_keeps_it_and_lends_it_to_its_children() -> None:
    book = numbered(
        "chapter: c\ntext: C\nsections:\n- section: s\n  text: S\n  rules:\n"
        "  - timing_structure:\n    - text: One\n      id: mine\n"
        "      elements:\n      - Sub\n    - Two\n"
    )
    assert timing_ids(book) == [
        ("mine", "11.1_1"), ("mine_a", "11.1_1_a"), ("s_2", "11.1_2")]
    mine = book.get("mine")
    assert mine is not None and derived_timing_id(mine) == "s_1"


def deeper(inner: st.SearchStrategy[object]) -> st.SearchStrategy[object]:
    """A leaf (0) or an element with children, so a structure has at most three levels."""
    return st.one_of(st.just(0), st.lists(inner, min_size=1, max_size=3))


structure_shapes = st.lists(deeper(deeper(st.just(0))), min_size=1, max_size=3)


def structure_yaml(shape: object, indent: str) -> str:
    """A structure's elements as YAML: an int is a leaf, a list an element with children."""
    items = shape if isinstance(shape, list) else [shape]
    out = ""
    for child in items:
        out += f"{indent}- text: E\n"
        if isinstance(child, list):
            out += f"{indent}  elements:\n" + structure_yaml(child, indent + "  ")
    return out


@given(
    own=st.booleans(),
    bare=st.lists(structure_shapes, max_size=3),
)
def test_no_two_timing_items_share_an_id_or_a_number(own: bool, bare: list[object]) -> None:
    source = "chapter: c\ntext: C\nsections:\n- section: s\n  text: S\n"
    if own:
        source += "  timing_structure:\n  - Own\n"
    source += "  rules:\n  - rule: r\n    text: R.\n"
    for shape in bare:
        source += "  - timing_structure:\n    elements:\n" + structure_yaml(shape, "    ")
    book = numbered(source)
    timing = [i for i in book.items() if i.kind in (Kind.TIMING, Kind.TIMING_STRUCTURE)]
    ids = [i.id for i in book.items()]
    assert len(ids) == len(set(ids))
    numbers = [i.number for i in timing if i.kind is Kind.TIMING]
    assert len(numbers) == len(set(numbers))
    assert all(derived_timing_id(i) == i.id for i in timing if i.kind is Kind.TIMING)


def test_the_real_appendix_is_numbered_by_its_sections() -> None:
    """Every element of a bare structure of the real appendix is its section's ID
    and number followed by its place; the place is counted from the file."""
    path = reference() / "input" / "11_appendix_timing_structures.yaml"
    book = numbered(path.read_text(encoding="utf-8"))
    checked = 0
    for section in book.chapters[0].children:
        structures = [c for c in section.children if c.kind is Kind.TIMING_STRUCTURE]
        if len(structures) != 1 or section.timing:
            continue

        def expect(elements: list[Item], id_prefix: str, number_prefix: str, depth: int) -> None:
            nonlocal checked
            for place, element in enumerate(elements, start=1):
                label = (str(place), letters(place), roman(place))[depth]
                assert (element.id, element.number) == (
                    f"{id_prefix}_{label}", f"{number_prefix}_{label}")
                checked += 1
                expect(element.children, element.id, element.number, depth + 1)

        expect(structures[0].timing, section.id, section.number, 0)
    in_bare = sum(
        1 for i in book.items()
        if i.kind is Kind.TIMING and any(a.kind is Kind.TIMING_STRUCTURE for a in i.ancestors())
    )
    assert checked == in_bare > 0
