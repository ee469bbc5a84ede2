"""Helpers for the Sphinx tests: the test sites and a small HTML reader.

The ``basic`` root holds a mini book that exercises every construct; the
repository's seeds are added to it with ``confoverrides`` (the root is
copied to a temporary folder, where a relative path would not reach them).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import stat
from collections import OrderedDict
from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

import pytest

from folded_scenarios import opened

REPO = Path(__file__).resolve().parents[2]
SEEDS = REPO / "seeds"
ROOTS = REPO / "tests" / "roots"

#: The basic site: the mini book plus every book of the seeds.
BASIC = pytest.mark.sphinx(
    "html", testroot="basic", srcdir="rr-basic",
    confoverrides={"rulesref_books_dir": ["books", str(SEEDS)]},
)
#: The same site as the rules team builds it: the drafting build (unresolved
#: references marked, the Drafting status page) with Sphinx's own search, the
#: search a site has where Pagefind is not installed.
DRAFTING = pytest.mark.sphinx(
    "html", testroot="basic", srcdir="rr-basic-drafting",
    confoverrides={"rulesref_books_dir": ["books", str(SEEDS)], "rulesref_drafting": True,
                   "rulesref_pagefind": False},
)
#: The basic site with every seed book and the scenario library.  One
#: mark for every module that reads this site, so the test session builds it
#: once (tests/conftest.py keeps the tests of one ``srcdir`` on one worker).
SEEDED = pytest.mark.sphinx(
    "html", testroot="basic", srcdir="rr-seeded",
    confoverrides={"rulesref_books_dir": ["books", str(SEEDS)],
                   "rulesref_scenario_library": True},
)
#: The tiny book of the ``scenarios`` root with its own scenarios, one failing.
TINY = pytest.mark.sphinx("html", testroot="scenarios", srcdir="rr-tiny")


#: A section to insert at the top of chapter 8 of the seed CR (``"sections:\n"`` →
#: this): every number of the chapter after it shifts by one section.
NEW_SECTION = """sections:
- section: sec_inserted
  text: Inserted Before Everything
  rules:
  - rule: rule_inserted
    text: A new first rule.
