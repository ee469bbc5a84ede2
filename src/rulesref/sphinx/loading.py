"""The books of a build, loaded from the model once per build.

Everything the extension shows (numbers, reference text, term anchors, which
page a rule lives on) is a pure function of the numbered model, so the books
are loaded at ``builder-inited``, before any document is read.  Loading is
cheap (a handful of small files) and happens again on every build, which is
what lets :mod:`rulesref.sphinx.incremental` notice that a number shown on a
page that was not edited has changed.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from rulesref.book_config import BookConfig
from rulesref.book_inlines import book_inlines
from rulesref.cards import CardTable, card_table
from rulesref.checks import book_images, check_book
from rulesref.errors import RulesSourceError, Severity
from rulesref.keys import unique
from rulesref.library import load_library
from rulesref.model import Rulebook
from rulesref.sphinx.loaded_book import LoadedBook
from rulesref.sphinx.registry import Registry
from rulesref.sphinx.targets import index_book

#: Docnames a chapter page may not take, because the book's other pages use them.
RESERVED_PAGES = frozenset({"index", "glossary", "cards", "whats-new", "changes"})


def load_registry(
    roots: Sequence[Path],
    pages_dir: str,
    only: Sequence[str] | None = None,
    cards: CardTable | None = None,
    cache: Path | None = None,
) -> Registry:
    """Read and number every book below ``roots`` through the one loader
    (:func:`rulesref.library.load_library`), as every command does, and index
    each for the site.

    A book whose sources cannot be read is left out and its error kept, so one
    broken draft does not take the other books' pages down with it.
    ``cache`` keeps the chapters' readings between builds (:mod:`rulesref.read_cache`).
    """
    table = cards or card_table()
    library = load_library([root for root in roots if root.is_dir()], only=only, cache=cache)
    result = Registry({}, pages_dir, library=library)
    result.load_errors.extend(
        RulesSourceError(p.pos, p.message) for p in library.problems
        if p.severity is Severity.ERROR
    )
    result.load_warnings.extend(p for p in library.problems if p.severity is not Severity.ERROR)
    result.left_out.extend(library.left_out_folders)
    for config, book in library:
        result.books[config.slug] = prepare(config, book, _root_of(config, roots), pages_dir,
                                            table)
    return result


def _root_of(config: BookConfig, roots: Sequence[Path]) -> Path:
    """The books folder ``config``'s book was found in."""
    folder = config.directory.resolve()
    for root in roots:
        resolved = root.resolve()
        if folder == resolved or resolved in folder.parents:
            return resolved
    return folder


def prepare(
    config: BookConfig, book: Rulebook, root: Path, pages_dir: str, cards: CardTable
) -> LoadedBook:
    loaded = LoadedBook(config, book, root, pages_dir)
    pages = set(RESERVED_PAGES)
    for chapter in book.chapters:
        # The ID as is where it makes a plain file name, which is what it almost always is.
        name = re.sub(r"[^\w.-]", "-", chapter.id)
        name = unique(name if name not in RESERVED_PAGES else f"chapter-{name}", pages)
        loaded.chapter_pages[chapter.id] = f"{pages_dir}/{config.slug}/{name}"
    inlines = book_inlines(book)  # one walk of the book's text for all that follows
    index_book(loaded, inlines)
    loaded.images = book_images(book, config.directory, inlines)[0]
    loaded.diagnostics = check_book(book, cards, config.directory, inlines)
    return loaded
