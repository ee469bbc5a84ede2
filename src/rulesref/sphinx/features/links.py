"""Links a reader follows without searching: "Referenced by" under each rule,
and the first use of a defined term in a rule linked to its definition, where
the use is unambiguous: a term of several words, or a word that is not an
everyday English verb or adjective (:mod:`rulesref.everyday`) or is written as
a name, and never a term the book lists in ``never_link``.

No rules site lists which rules point at a rule; a judge checking a ruling
wants exactly that.  :func:`referenced_by` reads it from the model (every
``{ref:}`` in a rule's own text), and the first time a rule's text uses a term
another rule defines (``{term:}``), the word links to the definition, with a
preview.  Both are added when a rule is rendered on its chapter page
(``rulesref-render-item``).

Both depend on other chapters (a new reference in chapter 4 changes what
chapter 8 shows), so each chapter page records a fingerprint of what it
showed, and ``env-get-outdated`` re-reads the pages whose fingerprint changed.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Set
from dataclasses import dataclass, field
from typing import Any

from docutils import nodes
from sphinx.addnodes import pending_xref
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment

from rulesref.everyday import is_everyday, written_as_a_name
from rulesref.keys import digest
from rulesref.model import Item, Kind, Ref, Rulebook, Term, walk_inlines
from rulesref.sphinx.env_store import env_attribute
from rulesref.sphinx.loaded_book import LoadedBook
from rulesref.sphinx.registry import Registry, registry
from rulesref.sphinx.render import text_end
from rulesref.sphinx.render_inline import item_link, pending_ref

#: The environment attribute holding :class:`LinksEnvData`.
ENV_ATTR = "rulesref_links"
#: Classes of the "Referenced by" line and of a linked first use of a term.
REFERENCED_BY = "rr-referenced-by"
TERM_USE = "rr-term-use"


def referenced_by(book: Rulebook) -> dict[str, list[Item]]:
    """ID → the items whose own text references it, in book order (once each;
    a rule that cites itself is not listed)."""
    found: dict[str, list[Item]] = {}
    for item in book.items():
        cited: set[str] = set()
        for node in walk_inlines(item.text):
            if isinstance(node, Ref):
                cited.update(node.ids)
        for ident in sorted(cited - {item.id}):
            found.setdefault(ident, []).append(item)
    return found


@dataclass
class BookLinks:
    """What one book's pages link, computed once per build."""

    referrers: dict[str, list[Item]]
    #: Finds the defined terms (longest first), with a plural ending.
    terms: TermFinder | None
    #: term key → (anchor, page, defining item id), for the fingerprint.
    definitions: dict[str, tuple[str, str, str]] = field(default_factory=dict)


_WORD = re.compile(r"[\w-]+")


_END = "\0"  # marks, in the word tree, that a term ends at this word

_Tree = dict[str, "_Tree"]


class TermFinder:
    """Finds uses of a book's terms in text: a word matches a term whose words
    it starts, the words apart by spaces only, the last one perhaps with a
    plural ending ("s", "es"); where several terms start at a word, the
    longest wins.

    The terms are a tree of words, so each word of the text costs a lookup or
    two whatever the number of terms (a rulebook has hundreds, many sharing
    a first word); one regular expression alternating every term tried each
    of them at every position of every rule."""

    def __init__(self, keys: list[str]) -> None:
        self._root: _Tree = {}
        for key in keys:
            node = self._root
            for word in key.casefold().split():
                node = node.setdefault(word, {})
            if node is not self._root:
                node[_END] = {}
        #: The words a term can start with, plural endings included: most words
        #: of a rule start none, and are passed over at a set look-up.
        self._starts = {start + ending for start in self._root for ending in ("", "s", "es")}

    def finditer(self, text: str) -> Iterator[tuple[int, int]]:
        """(start, end) of each use, left to right, not overlapping."""
        found = list(_WORD.finditer(text))
        starts = self._starts
        index = 0
        while index < len(found):
            length = (self._match(text, found, index)
                      if found[index].group().casefold() in starts else 0)
            if length:
                yield found[index].start(), found[index + length - 1].end()
                index += length
            else:
                index += 1

    def _match(self, text: str, found: list[re.Match[str]], index: int) -> int:
        """How many words of the longest term starting at word ``index``."""
        node, best = self._root, 0
        for at in range(index, len(found)):
            if at > index and not text[found[at - 1].end():found[at].start()].isspace():
                break
            word = found[at].group().casefold()
            for ending in ("s", "es"):  # a plural of a term's last word ends it here
                if word.endswith(ending) and _END in node.get(word[:-len(ending)], ()):
                    best = at - index + 1
            child = node.get(word)
            if child is None:
                break
            if _END in child:
                best = at - index + 1
            node = child
        return best


