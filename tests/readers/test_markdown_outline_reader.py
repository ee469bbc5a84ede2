from __future__ import annotations

from collections.abc import Callable

import pytest
from reader_helpers import SEEDS, get, seed_book

from rulesref.books import BookConfig, load_book
from rulesref.errors import Position
from rulesref.model import Kind, Rulebook, Text, plain_text

FILE = "seeds/technomancy/technomancy_game_rules.md"


def test_one_chapter_titled_by_the_hash_heading(technomancy: Rulebook) -> None:
    assert technomancy.title == "Technomancy Game Rules"
    [chapter] = technomancy.chapters
    assert (chapter.kind, chapter.id, chapter.number) == (Kind.CHAPTER, "tm", "")
    assert chapter.plain == "Technomancy Game Rules"


def test_sections_are_the_numbered_headings(technomancy: Rulebook) -> None:
    sections = technomancy.chapters[0].children
    assert [(s.id, s.number, s.plain) for s in sections] == [
        ("tm_0", "0", "Foundational Rules"),
        ("tm_1", "1", "Players"),
        ("tm_2", "2", "Gamemodes"),
        ("tm_3", "3", "Game Sequence"),
        ("tm_4", "4", "Game Actions"),
        ("tm_5", "5", "Game Structure"),
        ("tm_6", "6", "Resolving Effects"),
    ]
    assert all(s.kind is Kind.SECTION for s in sections)


@pytest.mark.parametrize(
    ("item_id", "number", "starts"),
    [
        ("tm_0_1", "0.1", "All rules in Technomancy apply"),
        ("tm_3_1", "3.1", "As a player starts their turn"),
        ("tm_3_3", "3.3", "Each turn is subdivided"),
        ("tm_3_3_2", "3.3.2", "Turn Start Phase"),
        ("tm_3_3_3_1", "3.3.3.1", "At the beginning of the draw phase"),
        ("tm_3_4_3_1", "3.4.3.1", "Check for all state-based effects"),
        ("tm_3_6_2_4", "3.6.2.4", "This determines the final cost"),
        ("tm_4_1_1_1", "4.1.1.1", "Should a recover action target"),
        ("tm_5_5_5", "5.5.5", "CORP5"),
        ("tm_6_2_6", "6.2.6", "Consider all other effects."),
    ],
)
def test_rules_numbered_by_position(
    technomancy: Rulebook, item_id: str, number: str, starts: str
) -> None:
    item = get(technomancy, item_id)
    assert item.kind is Kind.RULE
    assert item.number == number and item.label == number
    assert item.plain.startswith(starts)


def test_structure_counts(technomancy: Rulebook) -> None:
    assert len(get(technomancy, "tm_3").children) == 6
    assert [c.id for c in get(technomancy, "tm_3_3").children] == [
        f"tm_3_3_{i}" for i in range(1, 7)
    ]
    assert len(get(technomancy, "tm_3_4").children) == 8
    assert sum(1 for _ in technomancy.items()) == 104
    assert not list(technomancy.examples())


def test_multi_line_items_are_joined_with_a_space(technomancy: Rulebook) -> None:
    assert get(technomancy, "tm_1_3_1").plain == (
        "In a situation where it is hard to determine clockwise order, the players need "
        "to clear beforehand the turn order and follow it henceforth."
    )
    assert get(technomancy, "tm_3_6_3").plain == (
        "The user then pays those costs. If for some reason they can't the playing is "
        "aborted and the game goes back to before the casting."
    )
    # The trailing space of "abilities trigger " is not part of the rule.
    assert get(technomancy, "tm_4_1").plain.endswith("abilities trigger")


def test_positions(technomancy: Rulebook) -> None:
    assert get(technomancy, "tm_3").pos == Position(FILE, 32, 1)
    assert get(technomancy, "tm_3_1").pos == Position(FILE, 34, 1)
    assert get(technomancy, "tm_3_4_3_1").pos == Position(FILE, 55, 9)
    [text] = get(technomancy, "tm_3_4_3_1").text
    assert isinstance(text, Text) and text.pos == Position(FILE, 55, 12)
    assert get(technomancy, "tm_3").text[0].pos == Position(FILE, 32, 7)
    for item in technomancy.items():
        assert item.pos.file == FILE and item.pos.line >= 1 and item.pos.col >= 1


def test_ids_are_stable_across_reads(technomancy: Rulebook) -> None:
    again = seed_book("technomancy")
    assert [(i.id, i.number, i.plain) for i in again.items()] == [
        (i.id, i.number, i.plain) for i in technomancy.items()
    ]


def test_list_start_is_respected(make_book: Callable[..., BookConfig]) -> None:
    book = load_book(make_book("markdown-outline", "r.md", (
        "# R\n\n## 2. Two\n\n4. four\n1. five\n\n   3. five-three\n   1. five-four\n"
    )))
    assert [(i.id, i.number) for i in book.items()] == [
        ("x", ""), ("x_2", "2"), ("x_2_4", "2.4"), ("x_2_5", "2.5"),
        ("x_2_5_3", "2.5.3"), ("x_2_5_4", "2.5.4"),
    ]


def test_examples_and_later_paragraphs(make_book: Callable[..., BookConfig]) -> None:
    book = load_book(make_book("markdown-outline", "r.md", (
        "# R\n\n## 1. One\n\n1. A rule\n   on two lines.\n\n"
        "   Its second paragraph.\n\n   *Example:* something *happens*.\n"
    )))
    rule = get(book, "x_1_1")
    assert rule.plain == "A rule on two lines. Its second paragraph."
    [example] = rule.examples
    assert plain_text(example.text) == "something happens."
    assert example.anchor == "x_1_1-example-1"
    assert (example.pos.line, example.pos.col) == (10, 15)


def test_title_from_book_when_the_file_has_none(make_book: Callable[..., BookConfig]) -> None:
    book = load_book(make_book("markdown-outline", "r.md", "## 1. One\n\n1. Rule.\n"))
    assert book.chapters[0].plain == "T"


def test_seed_book_config() -> None:
    text = (SEEDS / "technomancy" / "book.toml").read_text(encoding="utf-8")
    assert 'format = "markdown-outline"' in text and 'id_prefix = "tm"' in text
