"""The books of a build, kept per environment, and the look-ups across them.

Directives, roles and the domain only look things up here; the books are
loaded before any document is read (:mod:`rulesref.sphinx.loading`).

The registry is not pickled with the environment: it is rebuilt from the
sources each time, and parallel readers inherit it when they are forked.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeVar
from weakref import WeakKeyDictionary

from rulesref.errors import Diagnostic, RulesSourceError
from rulesref.keys import digest
from rulesref.library import Library
from rulesref.sphinx.loaded_book import LoadedBook
from rulesref.sphinx.targets import Target, TermDefinition

if TYPE_CHECKING:
    from sphinx.environment import BuildEnvironment

#: ``LoadedBook`` is named here too: most modules that look a book up also want its type.
__all__ = ["LoadedBook", "Registry", "registry", "set_registry"]

T = TypeVar("T")


#: What a book's slug must be to name a folder of the site (short addresses
#: ``r/<book>/``; numbers never start with a letter, so they cannot collide).
BOOK_SLUG = re.compile(r"[a-z][a-z0-9_-]*")


@dataclass
class Registry:
    """All books of the build, in site order."""

    books: dict[str, LoadedBook]
    pages_dir: str
    load_errors: list[RulesSourceError] = field(default_factory=list)
    #: Folders below the books folder that are not books (no book.toml).
    load_warnings: list[Diagnostic] = field(default_factory=list)
    #: Folders of books left out (reported above): their scenarios are not reported again.
    left_out: list[str] = field(default_factory=list)
    #: What the one loader read (:mod:`rulesref.library`): the build's account.
    library: Library | None = None

    def __repr__(self) -> str:
        return f"<Registry {', '.join(self.books)}>"

    @property
    def drafting_page(self) -> str:
        return f"{self.pages_dir}/drafting"

    @functools.cached_property
    def generated_pages(self) -> frozenset[str]:
        """The docnames of the pages rulesref generates (see :mod:`.pages`)."""
        pages = {self.drafting_page} if self.books else set()
        for book in self:
            pages.update((book.index_page, book.glossary_page, book.cards_page))
            pages.update(book.chapter_pages.values())
        return frozenset(pages)

    def page_book(self, pagename: str) -> str:
        """The book a page belongs to ("" for a page of no book, or of a book
        whose slug cannot name a folder): its "Go to rule" box names it, and
        links within it leave their book to the page."""
        prefix = f"{self.pages_dir}/"
        if pagename.startswith(prefix):
            slug = pagename[len(prefix) :].split("/", 1)[0]
            if slug in self.books and BOOK_SLUG.fullmatch(slug):
                return slug
        return ""

    def __iter__(self) -> Iterator[LoadedBook]:
        return iter(self.books.values())

    def get(self, slug: str) -> LoadedBook | None:
        return self.books.get(slug)

    def split(self, target: str) -> tuple[LoadedBook | None, str]:
        """``netrunner-cr:rule_x`` → (that book, ``rule_x``); an unknown prefix stays
        part of the ID (IDs may not contain white space, but may contain colons)."""
        prefix, sep, rest = target.partition(":")
        if sep and prefix in self.books:
            return self.books[prefix], rest
        return None, target

    def find_target(self, target: str, hint: str | None = None) -> list[tuple[LoadedBook, Target]]:
        """Every book that has ``target``: the named one, else the hinted one, else all."""
        return self._find(target, hint, lambda book, ident: book.targets.get(ident))

    def find_term(
        self, target: str, hint: str | None = None
    ) -> list[tuple[LoadedBook, TermDefinition]]:
        return self._find(target, hint, LoadedBook.term)

    def _find(
        self, target: str, hint: str | None, lookup: Callable[[LoadedBook, str], T | None]
    ) -> list[tuple[LoadedBook, T]]:
        """IDs and terms are found alike, so a named book and a hint mean the same for both."""
        book, key = self.split(target)
        if book is not None:
            found = lookup(book, key)
            return [(book, found)] if found is not None else []
        if hint and (hinted := self.books.get(hint)) and (found := lookup(hinted, key)) is not None:
            return [(hinted, found)]
        return [(b, f) for b in self if (f := lookup(b, key)) is not None]

    def digest(self) -> str:
        """Changes when the list of books (or what the home page says of them) changes."""
        return digest(
            [
                (
                    b.slug,
                    b.title,
                    b.config.description,
                    b.index_page,
                    [(c.id, c.number, c.plain, b.chapter_pages[c.id]) for c in b.book.chapters],
                )
                for b in self
            ]
        )


_REGISTRIES: WeakKeyDictionary[BuildEnvironment, Registry] = WeakKeyDictionary()


def registry(env: BuildEnvironment) -> Registry:
    """The registry of this build (set up at ``builder-inited``)."""
    try:
        return _REGISTRIES[env]
    except KeyError:
        raise RuntimeError(
            "rulesref.sphinx: books are not loaded; is 'rulesref.sphinx' in extensions?"
        ) from None


def set_registry(env: BuildEnvironment, value: Registry) -> None:
    _REGISTRIES[env] = value
