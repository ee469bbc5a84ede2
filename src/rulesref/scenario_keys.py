"""Which example a scenario backs, in which book, and whether the example
still says what it said when the scenario was written.

A scenario names an example by its rule's ID and its index and carries a
short hash of the example's text: ``backs: rule_id#example-2@1a2b3c4d``.  The
ID survives renumbering; the hash says whether the words changed.  A
scenario is only shown as verified while both hold: an example whose text
changed since (or whose hash the scenario does not give) is *to re-check*.

The hash (:func:`text_hash`) is taken over the example's words as the rules
team wrote them, not as a page shows them: references count by the IDs they
name (so renumbering changes nothing, and pointing at another rule does),
card names, symbols and links by what they say.  Before hashing, the text is
normalised (:func:`normalised_text`) so that only a change of words counts:

* white space: every run of spaces, tabs and line breaks is one space, and
  the ends are trimmed, so reflowing a paragraph or re-indenting YAML is no
  change;
* Unicode NFC, so a composed and a decomposed accent are the same letter;
* typographic quotes and apostrophes are the straight ones (an edit that only
  curls the quotes changes no word);
* markup that changes no word is not hashed: a term's mark, the "new in this
  release" mark, a reference's capital.

Case, punctuation and every other character count.  Eight hexadecimal digits
(32 bits) are plenty: a hash is only ever compared with one example's.

Scenarios find their book (:func:`bind`) by their folder's name, the book's
slug, as the seeds' do; or, for a folder named after a rules family (the
library's ``netrunner-cr``), in every book that holds one of the examples its
scenarios back with the very text they were written against.  That is what
survives a new release, which renames nothing a scenario can see but may
rewrite some examples, and a rules team's ``book.toml`` whose slug is its own
choice: the words themselves say which book a scenario belongs to.  A
different game that happens to use the same IDs matches no text, so it gets
no scenario.
"""

from __future__ import annotations

import hashlib
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from rulesref.model import (
    CardRef,
    Example,
    Image,
    Inlines,
    Item,
    Link,
    NewText,
    Product,
    Ref,
    Rulebook,
    Subtype,
    Symbol,
    Term,
    Text,
)
from rulesref.scenarios import ExampleRef, Scenario

#: Hexadecimal digits of a text hash.
HASH_LENGTH = 8

_TYPOGRAPHIC = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201a": "'", "\u2032": "'",
                              "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u2033": '"'})


def _words(inlines: Inlines) -> Iterable[str]:
    for node in inlines:
        if isinstance(node, Text | Term):
            yield node.text
        elif isinstance(node, Ref):
            yield "{ref:" + ",".join(node.ids) + (" through" if node.through else "") + "}"
        elif isinstance(node, Subtype | Product | CardRef):
            yield node.name
        elif isinstance(node, Link):
            yield node.text
        elif isinstance(node, Image | Symbol):
            yield f"[{node.name}]"
        elif isinstance(node, NewText):
            yield from _words(node.children)


def normalised_text(inlines: Inlines) -> str:
    """The words of ``inlines`` as :func:`text_hash` reads them (see the module)."""
    text = unicodedata.normalize("NFC", "".join(_words(inlines))).translate(_TYPOGRAPHIC)
    return " ".join(text.split())


def text_hash(example: Example) -> str:
    """The short hash a scenario's ``backs`` writes after ``@`` for ``example``."""
    digest = hashlib.sha256(normalised_text(example.text).encode("utf-8")).hexdigest()
    return digest[:HASH_LENGTH]


class LinkState(StrEnum):
    """How a scenario's link to an example stands."""

    #: The example has the text the scenario was written against.
    CURRENT = "current"
    #: Its text has changed since: the scenario must be checked against it again.
    CHANGED = "changed"
    #: The scenario gives no hash: nothing says which text it was checked against.
    UNHASHED = "unhashed"


@dataclass(frozen=True)
class ExampleLink:
    """A scenario's link to one example of a book."""

    scenario: Scenario
    ref: ExampleRef
    item: Item
    example: Example
    state: LinkState
    #: The example's text hash now.
    text_hash: str

    @property
    def current(self) -> bool:
        return self.state is LinkState.CURRENT

    @property
    def moved(self) -> bool:
        """Found by its text at another place than ``ref`` names (another index,
        or a rule whose ID is gone)."""
        return self.example.id != self.ref.example_id

    @property
    def written(self) -> str:
        """What ``backs`` should say for this example now."""
        return ExampleRef(self.example.owner_id, self.example.index).written(self.text_hash)


