"""The typed rulebook model every reader produces and every consumer reads.

It knows nothing of docutils: Sphinx, the JSON export and the CLI all start
from the same :class:`Rulebook`.  Numbers are assigned by
:mod:`rulesref.numbering` after reading, so a reader only has to describe the
structure it found.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TypeAlias

from rulesref.errors import Diagnostic, Position
from rulesref.identifiers import anchor_for
from rulesref.pickling import pickled_by_fields

# --------------------------------------------------------------------------
# Inline text: a tiny AST, one node per markup construct.


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class Text:
    text: str
    pos: Position


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class Term:
    """``{term:rez}``: the defining occurrence of a glossary term."""

    text: str
    pos: Position

    @property
    def key(self) -> str:
        return term_key(self.text)

    @property
    def shown(self) -> str:
        """The term as a heading or message names it: ``{term: action phase}``
        is written with a stray space that is no part of the term."""
        return " ".join(self.text.split())


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class Ref:
    """``{ref:a,b}`` / ``{ref/through:a,b}`` / ``{Ref:a}`` / ``{ref:Sec_a}``.

    ``ids`` are the IDs the reference leads to.  IDs are case-insensitive:
    the CR writes ``{ref:Sec_drawing_cards}`` at the start of a sentence, and
    :func:`fold_reference_case` then points ``ids`` at ``sec_drawing_cards``
    while ``written`` keeps the spelling of the source, so the YAML writer
    gives back what the rules team wrote.  ``capital`` is the ``{Ref:…}``
    role; :attr:`capitalised` says whether the text starts with a capital.
    """

    ids: tuple[str, ...]
    pos: Position
    through: bool = False
    capital: bool = False
    written: tuple[str, ...] = ()

    @property
    def source_ids(self) -> tuple[str, ...]:
        """The IDs as the source spells them."""
        return self.written or self.ids

    @property
    def capitalised(self) -> bool:
        """ "Rule 8.1.2e": ``{Ref:…}``, or a first target written with a capital."""
        first = self.source_ids[0] if self.source_ids else ""
        return self.capital or (first[:1].isupper() and first != first.upper())


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class Subtype:
    name: str
    pos: Position


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class CardRef:
    name: str
    pos: Position


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class Product:
    name: str
    pos: Position


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class Link:
    text: str
    url: str
    pos: Position


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class Image:
    name: str
    pos: Position


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class Symbol:
    """A game icon such as ``[click]``; ``name`` is the canonical symbol name."""

    name: str
    source: str
    pos: Position


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class NewText:
    """``{n}...{/n}``: text that is new in this edition."""

    children: tuple[Inline, ...]
    pos: Position


Inline: TypeAlias = (
    Text | Term | Ref | Subtype | CardRef | Product | Link | Image | Symbol | NewText
)
Inlines: TypeAlias = tuple[Inline, ...]


def term_key(text: str) -> str:
    """Glossary keys ignore case and inner whitespace runs."""
    return " ".join(text.split()).casefold()


def walk_inlines(inlines: Inlines) -> Iterator[Inline]:
    for node in inlines:
        yield node
        if isinstance(node, NewText):
            yield from walk_inlines(node.children)


def plain_text(inlines: Inlines) -> str:
    """The words a reader sees, without references resolved (used for search and slugs)."""
    out: list[str] = []
    for node in inlines:
        if isinstance(node, (Text, Term)):
            out.append(node.text)
        elif isinstance(node, Ref):
            out.append(", ".join(node.source_ids))
        elif isinstance(node, (Subtype | Product, CardRef)):
            out.append(node.name)
        elif isinstance(node, Link):
            out.append(node.text)
        elif isinstance(node, (Image, Symbol)):
            out.append(f"[{node.name}]")
        elif isinstance(node, NewText):
            out.append(plain_text(node.children))
    return "".join(out)


# --------------------------------------------------------------------------
# Structure


class Kind(StrEnum):
    CHAPTER = "chapter"
    SECTION = "section"
    SUBSECTION = "subsection"
    RULE = "rule"
    STEP = "step"
    TIMING = "timing"
    #: A quick-reference timing structure standing in a ``rules:`` list: no
    #: number of its own, its elements (``TIMING``) are a nested ordered list.
    TIMING_STRUCTURE = "timing_structure"

    @property
    def reference_word(self) -> str:
        """How the official document names this kind in running text."""
        return _REFERENCE_WORDS[self]


_REFERENCE_WORDS = {
    Kind.CHAPTER: "chapter",
    Kind.SECTION: "section",
    Kind.SUBSECTION: "section",
    Kind.RULE: "rule",
    Kind.STEP: "step",
    Kind.TIMING: "step",
    Kind.TIMING_STRUCTURE: "timing structure",
}


@dataclass(eq=False)
class Example:
    text: Inlines
    pos: Position
    index: int
    owner_id: str
    new: bool = False
    #: Its anchor when not the usual one (the owner's anchor is not its ID's
    #: own, or another item took it): set by :func:`rulesref.anchors.assign_anchors`.
    anchor_override: str = ""

    @property
    def id(self) -> str:
        """What a reference or a scenario names it by: ``<owner ID>-example-<n>``."""
        return f"{self.owner_id}-example-{self.index}"

    @property
    def anchor(self) -> str:
        """Its HTML anchor: the owner's anchor, ``-example-`` and its place."""
        return self.anchor_override or f"{anchor_for(self.owner_id)}-example-{self.index}"