_CACHE: dict[int, tuple[LoadedBook, BookLinks]] = {}


def book_links(book: LoadedBook) -> BookLinks:
    cached = _CACHE.get(id(book))
    if cached is not None and cached[0] is book:
        return cached[1]
    finder = TermFinder(list(book.terms)) if book.terms else None
    links = BookLinks(referenced_by(book.book), finder)
    for key, defs in book.terms.items():
        first = defs[0]
        links.definitions[key] = (first.anchor, book.item_page(first.item), first.item.id)
    if len(_CACHE) > 64:  # books of builds long gone
        _CACHE.clear()
    _CACHE[id(book)] = (book, links)
    return links


def _term_of(book: LoadedBook, word: str) -> str | None:
    """The key of the term ``word`` uses ("Rezzes" → "rez")."""
    key = " ".join(word.split()).casefold()
    for candidate in (key, key[:-1] if key.endswith("s") else "", key[:-2]
                      if key.endswith("es") else ""):
        if candidate and candidate in book.terms:
            return candidate
    return None


_SKIP_CLASSES = {"rr-term", "rr-number", "rr-card", "rr-marker", "rr-unresolved",
                 "rr-unreadable-notice"}


def _linkable(text: nodes.Text, paragraph: nodes.Element) -> bool:
    """Plain words of the rule: not inside a link, a defining term, a number."""
    parent = text.parent
    while parent is not None and parent is not paragraph:
        if isinstance(parent, (pending_xref, nodes.reference, nodes.literal)):
            return False
        if _SKIP_CLASSES & set(parent.get("classes", [])):
            return False
        parent = parent.parent
    return parent is paragraph


def link_first_terms(fromdoc: str, book: LoadedBook, item: Item, paragraph: nodes.Element
                     ) -> list[str]:
    """Link the first use of each term in the rule's text to its definition
    (not a term this rule defines).  Returns the keys linked."""
    links = book_links(book)
    if links.terms is None:
        return []
    # A term this rule defines is not linked away from it.
    done = {node.key for node in walk_inlines(item.text) if isinstance(node, Term)}
    linked: list[str] = []
    never = book.config.never_link
    for text in list(paragraph.findall(nodes.Text)):
        if not _linkable(text, paragraph):
            continue
        source = str(text)
        pieces: list[nodes.Node] = []
        last = 0
        for start, end in links.terms.finditer(source):
            word = source[start:end]
            key = _term_of(book, word)
            if key is None or key in done or key in never:
                continue
            if " " not in key and is_everyday(word) and not written_as_a_name(source, start):
                continue  # "takes", "full": English first, a term perhaps
            done.add(key)
            linked.append(key)
            pieces.append(nodes.Text(source[last:start]))
            pieces.append(pending_ref(fromdoc, "rules", "term", f"{book.slug}:{key}",
                                      word, book=book.slug, classes=[TERM_USE]))
            last = end
        if pieces:
            pieces.append(nodes.Text(source[last:]))
            text.parent.replace(text, [p for p in pieces if not isinstance(p, nodes.Text)
                                       or str(p)])
    return linked


