"""The one way books are loaded: every command and the Sphinx build call
:func:`load_library`, so they cannot disagree about what was read.

It finds the books below one or more folders (:func:`rulesref.books.discover_books`),
reads each (:func:`rulesref.books.load_book`: a bad item costs that item, a
chapter that cannot be read at all costs that chapter, a broken
``book.toml`` that book) and its changelog (one that cannot be read costs
that file), and keeps every problem as data.  What was read and what was
left out is its :meth:`Library.account`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from rulesref.account import Account, account_of
from rulesref.book_config import CONFIG_NAME, BookConfig
from rulesref.books import NO_BOOK_CONFIG as NO_BOOK_CONFIG  # a folder that is not a book
from rulesref.books import discover_books, load_book
from rulesref.changelog import Changelog, changelog_path, read_changelog, resolved
from rulesref.checks import SOURCE_ERROR
from rulesref.errors import Diagnostic, Position, RulesSourceError, Severity
from rulesref.model import Rulebook


@dataclass
class Library:
    """The books that could be read (with their configurations, in site order)
    and the problems found outside them: folders that are not books (warnings),
    books that could not be read (errors that leave the book out)."""

    configs: list[BookConfig] = field(default_factory=list)
    books: list[Rulebook] = field(default_factory=list)
    problems: list[Diagnostic] = field(default_factory=list)
    #: Folder names of the books left out (their scenarios are not reported again).
    left_out_folders: list[str] = field(default_factory=list)
    #: slug → the book's changelog, its references resolved against the book.
    changelogs: dict[str, Changelog] = field(default_factory=dict)

    def __iter__(self) -> Iterator[tuple[BookConfig, Rulebook]]:
        return zip(self.configs, self.books, strict=True)

    @property
    def errors(self) -> list[Diagnostic]:
        """Every error, the books' own included, in source order."""
        found = [*self.problems, *(d for b in self.books for d in b.diagnostics)]
        return sorted((d for d in found if d.severity is Severity.ERROR), key=lambda d: d.pos)

    def account(
        self,
        extra: Iterable[Diagnostic] = (),
        warnings: int | None = None,
        notes: int | None = None,
    ) -> Account:
        """What was read and left out, with the problems a command found besides
        (its scenarios, say), and the warnings and notes it counted."""
        return account_of(self.books, [*self.problems, *extra], warnings=warnings, notes=notes)


def find_books(root: Path) -> tuple[list[BookConfig], list[Diagnostic]]:
    """The books below ``root`` without reading them, and the folders that are
    not books (see :func:`rulesref.books.discover_books`): for a command that
    needs only the configurations (the site's title, a usage check)."""
    return discover_books(root)


def load_library(
    roots: Sequence[Path],
    *,
    only: Sequence[str] | None = None,
    cache: Path | None = None,
) -> Library:
    """Every book below ``roots`` (``only``: the books with these slugs).

    Nothing raises for a source problem: one broken book, chapter or item is
    an error of the library or its book, and everything else is read.  A
    second book with the slug of an earlier one is left out (two books cannot
    share pages).  ``cache`` keeps the chapters' readings between runs
    (:mod:`rulesref.read_cache`)."""
    library = Library()
    found: list[BookConfig] = []
    for root in roots:
        configs, problems = discover_books(root)
        found.extend(configs)
        library.problems.extend(problems)
        library.left_out_folders.extend(
            Path(p.pos.file).parent.name for p in problems if p.severity is Severity.ERROR
        )
    return load_configured(found, only=only, cache=cache, library=library)


def load_configured(
    found: Sequence[BookConfig],
    *,
    only: Sequence[str] | None = None,
    cache: Path | None = None,
    library: Library | None = None,
) -> Library:
    """The books of these configurations, read as :func:`load_library` reads
    those it finds (for a configuration made rather than found: an old release
    of a rules repository that has no ``book.toml``)."""
    library = library or Library()
    found = sorted(found, key=lambda c: (c.order, c.slug))
    slugs: set[str] = set()
    for config in found:
        if only is not None and config.slug not in only:
            continue
        if config.slug in slugs:
            library.problems.append(
                Diagnostic(
                    Position(str(config.directory / CONFIG_NAME)),
                    f"a second book is named '{config.slug}'; only the first is shown",
                    SOURCE_ERROR,
                    Severity.ERROR,
                    unit="book",
                )
            )
            library.left_out_folders.append(config.directory.name)
            continue
        slugs.add(config.slug)
        try:
            book = load_book(config, cache)
        except RulesSourceError as exc:
            library.problems.append(
                Diagnostic(exc.pos, exc.message, SOURCE_ERROR, Severity.ERROR, unit="book")
            )
            library.left_out_folders.append(config.directory.name)
            continue
        library.configs.append(config)
        library.books.append(book)
        _read_changelog(library, config, book)
    library.left_out_folders.sort()
    return library


def _read_changelog(library: Library, config: BookConfig, book: Rulebook) -> None:
    path = changelog_path(config)
    if path is None:
        return
    try:
        changelog = read_changelog(path, config.display(path))
    except RulesSourceError as exc:  # its entries are lost: left out, like an item
        library.problems.append(
            Diagnostic(exc.pos, exc.message, SOURCE_ERROR, Severity.ERROR, unit="changelog")
        )
        return
    library.changelogs[book.slug] = resolved(changelog, book)
    # An entry that could not be read is left out, like an item: in the account.
    library.problems.extend(d for d in changelog.diagnostics if d.severity is Severity.ERROR)
