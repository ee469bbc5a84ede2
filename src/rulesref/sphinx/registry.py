"""The books of a build, loaded from the model once per build.

Everything the extension shows (numbers, reference text, term anchors, which
page a rule lives on) is a pure function of the numbered model, so the books
are loaded at ``builder-inited``, before any document is read.  Directives,
roles and the domain then only look things up.  Loading is cheap (a handful
of small files) and happens again on every build, which is what lets
:mod:`rulesref.sphinx.incremental` notice that a number shown on a page that
was not edited has changed.

The registry is not pickled with the environment: it is rebuilt from the
sources each time, and parallel readers inherit it when they are forked.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

from rulesref.books import BookConfig, discover_books, left_out, load_book
from rulesref.cards import CardTable, card_table
from rulesref.checks import (
    IMAGE_SUFFIXES,
    MISSING_IMAGE,
    SAFE_SCHEMES,
    SOURCE_ERROR,
    UNSAFE_LINK,
    book_images,
    check_book,
    unresolved_references,
)
from rulesref.errors import Diagnostic, Position, RulesSourceError, Severity
from rulesref.identifiers import PLACEHOLDERS
from rulesref.keys import content_digest, digest, slugify, unique
from rulesref.model import (
    CardRef,
    Example,
    Item,
    Rulebook,
    Term,
    plain_text,
    term_key,
)

if TYPE_CHECKING:
    from sphinx.environment import BuildEnvironment

#: Docnames a chapter page may not take, because the book's other pages use them.
RESERVED_PAGES = frozenset({"index", "glossary", "cards", "whats-new", "changes"})
__all__ = ["IMAGE_SUFFIXES", "MISSING_IMAGE", "SAFE_SCHEMES", "SOURCE_ERROR", "UNSAFE_LINK"]


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


@dataclass
class LoadedBook:
    """One numbered book plus everything derived from it for the site."""

    config: BookConfig
    book: Rulebook
    #: The books folder the book was found in; source paths are shown relative to its parent.
    root: Path
    pages_dir: str
    diagnostics: list[Diagnostic] = field(default_factory=list)
    chapter_pages: dict[str, str] = field(default_factory=dict)
    targets: dict[str, Target] = field(default_factory=dict)
    #: term key → definitions in book order (the first one is primary).
    terms: dict[str, list[TermDefinition]] = field(default_factory=dict)
    term_anchors: dict[Position, str] = field(default_factory=dict)
    #: card name as written → mentions in book order.
    cards: dict[str, list[CardMention]] = field(default_factory=dict)
    images: dict[str, Path | None] = field(default_factory=dict)
    _chapter_digests: dict[str, str] = field(default_factory=dict)
    _digests: dict[str, str] = field(default_factory=dict)
    #: chapter id (``None``: the index page) → its diagnostics, grouped once per book.
    _diagnostics_by_page: dict[str | None, list[Diagnostic]] | None = None
    #: chapter id → (anchor, primary) of the terms it defines.
    _term_anchors_cache: dict[str, list[tuple[str, bool]]] | None = None

    def __repr__(self) -> str:
        # Never the whole book: Sphinx formats event arguments for its debug log.
        return f"<LoadedBook {self.slug}>"

    @property
    def slug(self) -> str:
        return self.config.slug

    @property
    def title(self) -> str:
        return self.config.title

    @property
    def index_page(self) -> str:
        return f"{self.pages_dir}/{self.slug}/index"

    @property
    def glossary_page(self) -> str:
        return f"{self.pages_dir}/{self.slug}/glossary"

    @property
    def cards_page(self) -> str:
        return f"{self.pages_dir}/{self.slug}/cards"

    @property
    def source_files(self) -> list[Path]:
        """Every file the book is made of, for ``env.note_dependency``."""
        files = [path.resolve() for path in self.config.files]
        files.append((self.config.directory / "book.toml").resolve())
        return sorted(set(files))

    def chapter_files(self, chapter: Item) -> list[Path]:
        """The files a chapter page shows: its source and the numbers in book.toml."""
        return sorted(
            {_absolute(chapter.pos.file), (self.config.directory / "book.toml").resolve()}
        )

    def display(self, pos: Position) -> str:
        """A source path as the site shows it: relative to the books folder's parent,
        so the public pages never carry the builder's absolute paths."""
        try:
            return _absolute(pos.file).relative_to(self.root.parent).as_posix()
        except ValueError:
            return pos.file

    def where(self, pos: Position) -> str:
        return f"{self.display(pos)}:{pos.line}"

    def chapter_page(self, chapter: Item) -> str:
        return self.chapter_pages[chapter.id]

    def item_page(self, item: Item) -> str:
        return self.chapter_pages[item.chapter.id]

    def chapter_of_diagnostic(self, diagnostic: Diagnostic) -> Item | None:
        """The chapter whose page reports ``diagnostic`` (``None``: the book's index page).

        Several chapters may share a file (an outline book), so the chapter is the
        last one of that file starting at or before the diagnostic's line.
        """
        best: Item | None = None
        for line, chapter in self._chapter_starts().get(_absolute(diagnostic.pos.file), []):
            if line <= diagnostic.pos.line:
                best = chapter
        return best

    def _chapter_starts(self) -> dict[Path, list[tuple[int, Item]]]:
        starts: dict[Path, list[tuple[int, Item]]] = {}
        for chapter in self.book.chapters:
            starts.setdefault(_absolute(chapter.pos.file), []).append((chapter.pos.line, chapter))
        return starts

    def diagnostics_for(self, chapter: Item | None) -> list[Diagnostic]:
        """What the page of ``chapter`` reports (``None``: the book's index page), so
        each diagnostic is reported once, by the one page that shows its source.

        Grouped once per book: each page's share costs what the page shows, not
        every diagnostic of the book times every chapter."""
        if self._diagnostics_by_page is None:
            starts = self._chapter_starts()
            grouped: dict[str | None, list[Diagnostic]] = {}
            for diagnostic in self.diagnostics:
                owner: Item | None = None
                for line, candidate in starts.get(_absolute(diagnostic.pos.file), []):
                    if line <= diagnostic.pos.line:
                        owner = candidate
                grouped.setdefault(owner.id if owner else None, []).append(diagnostic)
            self._diagnostics_by_page = grouped
        return list(self._diagnostics_by_page.get(chapter.id if chapter else None, []))

    def _cached(self, name: str, compute: Callable[[], str]) -> str:
        if name not in self._digests:
            self._digests[name] = compute()
        return self._digests[name]

    def digest(self) -> str:
        """Changes whenever anything a page of this book shows could change (for a
        page that shows the whole book; the book's own pages use the narrower ones)."""
        return self._cached(
            "book",
            lambda: digest(
                self.config.title,
                self.config.description,
                [self.chapter_digest(c.id) for c in self.book.chapters],
                [repr(d) for d in self.diagnostics],
                self.chapter_pages,
            ),
        )

    def chapter_digest(self, chapter_id: str) -> str:
        """Everything a chapter page renders of its own chapter (its references are
        fingerprinted one by one, see :mod:`rulesref.sphinx.incremental`)."""
        if chapter_id not in self._chapter_digests:
            chapter = self.book.get(chapter_id)
            if chapter is None:
                return ""
            self._chapter_digests[chapter_id] = digest(
                content_digest(chapter.walk()),
                [repr(d) for d in self.diagnostics_for(chapter)],
                self.chapter_pages.get(chapter_id),
                # Which of its terms are first defined here, under which anchors.
                self._term_anchors_by_chapter().get(chapter_id, []),
                sorted((name, str(path)) for name, path in self.images.items()),
            )
        return self._chapter_digests[chapter_id]

    def _term_anchors_by_chapter(self) -> dict[str, list[tuple[str, bool]]]:
        if self._term_anchors_cache is None:
            found: dict[str, list[tuple[str, bool]]] = {}
            for definitions in self.terms.values():
                for d in definitions:
                    found.setdefault(d.item.chapter.id, []).append((d.anchor, d.primary))
            self._term_anchors_cache = found
        return self._term_anchors_cache

    def index_digest(self) -> str:
        """What the book's index page shows: its title, description, the contents
        (numbers, titles and pages of the headed items) and its own diagnostics."""

        def headed(items: Iterable[Item], depth: int) -> Iterator[tuple[object, ...]]:
            for item in items:
                title = plain_text(item.toc_entry or item.text)
                yield (depth, item.id, item.number, title, self.item_page(item))
                yield from headed((c for c in item.children if c.is_heading), depth + 1)

        return self._cached(
            "index",
            lambda: digest(
                self.config.title,
                self.config.description,
                list(headed(self.book.chapters, 1)),
                [repr(d) for d in self.diagnostics_for(None)],
            ),
        )

    def _shown_item(self, item: Item, example: Example | None = None) -> tuple[object, ...]:
        """How a list page links to an item or example: its words, number and page."""
        return (
            item.id,
            item.kind.value,
            item.number,
            example.anchor if example else None,
            self.item_page(item),
        )

    def glossary_digest(self) -> str:
        """What the glossary shows: each term, its anchors, and the number, page and
        text of every rule defining it (that text's references are fingerprinted as
        they are rendered)."""
        acknowledged = self.book.acknowledged.get("duplicate-term", {})
        return self._cached(
            "glossary",
            lambda: digest(
                self.title,
                [
                    (
                        key,
                        acknowledged.get(key),
                        [
                            (
                                d.term.text,
                                d.anchor,
                                d.primary,
                                self._shown_item(d.item),
                                repr(d.item.text),
                            )
                            for d in definitions
                        ],
                    )
                    for key, definitions in sorted(self.terms.items())
                ],
            ),
        )

    def cards_digest(self) -> str:
        """What the card index shows: each card name and where it is mentioned."""
        return self._cached(
            "cards",
            lambda: digest(
                self.title,
                [
                    (name, [self._shown_item(m.item, m.example) for m in mentions])
                    for name, mentions in self.cards.items()
                ],
            ),
        )

    def drafting_digest(self) -> str:
        """What the Drafting status page shows of this book: every diagnostic and
        unresolved reference, with its source line and the number of its rule."""
        return self._cached(
            "drafting",
            lambda: digest(
                self.title,
                str(self.root),
                [
                    (self.where(u.pos), u.target, u.is_todo, self._shown_item(u.item))
                    for u in unresolved_references(self.book)
                ],
                [(self.where(d.pos), repr(d)) for d in self.diagnostics],
            ),
        )

    def term(self, text: str) -> TermDefinition | None:
        definitions = self.terms.get(term_key(text))
        return definitions[0] if definitions else None


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
        book, ident = self.split(target)
        if book is not None:
            found = book.targets.get(ident)
            return [(book, found)] if found else []
        if hint and (hinted := self.books.get(hint)) and ident in hinted.targets:
            return [(hinted, hinted.targets[ident])]
        return [(b, b.targets[ident]) for b in self if ident in b.targets]

    def find_term(
        self, target: str, hint: str | None = None
    ) -> list[tuple[LoadedBook, TermDefinition]]:
        book, text = self.split(target)
        if book is not None:
            found = book.term(text)
            return [(book, found)] if found else []
        if hint and (hinted := self.books.get(hint)) and (found := hinted.term(text)):
            return [(hinted, found)]
        return [(b, d) for b in self if (d := b.term(text)) is not None]

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


