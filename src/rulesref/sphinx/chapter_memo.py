"""Files made of one chapter's items, kept between rebuilds.

Every build makes a search record, two short addresses and a hover preview
for each numbered item of every book: thousands of small pages and texts,
most of which an edit does not change.  A chapter's part is made again only
when what it is made from changed: the chapter itself
(:meth:`LoadedBook.chapter_digest`) or what any reference in it reads or
leads to (:meth:`LoadedBook.numbers_digest`).

``rulesref serve``, which rebuilds with the same application, keeps the parts
in memory.  A fresh ``sphinx-build`` finds them in the doctree folder, each
chapter's part in a file of its own, stored with its key, the builder, the
chapter page's address and the installed code: at ten times the real
rulebook's size, making every chapter's search records again took a tenth of
a rebuild after one word.  The doctree folder is trusted as Sphinx trusts its
own pickles there; a file that cannot be read back counts as absent.

The search records and the hover previews are made on the main thread and
the short addresses on a file worker (:mod:`rulesref.sphinx.outfiles`), so
each kind has its own table and its own files; replacing an entry is a single
dictionary store.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar, cast
from weakref import WeakKeyDictionary

from sphinx.application import Sphinx

from rulesref.atomic_files import load_pickle, store_pickle
from rulesref.model import Item
from rulesref.read_cache import code_fingerprint
from rulesref.sphinx.loaded_book import LoadedBook

T = TypeVar("T")

_tables: WeakKeyDictionary[Sphinx, dict[str, dict[tuple[str, str], tuple[str, Any]]]] = (
    WeakKeyDictionary()
)


FOLDER = "rulesref-chapter-parts"


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
    path = _file(app, kind, slot)
    stored_key = _stored_key(app, book, chapter, key)
    # The file holds what the table held (both are written together), so only
    # a chapter this process has not made yet is looked for there.
    stored = load_pickle(path) if kept is None else None
    if isinstance(stored, tuple) and len(stored) == 2 and stored[0] == stored_key:
        table[slot] = (key, stored[1])
        return cast(T, stored[1])
    made = make()
    table[slot] = (key, made)
    store_pickle(path, (stored_key, made))
    return made


def _file(app: Sphinx, kind: str, slot: tuple[str, str]) -> Path:
    # Named by a digest only, so a slug or an ID never becomes a path.
    name = hashlib.blake2b("\0".join((kind, *slot)).encode("utf-8"), digest_size=12)
    return Path(app.doctreedir) / FOLDER / f"{name.hexdigest()}.pickle"


def _stored_key(app: Sphinx, book: LoadedBook, chapter: Item, key: str) -> str:
    """What a part read back from a file must have been made from: besides the
    chapter and the numbers, the builder and the addresses it gives pages, and
    the code that made it."""
    builder = app.builder
    address = builder.get_target_uri(book.chapter_page(chapter))
    return f"{key}:{builder.name}:{address}:{code_fingerprint()}"