def referenced_by_line(fromdoc: str, book: LoadedBook, referrers: list[Item]
                       ) -> nodes.paragraph:
    """ "Referenced by 8.4.2a, 8.5.11c", each number linked (and previewed)."""
    line = nodes.paragraph(classes=[REFERENCED_BY])
    line += nodes.inline("Referenced by ", "Referenced by ", classes=["rr-referenced-by-label"])
    for number, referrer in enumerate(referrers):
        if number:
            line += nodes.Text(", ")
        target = book.targets.get(referrer.id)
        text = referrer.number or referrer.reference_word
        # A referrer no reference reaches (a placeholder ID) is named, not linked.
        line += item_link(fromdoc, book, target, text) if target else nodes.Text(text)
    return line


def on_render_item(app: Sphinx, slug: str, item: Item, node: nodes.Element) -> None:
    env = app.env
    book = registry(env).get(slug)  # events carry the book's slug, never the book
    if book is None:
        return
    try:
        if book.item_page(item) != env.docname:
            return  # quoted on the glossary or card index: its chapter page links
    except KeyError:
        return
    if item.kind is Kind.CHAPTER:
        env_data(env).shown[env.docname] = (book.slug, item.id, chapter_fingerprint(book, item))
    text = next((c for c in node.children if isinstance(c, nodes.paragraph)
                 and "rr-text" in c["classes"]), None)
    if text is not None:
        link_first_terms(env.docname, book, item, text)
    referrers = book_links(book).referrers.get(item.id) if book.reached(item) else None
    if referrers:
        position = text_end(node)
        node.insert(position, referenced_by_line(env.docname, book, referrers))


def chapter_fingerprint(book: LoadedBook, chapter: Item) -> str:
    """What a chapter page shows that other chapters decide: who references
    each of its rules (number and page), and every term's definition."""
    links = book_links(book)
    shown: list[Any] = []
    for item in chapter.walk():
        for referrer in links.referrers.get(item.id, []):
            shown.append((item.id, referrer.id, referrer.number, book.item_page(referrer)))
    return digest(shown, sorted(links.definitions.items()))


@dataclass
class LinksEnvData:
    #: docname → (book, chapter id, fingerprint) of the chapter it shows.
    shown: dict[str, tuple[str, str, str]] = field(default_factory=dict)


def env_data(env: BuildEnvironment) -> LinksEnvData:
    return env_attribute(env, ENV_ATTR, LinksEnvData)


def _current(reg: Registry, slug: str, chapter_id: str) -> str:
    book = reg.get(slug)
    chapter = book.book.get(chapter_id) if book else None
    return chapter_fingerprint(book, chapter) if book and chapter else ""


def outdated(
    app: Sphinx, env: BuildEnvironment, added: set[str], changed: set[str], removed: set[str]
) -> list[str]:
    reg = registry(env)
    return sorted(
        docname
        for docname, (slug, chapter_id, value) in env_data(env).shown.items()
        if docname not in changed and docname not in removed
        and _current(reg, slug, chapter_id) != value
    )


def purge_doc(app: Sphinx, env: BuildEnvironment, docname: str) -> None:
    env_data(env).shown.pop(docname, None)


def merge_info(
    app: Sphinx, env: BuildEnvironment, docnames: Set[str], other: BuildEnvironment
) -> None:
    theirs = env_data(other).shown
    ours = env_data(env).shown
    for docname in docnames:
        if docname in theirs:
            ours[docname] = theirs[docname]


def setup(app: Sphinx) -> None:
    # After the scenarios (priority 500), so "Referenced by" sits right under the text.
    app.connect("rulesref-render-item", on_render_item, priority=600)
    app.connect("env-purge-doc", purge_doc)
    app.connect("env-merge-info", merge_info)
    app.connect("env-get-outdated", outdated)