def load_registry(
    roots: Sequence[Path],
    pages_dir: str,
    only: Sequence[str] | None = None,
    cards: CardTable | None = None,
) -> Registry:
    """Discover, read and number every book below ``roots``.

    A book whose sources cannot be read is left out and its error kept, so one
    broken draft does not take the other books' pages down with it.
    """
    table = cards or card_table()
    result = Registry({}, pages_dir)
    configs: list[tuple[Path, BookConfig]] = []
    for root in roots:
        if not root.is_dir():
            continue
        found, problems = discover_books(root)
        configs.extend((root, config) for config in found)
        result.load_errors.extend(
            RulesSourceError(p.pos, p.message) for p in problems if p.severity is Severity.ERROR
        )
        result.load_warnings.extend(p for p in problems if p.severity is not Severity.ERROR)
        result.left_out.extend(left_out(problems))
    configs.sort(key=lambda pair: (pair[1].order, pair[1].slug))
    for root, config in configs:
        if only is not None and config.slug not in only:
            continue
        if config.slug in result.books:
            result.load_errors.append(
                RulesSourceError(
                    Position(str(config.directory / "book.toml")),
                    f"a second book is named '{config.slug}'; only the first is shown",
                )
            )
            continue
        try:
            book = load_book(config)
        except RulesSourceError as exc:
            result.load_errors.append(exc)
            result.left_out.append(config.directory.name)
            continue
        result.books[config.slug] = prepare(config, book, root.resolve(), pages_dir, table)
    return result


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
    for item in book.items():
        page = loaded.item_page(item)
        if item.id not in PLACEHOLDERS:  # {ref:TODO} stays a TODO (see checks.placeholder_ids)
            loaded.targets.setdefault(item.id, Target(page, item.id, item))
        for example in item.examples:
            loaded.targets.setdefault(example.anchor, Target(page, example.anchor, item, example))
    used: set[str] = set()
    for term, item in book.terms():
        anchor = unique(f"term-{config.slug}-{slugify(term.key)}", used)
        definitions = loaded.terms.setdefault(term.key, [])
        definitions.append(TermDefinition(term, item, anchor, primary=not definitions))
        loaded.term_anchors[term.pos] = anchor
    for node, owner, in_example in book.inlines():
        if isinstance(node, CardRef):
            mention = CardMention(node.name, owner, in_example)
            loaded.cards.setdefault(node.name, []).append(mention)
    loaded.images = book_images(book, config.directory)[0]
    loaded.diagnostics = check_book(book, cards, config.directory)
    return loaded


def _absolute(file: str) -> Path:
    return _resolved(str(Path.cwd()), file)


@functools.lru_cache(maxsize=4096)
def _resolved(cwd: str, file: str) -> Path:
    """``Path.resolve`` asks the file system; a build asks about the same few files
    thousands of times."""
    return (Path(cwd) / file).resolve()
