"""No repr formats a rulebook: Sphinx's event manager formats every event's
arguments for its debug log, and a generated dataclass repr of a real-size book
ran to 13 MB per event."""

from __future__ import annotations

from pathlib import Path

from rulesref.model import Text
from rulesref.sphinx.loading import load_registry

SEEDS = Path(__file__).resolve().parents[2] / "seeds"


def test_books_items_and_the_registry_have_short_reprs() -> None:
    reg = load_registry([SEEDS], "rules")
    book = reg.books["netrunner-cr"]
    chapter = book.book.chapters[-1]
    assert sum(1 for _ in chapter.walk()) > 50  # a chapter with a subtree to print
    for value in (reg, book, book.book, chapter, next(iter(book.targets.values()))):
        assert len(repr(value)) < 300, type(value).__name__
    assert "chpt_card_manipulation" in repr(chapter)


def test_fingerprints_still_see_the_content_a_short_repr_hides() -> None:
    """One more word in a rule that defines no term changes its chapter's
    fingerprint, and not those of the glossary, card index or book index."""
    first = load_registry([SEEDS], "rules").books["netrunner-cr"]
    second = load_registry([SEEDS], "rules").books["netrunner-cr"]
    chapter = second.book.chapters[-1]
    assert first.chapter_digest(chapter.id) == second.chapter_digest(chapter.id)
    third = load_registry([SEEDS], "rules").books["netrunner-cr"]
    rule = next(item for item in third.book.chapters[-1].walk() if item.kind.value == "rule")
    rule.text = (*rule.text, Text(" One more word.", rule.pos))
    assert third.chapter_digest(chapter.id) != first.chapter_digest(chapter.id)
    assert third.glossary_digest() == first.glossary_digest() or any(
        d.item is rule for defs in third.terms.values() for d in defs)