@dataclass(eq=False, repr=False)
class Item:
    """A chapter, section, subsection, rule, step or timing-structure element.

    ``text`` is the title for chapters and sections, and the rule text for
    everything else (a subsection has both roles: the CR writes
    "8.1.2. To rez an unrezzed card is to turn it faceup.").
    """

    kind: Kind
    id: str
    text: Inlines
    pos: Position
    children: list[Item] = field(default_factory=list)
    examples: list[Example] = field(default_factory=list)
    timing: list[Item] = field(default_factory=list)
    number: str = ""
    label: str = ""
    steps: bool = False
    toc: bool = False
    toc_entry: Inlines | None = None
    snippet: Inlines | None = None
    new: bool = False
    bold: bool = False
    parent: Item | None = field(default=None, repr=False)
    chapter_source: str = ""
    #: Why this item could not be read ("" when it was): it holds its place and
    #: number, so the items after it keep theirs, and shows no text.
    unreadable: str = ""
    #: Its anchor when not its ID's own (see :attr:`anchor`).
    anchor_override: str = ""

    def __repr__(self) -> str:
        # Short on purpose: a generated repr would print the whole subtree, and
        # Sphinx formats every event's arguments for its debug log.
        return f"<Item {self.kind.value} {self.id or '-'} {self.number or '-'}>"

    @property
    def anchor(self) -> str:
        """The HTML anchor of the item: its ID when the ID is safe in HTML, URLs
        and paths, else the ID escaped (:func:`rulesref.identifiers.anchor_for`);
        another anchor when that one is taken (:mod:`rulesref.anchors`)."""
        return self.anchor_override or anchor_for(self.id)

    @property
    def numbered_children(self) -> Iterator[Item]:
        """Children that take a number in the sequence (timing structures do not)."""
        return (child for child in self.children if child.kind is not Kind.TIMING_STRUCTURE)

    def walk(self) -> Iterator[Item]:
        """This item, its timing elements and its descendants in document order.

        With a stack, not nested generators: those pass every item up through
        each level above it, and the checks and the numbering walk every book
        many times."""
        stack = [self]
        while stack:
            item = stack.pop()
            yield item
            stack.extend(reversed(item.children))
            stack.extend(reversed(item.timing))

    @property
    def is_heading(self) -> bool:
        return self.kind in (Kind.CHAPTER, Kind.SECTION) or self.toc

    @property
    def reference_word(self) -> str:
        return self.kind.reference_word

    @property
    def plain(self) -> str:
        return plain_text(self.text)

    def ancestors(self) -> Iterator[Item]:
        node = self.parent
        while node is not None:
            yield node
            node = node.parent

    @property
    def chapter(self) -> Item:
        node = self
        while node.parent is not None:
            node = node.parent
        return node