"""


def writable_site(target: Path, *seed_books: str) -> Path:
    """A private copy of the basic root with copies of some seed books in it,
    for tests that edit sources (the seeds are read-only files)."""
    shutil.copytree(ROOTS / "test-basic", target)
    for name in seed_books:
        shutil.copytree(SEEDS / name, target / "books" / name)
    for path in target.rglob("*"):
        path.chmod(path.stat().st_mode | stat.S_IWUSR)
    return target


# --------------------------------------------------------------------------
# A minimal DOM, enough to find elements by id and class and read their text.

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}


@dataclass(eq=False)
class Element:
    tag: str
    attrs: dict[str, str]
    parent: Element | None = None
    children: list[Element | str] = field(default_factory=list)

    @property
    def id(self) -> str:
        return self.attrs.get("id", "")

    @property
    def classes(self) -> list[str]:
        return self.attrs.get("class", "").split()

    def text(self) -> str:
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)

    def iter(self) -> Iterator[Element]:
        for child in self.children:
            if isinstance(child, Element):
                yield child
                yield from child.iter()

    def find_all(self, tag: str | None = None, cls: str | None = None) -> list[Element]:
        return [e for e in self.iter()
                if (tag is None or e.tag == tag) and (cls is None or cls in e.classes)]

    def find(self, tag: str | None = None, cls: str | None = None) -> Element | None:
        found = self.find_all(tag, cls)
        return found[0] if found else None

    def next_element(self) -> Element | None:
        """The following sibling element (a ``<dd>`` after its ``<dt>``)."""
        assert self.parent is not None
        siblings = [c for c in self.parent.children if isinstance(c, Element)]
        index = siblings.index(self)
        return siblings[index + 1] if index + 1 < len(siblings) else None

    def own(self, tag: str | None = None, cls: str | None = None) -> list[Element]:
        """Direct children only."""
        return [c for c in self.children if isinstance(c, Element)
                and (tag is None or c.tag == tag) and (cls is None or cls in c.classes)]


class _Builder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Element("#document", {})
        self.current = self.root

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = Element(tag, {k: v or "" for k, v in attrs}, self.current)
        self.current.children.append(element)
        if tag not in VOID:
            self.current = element

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.current.children.append(Element(tag, {k: v or "" for k, v in attrs}, self.current))

    def handle_endtag(self, tag: str) -> None:
        node: Element | None = self.current
        while node is not None and node.tag != tag:
            node = node.parent
        if node is not None and node.parent is not None:
            self.current = node.parent

    def handle_data(self, data: str) -> None:
        self.current.children.append(data)


@dataclass
class Page:
    path: Path
    root: Element
    ids: dict[str, Element]

    @property
    def source(self) -> str:
        return self.path.read_text(encoding="utf-8")

    def by_id(self, ident: str) -> Element:
        assert ident in self.ids, f"no element with id={ident!r} in {self.path.name}"
        return self.ids[ident]


def parse(path: Path, text: str | None = None) -> Page:
    """The page as it is on disk now (or ``text``, what a reader's browser makes
    of it).  Tests that walk every item of a book ask for the same page
    hundreds of times: a page whose bytes are unchanged is parsed once (keyed
    by its content, so an edited page is parsed again)."""
    text = path.read_text(encoding="utf-8") if text is None else text
    key = (str(path.resolve()), hashlib.sha256(text.encode()).hexdigest())
    cached = _PARSED.get(key)
    if cached is not None:
        _PARSED.move_to_end(key)
        return cached
    builder = _Builder()
    builder.feed(text)
    ids: dict[str, Element] = {}
    for element in builder.root.iter():
        if element.id:
            assert element.id not in ids, f"duplicate id {element.id!r} in {path}"
            ids[element.id] = element
    parsed = _PARSED[key] = Page(path, builder.root, ids)
    while len(_PARSED) > 32:
        _PARSED.popitem(last=False)
    return parsed


#: Recently parsed pages, least recently used first (see :func:`parse`).
_PARSED: OrderedDict[tuple[str, str], Page] = OrderedDict()


def page(outdir: Path, docname: str) -> Page:
    """A page with its folded scenarios' stories in their boxes, as a reader's
    browser shows them once opened (rulesref-scenarios.js, from the page's
    scenarios script)."""
    path = outdir / f"{docname}.html"
    return parse(path, opened(outdir, path.read_text(encoding="utf-8")))




def preview_book(shown: Page, link: Element) -> str:
    """The book whose previews a link shows (``rulesref.js``): the one its
    ``rr-book-<book>`` class names, or else the page's own, which the page's
    "Go to rule" box names."""
    for name in link.classes:
        if name.startswith("rr-book-"):
            return name.removeprefix("rr-book-")
    box = shown.root.find("form", "rr-goto")
    return box.attrs.get("data-book") or "" if box is not None else ""


def href_to(fromdoc: str, todoc: str, anchor: str) -> str:
    """The href Sphinx writes from one page to an anchor of another."""
    if fromdoc == todoc:
        return f"#{anchor}"
    rel = os.path.relpath(f"{todoc}.html", os.path.dirname(fromdoc) or ".")
    return f"{Path(rel).as_posix()}#{anchor}"


def html_files(outdir: Path) -> dict[str, bytes]:
    return {p.relative_to(outdir).as_posix(): p.read_bytes()
            for p in sorted(outdir.rglob("*.html"))}


# --------------------------------------------------------------------------
# Hover previews: _static/rulesref/previews/<book>.js lists each chapter page's
# file, previews/<book>/<n>.js holds that page's previews.

PREVIEWS = "_static/rulesref/previews"


def script_value(script: str) -> object:
    """The JSON value a previews script assigns (the last argument or right side)."""
    body = script.rstrip().rstrip(";")
    if body.endswith(")"):  # Object.assign(table, {...})
        return json.loads(body[body.index("||{},") + len("||{},"):-1])
    return json.loads(body.split("=", 2)[2])


def preview_pages(outdir: Path, slug: str) -> dict[str, str]:
    """Chapter page address (from the site's root) → its previews file."""
    pages = script_value((outdir / PREVIEWS / f"{slug}.js").read_text(encoding="utf-8"))
    assert isinstance(pages, dict)
    return pages


def page_previews(outdir: Path, slug: str) -> dict[str, dict[str, list[object]]]:
    """Each chapter page's previews, by the page's address."""
    found = {}
    for address, name in preview_pages(outdir, slug).items():
        data = script_value((outdir / PREVIEWS / slug / name).read_text(encoding="utf-8"))
        assert isinstance(data, dict)
        found[address] = data
    return found


def previews(outdir: Path, slug: str) -> dict[str, list[object]]:
    """Every preview of a book, whichever chapter file holds it."""
    merged: dict[str, list[object]] = {}
    for data in page_previews(outdir, slug).values():
        assert not merged.keys() & data.keys(), "an anchor in two chapter files"
        merged.update(data)
    return merged
