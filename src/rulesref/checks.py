"""Whole-book checks shared by ``rulesref check`` and the Sphinx build.

These problems do not stop reading, because drafts legitimately contain
them (the seeds cite chapters not written yet and ``{ref:TODO}``); they are
reported with a subtype so a build can allow exactly the drafting ones.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from rulesref.cards import CardTable, card_table
from rulesref.errors import Diagnostic, Position, Severity
from rulesref.model import CardRef, Item, Ref, Rulebook, Term

#: The placeholder ID rules teams write for a reference still to be decided.
TODO_ID = "TODO"

#: Subtypes (``rules.<subtype>`` in Sphinx).  Only UNRESOLVED is a drafting state.
UNRESOLVED = "unresolved"
DUPLICATE_TERM = "duplicate-term"
UNKNOWN_CARD = "unknown-card"


@dataclass(frozen=True)
class Unresolved:
    """A reference that does not lead anywhere yet, listed on the Drafting status page."""

    target: str
    pos: Position
    item: Item

    @property
    def is_todo(self) -> bool:
        return self.target == TODO_ID


def unresolved_references(book: Rulebook) -> Iterator[Unresolved]:
    for node, item, _example in book.inlines():
        if isinstance(node, Ref):
            for target in node.ids:
                if target not in book:
                    yield Unresolved(target, node.pos, item)


def check_book(book: Rulebook, cards: CardTable | None = None) -> list[Diagnostic]:
    """Every recoverable problem of ``book``, in source order."""
    table = cards or card_table()
    found: list[Diagnostic] = list(book.diagnostics)
    for ref in unresolved_references(book):
        message = (
            f"reference to TODO in {ref.item.reference_word} {ref.item.number} "
            f"({ref.item.id}) still to be written"
            if ref.is_todo
            else f"unresolved reference '{ref.target}' in {ref.item.reference_word} "
            f"{ref.item.number} ({ref.item.id})"
        )
        found.append(Diagnostic(ref.pos, message, UNRESOLVED))
    first_definition: dict[str, tuple[Term, Item]] = {}
    for term, item in book.terms():
        earlier = first_definition.get(term.key)
        if earlier is None:
            first_definition[term.key] = (term, item)
            continue
        other_term, other_item = earlier
        reason = book.acknowledged.get(DUPLICATE_TERM, {}).get(term.key, "")
        found.append(
            Diagnostic(
                term.pos,
                f"term '{term.text}' is defined twice: in {item.reference_word} {item.number} "
                f"({item.id}, {term.pos}) and in {other_item.reference_word} {other_item.number} "
                f"({other_item.id}, {other_term.pos})",
                DUPLICATE_TERM,
                Severity.NOTE if reason else Severity.WARNING,
                reason,
            )
        )
    for node, item, _example in book.inlines():
        if isinstance(node, CardRef) and node.name not in table:
            found.append(
                Diagnostic(
                    node.pos,
                    f"unknown card '{node.name}' in {item.id} (not in the card table)",
                    UNKNOWN_CARD,
                )
            )
    return sorted(found, key=lambda d: d.pos)


def check_books(books: Iterable[Rulebook]) -> list[Diagnostic]:
    return [diagnostic for book in books for diagnostic in check_book(book)]