@dataclass
class BookExamples:
    """A book's examples by ID and by text hash (hashed once per book)."""

    book: Rulebook
    by_id: dict[str, tuple[Item, Example]] = field(default_factory=dict)
    by_hash: dict[str, list[tuple[Item, Example]]] = field(default_factory=dict)
    hashes: dict[int, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for chapter in self.book.chapters:
            for item in chapter.walk():
                for example in item.examples:
                    # The first of two examples with one ID is the one a link
                    # names, as on the page (rulesref.coverage).
                    self.by_id.setdefault(example.id, (item, example))
                    digest = text_hash(example)
                    self.hashes[id(example)] = digest
                    self.by_hash.setdefault(digest, []).append((item, example))

    def hash_of(self, example: Example) -> str:
        return self.hashes.get(id(example)) or text_hash(example)

    def find(self, scenario: Scenario, ref: ExampleRef) -> ExampleLink | None:
        """The example ``ref`` names, and how the link stands; ``None`` when the
        book has neither that example nor, under that rule (or anywhere, when
        the rule is gone), an example with the text the scenario was written
        against.  Text found elsewhere wins over an ID whose text changed: an
        example inserted before it moves it, and the same words are the same
        example."""
        named = self.by_id.get(ref.example_id)
        if ref.text_hash is None:
            if named is None:
                return None
            return self._link(scenario, ref, named, LinkState.UNHASHED)
        if named is not None and self.hash_of(named[1]) == ref.text_hash:
            return self._link(scenario, ref, named, LinkState.CURRENT)
        same_text = self.by_hash.get(ref.text_hash, [])
        under_rule = [entry for entry in same_text if entry[1].owner_id == ref.rule_id]
        if self.book.get(ref.rule_id) is None and len(same_text) == 1:
            under_rule = same_text  # the rule's ID is gone; its words are not
        if len(under_rule) == 1:
            return self._link(scenario, ref, under_rule[0], LinkState.CURRENT)
        if named is not None:
            return self._link(scenario, ref, named, LinkState.CHANGED)
        return None

    def _link(self, scenario: Scenario, ref: ExampleRef, entry: tuple[Item, Example],
              state: LinkState) -> ExampleLink:
        item, example = entry
        return ExampleLink(scenario, ref, item, example, state, self.hash_of(example))

    def holds_text_of(self, scenarios: Iterable[Scenario]) -> bool:
        """Whether one of the examples ``scenarios`` back is here with the text
        they were written against: then they are about this book."""
        return any(
            (link := self.find(scenario, ref)) is not None and link.current
            for scenario in scenarios
            for ref in scenario.backs
            if ref.text_hash is not None
        )


@dataclass
class Bound:
    """The scenarios that back one book's examples or name its rules."""

    #: The scenarios, in folder and name order; a name appears once per book.
    scenarios: list[Scenario] = field(default_factory=list)
    #: Folders bound because their name is the book's slug: the book's own
    #: scenarios, whose problems are the book's.  The others are guests, found
    #: by their examples' text (a library written for another release).
    own_folders: set[str] = field(default_factory=set)
    #: Scenarios left out because another of the same name came first (a
    #: team's own scenario replaces the library's of that name).
    shadowed: list[tuple[Scenario, Scenario]] = field(default_factory=list)

    def own(self, scenario: Scenario) -> bool:
        return scenario.book in self.own_folders


def bind(
    books: Sequence[Rulebook], scenarios: Iterable[Scenario],
    examples: dict[str, BookExamples] | None = None,
) -> dict[str, Bound]:
    """book slug → the scenarios that are about it (see the module): the folder
    named after the book, and every other folder one of whose examples the
    book holds with the text it was written against.  Within a book, a
    scenario's file name is unique: the site's own scenario replaces the
    library's of the same name."""
    examples = examples if examples is not None else {}
    folders: dict[str, list[Scenario]] = {}
    for scenario in scenarios:
        folders.setdefault(scenario.book, []).append(scenario)
    result: dict[str, Bound] = {}
    for book in books:
        found = examples.setdefault(book.slug, BookExamples(book))
        bound = result[book.slug] = Bound()
        for folder, members in sorted(folders.items()):
            if folder == book.slug:
                bound.own_folders.add(folder)
            elif not found.holds_text_of(members):
                continue
            bound.scenarios.extend(members)
        bound.scenarios = _one_per_name(bound)
    return result


def _one_per_name(bound: Bound) -> list[Scenario]:
    """The first scenario of each name: the site's own before the library's, a
    folder named after the book before a guest's."""
    kept: dict[str, Scenario] = {}
    ranked = sorted(bound.scenarios, key=lambda s: (s.library, not bound.own(s), s.book))
    for scenario in ranked:
        first = kept.setdefault(scenario.slug, scenario)
        if first is not scenario:
            bound.shadowed.append((scenario, first))
    return sorted(kept.values(), key=lambda s: (s.book, s.slug))
