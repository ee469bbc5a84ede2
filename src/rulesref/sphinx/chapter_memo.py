"""Files made of one chapter's items, kept between rebuilds of one process.

Every build makes a search record and two short addresses for each numbered
item of every book: thousands of small pages, most of which an edit does not
change.  In ``rulesref serve``, which rebuilds with the same application, a
chapter's part is made again only when what it is made from changed: the
chapter itself (:meth:`LoadedBook.chapter_digest`) or what any reference in
it reads or leads to (:meth:`LoadedBook.numbers_digest`).  A fresh process
starts empty and makes everything, as before.

The search records are made on the main thread and the short addresses on a
file worker (:mod:`rulesref.sphinx.outfiles`), so each kind has its own
table; replacing an entry is a single dictionary store.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar
from weakref import WeakKeyDictionary

from sphinx.application import Sphinx

from rulesref.model import Item
from rulesref.sphinx.loaded_book import LoadedBook

T = TypeVar("T")

_tables: WeakKeyDictionary[Sphinx, dict[str, dict[tuple[str, str], tuple[str, Any]]]] = (
    WeakKeyDictionary()
)


def per_chapter(
    app: Sphinx, kind: str, book: LoadedBook, chapter: Item, make: Callable[[], T]
) -> T:
    """``make()`` for this chapter, or what it returned for the same chapter,
    book numbers and builder last time."""
    table = _tables.setdefault(app, {}).setdefault(kind, {})
    key = f"{book.chapter_digest(chapter.id)}:{book.numbers_digest()}"
    slot = (book.slug, chapter.id)
    kept = table.get(slot)
    if kept is not None and kept[0] == key:
        found: T = kept[1]
        return found
    made = make()
    table[slot] = (key, made)
    return made
