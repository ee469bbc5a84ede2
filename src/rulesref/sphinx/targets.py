"""What an ID, a term or a card name of a book leads to.

A book is indexed once, when it is loaded, so a reference, a ``{rules:term}``
or a card index entry is a dictionary look-up however large the book is.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rulesref.identifiers import PLACEHOLDERS
from rulesref.keys import slugify, unique
from rulesref.model import CardRef, Example, Item, Term

if TYPE_CHECKING:
    from rulesref.sphinx.loaded_book import LoadedBook


@dataclass(frozen=True)
class Target:
    """Where an ID of a book is shown: the page, the anchor, and what it is."""

    docname: str
    anchor: str
    item: Item
    example: Example | None = None

    @property
    def number(self) -> str:
        return self.item.number

    @property
    def objtype(self) -> str:
        return "example" if self.example else self.item.kind.value


@dataclass(frozen=True)
class TermDefinition:
    term: Term
    item: Item
    anchor: str
    primary: bool


@dataclass(frozen=True)
class CardMention:
    name: str
    item: Item
    example: Example | None


def index_book(loaded: LoadedBook) -> None:
    """Fill ``loaded``'s targets, terms and card mentions from its model, in book
    order, so the first definition of a term is its primary one."""
    book = loaded.book
    for item in book.items():
        page = loaded.item_page(item)
        if item.id not in PLACEHOLDERS:  # {ref:TODO} stays a TODO (see checks.placeholder_ids)
            loaded.targets.setdefault(item.id, Target(page, item.id, item))
        for example in item.examples:
            loaded.targets.setdefault(example.anchor, Target(page, example.anchor, item, example))
    used: set[str] = set()
    for term, item in book.terms():
        anchor = unique(f"term-{loaded.slug}-{slugify(term.key)}", used)
        definitions = loaded.terms.setdefault(term.key, [])
        definitions.append(TermDefinition(term, item, anchor, primary=not definitions))
        loaded.term_anchors[term.pos] = anchor
    for node, owner, in_example in book.inlines():
        if isinstance(node, CardRef):
            mention = CardMention(node.name, owner, in_example)
            loaded.cards.setdefault(node.name, []).append(mention)
