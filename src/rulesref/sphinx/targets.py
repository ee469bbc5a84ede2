"""What an ID, a term or a card name of a book leads to.

A book is indexed once, when it is loaded, so a reference, a ``{rules:term}``
or a card index entry is a dictionary look-up however large the book is.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rulesref.book_inlines import BookInlines, book_inlines
from rulesref.identifiers import PLACEHOLDERS
from rulesref.keys import slugify, unique
from rulesref.model import Example, Item, Kind, Term

if TYPE_CHECKING:
    from rulesref.sphinx.loaded_book import LoadedBook

#: An official number, which may name a file (the short addresses ``r/8.1.2e/``)
#: and never starts with a letter.
NUMBER = re.compile(r"[0-9][0-9a-z_]*(?:\.[0-9a-z_]+)*")


@dataclass(frozen=True)
class Target:
    """Where an ID of a book is shown: the page, the HTML anchor, and what it is.

    ``anchor`` is the item's or example's safe anchor (``rule_54.2B``), never
    the ID as written; :attr:`key` is the ID references name it by."""

    docname: str
    anchor: str
    item: Item
    example: Example | None = None

    @property
    def key(self) -> str:
        """The ID references, the domain and scenarios name it by (``rule_54+``)."""
        return self.example.id if self.example else self.item.id

    def holds(self, item: Item, example: Example | None = None) -> bool:
        """Whether this target is ``item`` (or its ``example``): not another one that
        wrote the same ID, which references do not reach."""
        return self.item is item and self.example is example

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


def index_book(loaded: LoadedBook, inlines: BookInlines | None = None) -> None:
    """Fill ``loaded``'s targets, terms and card mentions from its model, in book
    order, so the first definition of a term is its primary one, and the first
    item of an ID written twice is the one references reach.

    Targets are keyed by the ID as written (what ``{ref:}`` and scenarios name)
    and lead to the safe anchor (:attr:`rulesref.model.Item.anchor`)."""
    book = loaded.book
    for item in book.items():
        page = loaded.item_page(item)
        # {ref:TODO} stays a TODO (see checks.placeholder_ids); an item that could
        # not be read may have no ID at all.
        if item.id and item.id not in PLACEHOLDERS:
            loaded.targets.setdefault(item.id, Target(page, item.anchor, item))
        for example in item.examples:
            if item.id:
                loaded.targets.setdefault(
                    example.id, Target(page, example.anchor, item, example)
                )
    inlines = inlines or book_inlines(book)
    used: set[str] = set()
    for term, item in inlines.terms:
        anchor = unique(f"term-{loaded.slug}-{slugify(term.key)}", used)
        definitions = loaded.terms.setdefault(term.key, [])
        definitions.append(TermDefinition(term, item, anchor, primary=not definitions))
        loaded.term_anchors[term.pos] = anchor
    for card in inlines.cards:
        mention = CardMention(card.node.name, card.item, card.example)
        loaded.cards.setdefault(card.node.name, []).append(mention)


def numbered_items(builder: Any, book: LoadedBook, chapter: Item) -> Iterator[tuple[Item, str]]:
    """The chapter's items that have a number of their own (an address and a
    search record each), with where each lives (its safe anchor), relative to
    the site's root.  Not a second item of an ID written twice: its ID leads
    to the first.  Not a bare timing structure either: it shows its owner's
    number, which is the owner's address (its elements have their own)."""
    for item in chapter.walk():
        if item.kind is Kind.TIMING_STRUCTURE:
            continue
        target = book.targets.get(item.id)
        if (target is not None and target.holds(item)
                and NUMBER.fullmatch(item.number.casefold())):
            yield item, f"{builder.get_target_uri(target.docname)}#{target.anchor}"