@dataclass(repr=False)
class Rulebook:
    """One book of the site: its own numbering, glossary scope and index."""

    slug: str
    title: str
    chapters: list[Item] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    sources: list[str] = field(default_factory=list)
    #: subtype → {key → reason}, copied from the book's configuration.
    acknowledged: dict[str, dict[str, str]] = field(default_factory=dict)
    #: Kinds (subtypes) of warning the book accepts, copied from its configuration:
    #: :func:`rulesref.checks.check_book` reports them as notes.
    suppress_warnings: frozenset[str] = frozenset()
    _index: dict[str, Item] = field(default_factory=dict, repr=False)

    def __repr__(self) -> str:
        # Never the whole book (see Item.__repr__).
        return f"<Rulebook {self.slug} ({len(self.chapters)} chapters)>"

    def items(self) -> Iterator[Item]:
        for chapter in self.chapters:
            yield from chapter.walk()

    def examples(self) -> Iterator[tuple[Item, Example]]:
        for item in self.items():
            for example in item.examples:
                yield item, example

    def reindex(self) -> None:
        """Rebuild the ID index and parent links (readers call this once they are done)."""
        self._index = {}
        for chapter in self.chapters:
            chapter.parent = None
            _link_parents(chapter)
        for item in self.items():
            self._index.setdefault(item.id, item)

    def get(self, item_id: str) -> Item | None:
        if not self._index:
            self.reindex()
        return self._index.get(item_id)

    def __contains__(self, item_id: object) -> bool:
        return isinstance(item_id, str) and self.get(item_id) is not None

    def terms(self) -> Iterator[tuple[Term, Item]]:
        """Every defining occurrence, with the item that defines it."""
        for item in self.items():
            for node in walk_inlines(item.text):
                if isinstance(node, Term):
                    yield node, item

    def inlines(self) -> Iterator[tuple[Inline, Item, Example | None]]:
        """Every inline node of the book, with where it stands."""
        for item in self.items():
            for source in (item.text, item.snippet or (), item.toc_entry or ()):
                for node in walk_inlines(source):
                    yield node, item, None
            for example in item.examples:
                for node in walk_inlines(example.text):
                    yield node, item, example


class _CaseFolder:
    """Resolves references whose targets differ from an ID only in case."""

    def __init__(self, book: Rulebook) -> None:
        self.book = book
        self._folded: dict[str, str] | None = None

    @property
    def folded(self) -> dict[str, str]:
        """Every ID by its case-folded form; made at the first reference that
        needs it (most resolve as written, and a changelog folds each entry)."""
        if self._folded is None:
            self._folded = {}
            for item in self.book.items():
                self._folded.setdefault(item.id.casefold(), item.id)
                for example in item.examples:
                    self._folded.setdefault(example.id.casefold(), example.id)
        return self._folded

    def resolve(self, ref: Ref) -> Ref:
        book = self.book
        if all(ident in book for ident in ref.ids):
            return ref
        folded = self.folded
        ids = tuple(
            ident if ident in book else folded.get(ident.casefold(), ident)
            for ident in ref.ids
        )
        if ids == ref.ids:
            return ref
        return Ref(ids, ref.pos, ref.through, ref.capital, ref.written or ref.ids)

    def rewrite(self, inlines: Inlines) -> Inlines:
        if not any(isinstance(node, (Ref, NewText)) for node in inlines):
            return inlines
        out: list[Inline] = []
        for node in inlines:
            if isinstance(node, Ref):
                out.append(self.resolve(node))
            elif isinstance(node, NewText):
                out.append(NewText(self.rewrite(node.children), node.pos))
            else:
                out.append(node)
        return tuple(out)


def case_folder(book: Rulebook) -> Callable[[Inlines], Inlines]:
    """:func:`fold_reference_case` for texts outside the book (its changelog's
    entries), one index for all of them."""
    return _CaseFolder(book).rewrite


def fold_reference_case(book: Rulebook) -> None:
    """Point capitalised targets (``{ref:Sec_drawing_cards}``) at their ID.

    IDs are case-insensitive; a target that is not an ID as written but is
    one ignoring case is resolved to that ID, its spelling kept in
    ``Ref.written``.  Linear in the book: one index, one pass, and only the
    texts that hold a reference are rebuilt.
    """
    folder = _CaseFolder(book)
    rewrite = folder.rewrite
    for item in book.items():
        item.text = rewrite(item.text)
        if item.snippet is not None:
            item.snippet = rewrite(item.snippet)
        if item.toc_entry is not None:
            item.toc_entry = rewrite(item.toc_entry)
        for example in item.examples:
            example.text = rewrite(example.text)


def _link_parents(item: Item) -> None:
    for child in (*item.timing, *item.children):
        child.parent = item
        _link_parents(child)
