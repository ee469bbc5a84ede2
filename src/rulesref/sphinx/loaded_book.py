"""One book of a build, numbered, with what its pages show and how that is fingerprinted.

A page of a book shows a part of it (a chapter, the index, the glossary, the
card index); each part has its own digest so that an edit re-reads only the
pages that show what changed (see :mod:`rulesref.sphinx.incremental`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from rulesref.book_config import BookConfig
from rulesref.changelog import marked_new
from rulesref.checks import unresolved_references
from rulesref.errors import Diagnostic, Position
from rulesref.keys import content_digest, digest, made_once
from rulesref.model import Example, Item, Rulebook, plain_text, term_key
from rulesref.numbering import document_text
from rulesref.sphinx.targets import CardMention, Target, TermDefinition


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

    def reached(self, item: Item, example: Example | None = None) -> bool:
        """Whether references to the ID of ``item`` (or of its ``example``) reach
        it: not when another item wrote the same ID first (that one keeps the
        references, the domain entry, the scenarios; see :mod:`rulesref.anchors`)."""
        target = self.targets.get(example.id if example else item.id)
        return target is None or target.holds(item, example)

    def chapter_of_diagnostic(self, diagnostic: Diagnostic) -> Item | None:
        """The chapter whose page reports ``diagnostic`` (``None``: the book's index page).

        Several chapters may share a file (an outline book), so the chapter is the
        last one of that file starting at or before the diagnostic's line.
        """
        return _chapter_at(self._chapter_starts(), diagnostic)

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
                owner = _chapter_at(starts, diagnostic)
                grouped.setdefault(owner.id if owner else None, []).append(diagnostic)
            self._diagnostics_by_page = grouped
        return list(self._diagnostics_by_page.get(chapter.id if chapter else None, []))

    def _cached(self, name: str, compute: Callable[[], str]) -> str:
        return made_once(self._digests, name, compute)

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

    def numbers_digest(self) -> str:
        """What a reference to any item of the book reads and where it leads:
        every item's ID, number and reference word, and the chapters' pages.
        With :meth:`chapter_digest` it decides everything the files made of
        one chapter's items (search records, short addresses) show."""
        return self._cached(
            "numbers",
            lambda: digest(
                self.config.title,
                [(i.id, i.number, i.reference_word) for i in self.book.items()],
                self.chapter_pages,
            ),
        )

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

    def whatsnew_digest(self) -> str:
        """What the What's new page shows of the book itself: the items marked
        new, with their numbers, pages and words (the changelog is a file
        dependency, its references fingerprinted as they are rendered)."""
        return self._cached(
            "whats-new",
            lambda: digest(
                self.title,
                [
                    (*self._shown_item(item), document_text(item.toc_entry or item.text, self.book))
                    for item in self.book.items()
                    if marked_new(item)
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



def _chapter_at(starts: dict[Path, list[tuple[int, Item]]], diagnostic: Diagnostic) -> Item | None:
    """The last chapter of the diagnostic's file starting at or before its line."""
    best: Item | None = None
    for line, chapter in starts.get(_absolute(diagnostic.pos.file), []):
        if line <= diagnostic.pos.line:
            best = chapter
    return best


def _absolute(file: str) -> Path:
    return _resolved(str(Path.cwd()), file)


@functools.lru_cache(maxsize=4096)
def _resolved(cwd: str, file: str) -> Path:
    """``Path.resolve`` asks the file system; a build asks about the same few files
    thousands of times."""
    return (Path(cwd) / file).resolve()
