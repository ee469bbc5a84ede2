"""A book's inline markup, sorted by kind in one walk of the book.

The checks and the site's index of a book each look at one kind of node: the
references, the card names, the links, the images, the defined terms.  Each
walking every item's text for its own kind took nine walks of the book per
load, and ``rulesref serve`` loads the book again after every save, so the
walk is made once (:func:`book_inlines`) and its lists handed to them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Generic, TypeVar

from rulesref.model import CardRef, Example, Image, Inlines, Item, Link, Ref, Rulebook, Term
from rulesref.model import walk_inlines as walk

_Node = TypeVar("_Node")


@dataclass(frozen=True)
class Placed(Generic[_Node]):
    """An inline node, the item whose text holds it, and the example when it is
    in one."""

    node: _Node
    item: Item
    example: Example | None = None


@dataclass
class BookInlines:
    """Each kind's nodes in book order (:meth:`rulesref.model.Rulebook.inlines`'s
    order), and the defined terms in :meth:`rulesref.model.Rulebook.terms`'s."""

    refs: list[Placed[Ref]] = field(default_factory=list)
    cards: list[Placed[CardRef]] = field(default_factory=list)
    links: list[Placed[Link]] = field(default_factory=list)
    images: list[Placed[Image]] = field(default_factory=list)
    #: The terms an item's own text defines (not its snippet, nor its examples).
    terms: list[tuple[Term, Item]] = field(default_factory=list)

    def _sort(self, inlines: Inlines, item: Item, example: Example | None = None,
              *, defines: bool = False) -> None:
        for node in walk(inlines):
            if isinstance(node, Ref):
                self.refs.append(Placed(node, item, example))
            elif isinstance(node, CardRef):
                self.cards.append(Placed(node, item, example))
            elif isinstance(node, Link):
                self.links.append(Placed(node, item, example))
            elif isinstance(node, Image):
                self.images.append(Placed(node, item, example))
            elif defines and isinstance(node, Term):
                self.terms.append((node, item))


def book_inlines(book: Rulebook) -> BookInlines:
    """Every inline node of ``book`` that a check or an index looks at, by kind."""
    found = BookInlines()
    for item in book.items():
        found._sort(item.text, item, defines=True)
        if item.snippet:
            found._sort(item.snippet, item)
        if item.toc_entry:
            found._sort(item.toc_entry, item)
        for example in item.examples:
            found._sort(example.text, item, example)
    return found
