"""The ``rules`` domain: every numbered item, example, term and card of every book.

Objects are keyed by ``(book, id)`` because each book has its own numbering,
glossary scope and index: two books may both have a ``rule_zone``.  Pages
register what they render while they are read (so parallel readers each
fill their own copy, merged by :meth:`RulesDomain.merge_domaindata`), and
the domain resolves references from that data when pages are written.
"""

from __future__ import annotations

from collections.abc import Iterator, Set
from typing import Any, NamedTuple, cast
from weakref import WeakKeyDictionary

from docutils import nodes
from docutils.nodes import Element
from sphinx.addnodes import pending_xref
from sphinx.application import Sphinx
from sphinx.builders import Builder
from sphinx.domains import Domain, ObjType
from sphinx.environment import BuildEnvironment
from sphinx.util import logging

from rulesref.cards import card_table
from rulesref.identifiers import PLACEHOLDERS
from rulesref.model import term_key
from rulesref.sphinx.references import resolve_ref, target_text
from rulesref.sphinx.registry import registry

logger = logging.getLogger(__name__)

#: Object types of numbered items, in the model's words.
ITEM_TYPES = ("chapter", "section", "subsection", "rule", "step", "timing", "timing_structure")
#: Roles that link to a numbered item or example (``number`` shows only "8.1.2e").
ITEM_ROLES = ("ref", "number")
#: The class of a link to each kind of target, in the order an ``any`` role lists them.
LINK_CLASSES = {"ref": "rr-ref", "term": "rr-term-ref", "card": "rr-card-ref"}


class ObjectEntry(NamedTuple):
    docname: str
    anchor: str
    objtype: str
    number: str


class TermEntry(NamedTuple):
    docname: str
    anchor: str
    text: str


class CardEntry(NamedTuple):
    docname: str
    anchor: str


Key = tuple[str, str]
#: What a page showed, for the incremental check: key → fingerprint.
Shown = dict[tuple[Any, ...], str]


class RulesDomain(Domain):
    """Rulebooks: numbered items with permanent anchors, terms and cards."""

    name = "rules"
    label = "Rules"
    object_types = {
        **{kind: ObjType(kind, *ITEM_ROLES, kind) for kind in ITEM_TYPES},
        "example": ObjType("example", *ITEM_ROLES, "example"),
        "term": ObjType("term", "term"),
        "card": ObjType("card", "card"),
    }
    initial_data = {
        "objects": {},  # (book, id) -> ObjectEntry
        "terms": {},  # (book, term key) -> TermEntry of the first definition
        "cards": {},  # (book, card name) -> CardEntry on the book's card index
        "shown": {},  # docname -> Shown
    }
    data_version = 1

    # -- data ---------------------------------------------------------------
    @property
    def objects(self) -> dict[Key, ObjectEntry]:
        return cast("dict[Key, ObjectEntry]", self.data["objects"])

    @property
    def terms(self) -> dict[Key, TermEntry]:
        return cast("dict[Key, TermEntry]", self.data["terms"])

    @property
    def cards(self) -> dict[Key, CardEntry]:
        return cast("dict[Key, CardEntry]", self.data["cards"])

    @property
    def shown(self) -> dict[str, Shown]:
        return cast("dict[str, Shown]", self.data["shown"])

    def note_object(self, book: str, ident: str, entry: ObjectEntry, location: Any = None) -> None:
        other = self.objects.get((book, ident))
        if other is not None and other.docname != entry.docname:
            logger.warning(
                "%s:%s is shown on two pages (%s and %s); links go to the second",
                book,
                ident,
                other.docname,
                entry.docname,
                location=location,
                type="rules",
                subtype="duplicate-object",
            )
        self.objects[book, ident] = entry

    def note_term(self, book: str, key: str, entry: TermEntry) -> None:
        self.terms[book, key] = entry

    def note_card(self, book: str, name: str, entry: CardEntry) -> None:
        self.cards[book, name] = entry

    def note_shown(self, docname: str, shown: Shown) -> None:
        self.shown.setdefault(docname, {}).update(shown)

    def clear_doc(self, docname: str) -> None:
        for table in (self.objects, self.terms, self.cards):
            for key in [k for k, v in table.items() if v.docname == docname]:
                del table[key]
        self.shown.pop(docname, None)

    def merge_domaindata(self, docnames: Set[str], otherdata: dict[str, Any]) -> None:
        for name in ("objects", "terms", "cards"):
            ours = self.data[name]
            for key, value in otherdata[name].items():
                if value.docname not in docnames:
                    continue
                if name == "objects" and key in ours and ours[key].docname != value.docname:
                    self.note_object(key[0], key[1], value)  # warns, as serially
                ours[key] = value
        for docname in docnames:
            if docname in otherdata["shown"]:
                self.shown[docname] = otherdata["shown"][docname]

    # -- look-ups -------------------------------------------------------------
    def _split(self, target: str) -> tuple[str | None, str]:
        prefix, sep, rest = target.partition(":")
        if sep and prefix in registry(self.env).books:
            return prefix, rest
        return None, target

    def _books(self, book: str | None, hint: str | None) -> list[str]:
        """Books to look in, most specific first."""
        if book is not None:
            return [book]
        order = list(registry(self.env).books)
        if hint in order:
            order.remove(hint)
            order.insert(0, hint)
        return order

    def find_object(
        self, target: str, hint: str | None = None
    ) -> tuple[str, str, ObjectEntry] | None:
        book, ident = self._split(target)
        if ident in PLACEHOLDERS:  # {ref:TODO} is a TODO even if an item took that ID
            return None
        for slug in self._books(book, hint):
            if (entry := self.objects.get((slug, ident))) is not None:
                return slug, ident, entry
        return None

    def find_term(self, target: str, hint: str | None = None) -> tuple[str, str, TermEntry] | None:
        """Look-ups ignore case: ``Rez`` finds the definition of ``rez``."""
        book, text = self._split(target)
        key = term_key(text)
        for slug in self._books(book, hint):
            if (entry := self.terms.get((slug, key))) is not None:
                return slug, key, entry
        return None

    def find_card(self, target: str, hint: str | None = None) -> tuple[str, str, CardEntry] | None:
        book, name = self._split(target)
        facts = card_table().get(name)  # the index shows a known card under its title
        folded = (facts.title if facts else name).casefold()
        for slug in self._books(book, hint):
            for (card_book, card), entry in self.cards.items():
                if card_book == slug and card.casefold() == folded:
                    return slug, card, entry
        return None

    # -- resolution -----------------------------------------------------------
    def _find(
        self, kind: str, target: str, hint: str | None
    ) -> tuple[str, str, ObjectEntry | TermEntry | CardEntry] | None:
        """``kind`` is ``ref`` (an item or example), ``term`` or ``card``."""
        if kind == "term":
            return self.find_term(target, hint)
        if kind == "card":
            return self.find_card(target, hint)
        return self.find_object(target, hint)

    def resolve_xref(
        self,
        env: BuildEnvironment,
        fromdocname: str,
        builder: Builder,
        typ: str,
        target: str,
        node: pending_xref,
        contnode: Element,
    ) -> nodes.reference | None:
        kind = typ if typ in ("term", "card") else "ref"
        found = self._find(kind, target, node.get("rules:book"))
        if found is None:
            return None
        slug, _key, entry = found
        return self._link(
            builder, fromdocname, entry.docname, entry.anchor, contnode, slug, LINK_CLASSES[kind]
        )

    def resolve_any_xref(
        self,
        env: BuildEnvironment,
        fromdocname: str,
        builder: Builder,
        target: str,
        node: pending_xref,
        contnode: Element,
    ) -> list[tuple[str, nodes.reference]]:
        hint = node.get("rules:book")
        results: list[tuple[str, nodes.reference]] = []
        for kind in LINK_CLASSES:
            found = self._find(kind, target, hint)
            if found is None:
                continue
            slug, key, entry = found
            content: Element
            if isinstance(entry, ObjectEntry):
                # An item reads as its reference ("rule 8.1.2e"), not as the target typed.
                resolved = resolve_ref(registry(env), f"{slug}:{key}")
                text = target_text(resolved.target) if resolved else entry.number
                content = nodes.inline(text, text)
            else:
                content = contnode.deepcopy()
            link = self._link(
                builder, fromdocname, entry.docname, entry.anchor, content, slug, LINK_CLASSES[kind]
            )
            results.append((f"rules:{kind}", link))
        return results

    @staticmethod
    def _link(
        builder: Builder,
        fromdocname: str,
        todocname: str,
        anchor: str,
        contnode: Element,
        book: str,
        kind: str,
    ) -> nodes.reference:
        ref = nodes.reference("", "", internal=True)
        if fromdocname == todocname:
            ref["refid"] = anchor
        else:
            ref["refuri"] = f"{_relative_uri(builder, fromdocname, todocname)}#{anchor}"
        ref += contnode
        # The hover preview finds the book from this class and the ID from the anchor.
        ref["classes"] += [kind, f"rr-book-{book}"]
        return ref

    def get_objects(self) -> Iterator[tuple[str, str, str, str, str, int]]:
        # The number leads the display name so search finds "8.1.2e" (see static/rulesref.js).
        for (book, ident), entry in self.objects.items():
            priority = 2 if entry.objtype in ("example", "timing") else 1
            yield (
                f"{book}:{ident}",
                f"{entry.number} {ident}".strip(),
                entry.objtype,
                entry.docname,
                entry.anchor,
                priority,
            )
        for (book, key), term in self.terms.items():
            yield f"{book}:{key}", term.text, "term", term.docname, term.anchor, 1
        for (book, name), card in self.cards.items():
            yield f"{book}:{name}", name, "card", card.docname, card.anchor, 1

    def get_type_name(self, type: ObjType, primary: bool = False) -> str:
        # "rule", not "Rules rule", in search results.
        return str(type.lname)

    def get_full_qualified_name(self, node: Element) -> str | None:
        target = node.get("reftarget")
        book = node.get("rules:book")
        if not target:
            return None
        if book and self._split(target)[0] is None:
            return f"{book}:{target}"
        return str(target)


_URIS: WeakKeyDictionary[Builder, dict[tuple[str, str], str]] = WeakKeyDictionary()


def _relative_uri(builder: Builder, fromdocname: str, todocname: str) -> str:
    """``builder.get_relative_uri``, once per pair of pages: what
    :func:`sphinx.util.nodes.make_refnode` asks for every link, and the builder
    quotes and joins paths each time (a real chapter page has hundreds of links
    to a dozen pages)."""
    cache = _URIS.setdefault(builder, {})
    key = (fromdocname, todocname)
    if key not in cache:
        cache[key] = builder.get_relative_uri(fromdocname, todocname)
    return cache[key]


def rules_domain(env: BuildEnvironment) -> RulesDomain:
    return cast("RulesDomain", env.get_domain("rules"))


def setup(app: Sphinx) -> None:
    app.add_domain(RulesDomain)
