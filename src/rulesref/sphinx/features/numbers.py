"""Numbers are addresses: ``#8.1.2e`` on a chapter page and ``r/8.1.2e/`` anywhere.

A judge hears "8.1.2e" and types it.  Three ways lead there:

* every numbered item carries its number as a second anchor beside its ID, so
  ``chpt_card_manipulation.html#8.1.2e`` lands on the rule as
  ``#rule_rez_procedure`` does (``#8.1.2E`` too: ``rulesref-site.js`` folds
  the case, since HTML anchors are case-sensitive);
* a static short address per number, ``r/<number>/`` (and
  ``r/<book>/<number>/`` for one book), a tiny page that redirects to the
  permalink with a meta refresh, so it works on any static host and without
  JavaScript; where several books share a number it lists them instead;
* a "go to rule" box at the top of every page (:func:`goto_box`), which
  jumps to an exact number through those pages without a results page, and
  searches otherwise.

The IDs stay the permanent anchors (they survive renumbering); numbers are
the address a person types.

A page per number is thousands of small files (3,246 for the real rulebook:
``r/<number>/`` and ``r/<book>/<number>/``, 5.5 MB), and on a slow disk the
costliest part of a full build.  The alternatives, measured on that book:
one ``404.html`` holding a number-to-address map (one file, 64 kB) works only
where the host serves it for a missing address (GitHub Pages, Netlify,
Cloudflare and GitLab Pages do; ``python -m http.server``, a bucket without
an error document and most intranet servers do not), needs JavaScript and
answers with status 404, so a chat's link preview of a rule is lost; a
host's redirect file (Netlify's and Cloudflare's ``_redirects``) works on
those hosts only; anchors named by number (``chapter.html#8.1.2e``, kept
below) need the chapter.  Only the pages work on any static host, so they
stay; they are written by child processes beside the build
(:func:`rulesref.sphinx.outfiles.write_files`), only when they changed.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util import logging

from rulesref.model import Item
from rulesref.sphinx import outfiles
from rulesref.sphinx.chapter_memo import per_chapter
from rulesref.sphinx.registry import BOOK_SLUG, LoadedBook, Registry, registry
from rulesref.sphinx.render import ITEM_EVENT
from rulesref.sphinx.targets import NUMBER, numbered_items
from rulesref.sphinx.walk import find

#: Folder of the short addresses, below the site root.
SHORT_DIR = "r"
#: What may name a file besides an official number (``targets.NUMBER``): a book
#: slug (numbers never start with a letter, so ``r/<slug>/`` and
#: ``r/<number>/`` cannot collide).
SLUG = BOOK_SLUG
MARK = "<!-- rulesref short address -->"
logger = logging.getLogger(__name__)
DESCRIPTION_CHARS = 240


def add_number_anchor(app: Sphinx, book: LoadedBook, item: Item, node: nodes.Element) -> None:
    """The number as a second anchor of the item; the ID stays the element's own.

    A rule's number anchors its number, which is also its permalink
    (``<a class="rr-number" id="8.1.2e" href="#rule_…">``), so the rule's box
    keeps its children as they are; a section, whose number
    sits in its title (copied into the menus, ids and all), takes it as a
    second ID, which the HTML writer puts on an empty first child."""
    number = item.number.casefold()
    if not NUMBER.fullmatch(number):
        return
    if isinstance(node, nodes.section):
        if number not in node["ids"]:
            node["ids"].append(number)
        return
    for text in node.children:
        if isinstance(text, nodes.paragraph) and "rr-text" in text["classes"]:
            for child in text.children:
                if isinstance(child, nodes.inline) and "rr-number" in child["classes"]:
                    child["ids"] = [number]
                    return
            return


# --------------------------------------------------------------------------
# Printed links: "glossary entry [8.1.2e]"

_ANCHORS: dict[int, dict[str, str]] = {}


def anchor_numbers(reg: Registry) -> dict[str, str]:
    """Every anchor of every book (items, examples, defined terms) → its number."""
    key = id(reg)
    if key not in _ANCHORS:
        table: dict[str, str] = {}
        for book in reg:
            for target in book.targets.values():
                if target.number:
                    table.setdefault(target.anchor, target.number)
            for definitions in book.terms.values():
                for definition in definitions:
                    if definition.item.number:
                        table.setdefault(definition.anchor, definition.item.number)
        _ANCHORS.clear()
        _ANCHORS[key] = table
    return _ANCHORS[key]


def add_print_targets(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """After each link to a numbered item whose text does not show the number, a
    "[8.1.2e]" that only print shows (paper cannot follow a link).  Not after a
    term: a judge reading on paper knows what "rez" means, and a number after
    every term buried the numbers of the rules the text cites."""
    if app.builder.format != "html":
        return
    table = anchor_numbers(registry(app.env))
    for reference in find(doctree, nodes.reference):
        if "rr-term-ref" in reference.get("classes", []):
            continue
        uri = reference.get("refuri") or ""
        anchor = reference.get("refid") or (uri.split("#", 1)[1] if "#" in uri else "")
        number = table.get(anchor)
        if not number or number in reference.astext() or reference.parent is None:
            continue
        # Empty, so the page's text is unchanged; print draws the number from it.
        mark = nodes.raw(
            "", f'<span class="rr-print-target" data-number="{escape(number)}"></span>',
            format="html",
        )
        reference.parent.insert(reference.parent.index(reference) + 1, mark)


# --------------------------------------------------------------------------
# Short addresses


@dataclass(frozen=True)
class Address:
    """One numbered item's short address, in words only: what its pages show,
    kept between rebuilds (:mod:`rulesref.sphinx.chapter_memo`) without
    holding on to the book it came from."""

    #: The number as it appears in the address (case-folded).
    number: str
    #: Where the item lives, relative to the site's root.
    uri: str
    label: str
    book_title: str
    description: str


def chapter_addresses(builder: Any, book: LoadedBook, chapter: Item) -> list[Address]:
    """The short addresses of a chapter's numbered items (none for a book whose
    slug cannot be a folder name)."""
    if not SLUG.fullmatch(book.slug):
        return []
    return [
        Address(item.number.casefold(), uri, f"{item.reference_word.capitalize()} {item.number}",
                book.title, _description(item))
        for item, uri in numbered_items(builder, book, chapter)
    ]


def _description(item: Item) -> str:
    text = " ".join(item.plain.split())
    if len(text) > DESCRIPTION_CHARS:
        text = text[: DESCRIPTION_CHARS - 1].rsplit(" ", 1)[0] + "…"
    return text


def redirect_page(address: Address, depth: int) -> str:
    """A page that forwards at once to the item (its ``uri`` is relative to the
    site root), with the rule's number and words for link previews (OpenGraph)."""
    up = "../" * depth
    url = escape(up + address.uri)
    title = escape(f"{address.label} · {address.book_title}")
    text = escape(address.description)
    go = _js_string(up + address.uri)
    head = f"""<meta name="description" content="{text}">
<meta property="og:title" content="{title}">
<meta property="og:description" content="{text}">
<meta property="og:type" content="article">
<meta name="rulesref-target" content="{url}">
<link rel="canonical" href="{url}">
<meta http-equiv="refresh" content="0; url={url}">
<script>location.replace({go} + location.hash.replace(/^#$/, ""));</script>"""
    body = f'<p><a href="{url}">{escape(address.label)}</a>: {text}</p>'
    return _page(title, head, body)


def _page(title: str, head: str, body: str) -> str:
    """A small stand-alone page of the short addresses (escaped ``title``, ready
    ``head`` and ``body`` markup): never indexed, readable on a phone."""
    return f"""<!DOCTYPE html>
{MARK}
<html lang="en">
<head>
<meta charset="utf-8">
<title>{title}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
{head}
</head>
<body>
{body}
</body>
</html>
"""


def _js_string(value: str) -> str:
    """A JavaScript string literal that is also safe inside a <script> element."""
    out = value.replace("\\", "\\\\").replace('"', '\\"').replace("<", "\\u003c")
    return f'"{out}"'


def choice_page(number: str, choices: list[Address], depth: int) -> str:
    """Several books number an item ``number``: say which is which."""
    up = "../" * depth
    rows = "\n".join(
        f'<li><a href="{escape(up + a.uri)}">{escape(a.label)}</a>, {escape(a.book_title)}: '
        f"{escape(a.description)}</li>"
        for a in choices
    )
    title = escape(f"{number} in {len(choices)} books")
    head = f"""<meta name="rulesref-choices" content="{len(choices)}">
<style>body{{font:1.05rem/1.5 system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem}}
@media (prefers-color-scheme:dark){{
body{{background:#131416;color:#e6e6e6}}a{{color:#8ab4f8}}}}</style>"""
    body = f"""<h1>{escape(number)}</h1>
<p>Several rulebooks have an item numbered {escape(number)}:</p>
<ul>
{rows}
</ul>"""
    return _page(title, head, body)


#: A page of the short addresses: what makes its text, and the text's digest
#: (:func:`rulesref.sphinx.outfiles.digest`).
Page = tuple[Callable[[], str], str]


def _made(text: str) -> Page:
    return functools.partial(str, text), outfiles.digest(text)


def _chapter_pages(builder: Any, book: LoadedBook, chapter: Item
                   ) -> list[tuple[Address, str, str]]:
    """Each address of the chapter with the digests of its book's own page
    (``r/<book>/<number>/``) and of the page ``r/<number>/`` shows where no
    other book has the number: a rebuild after one word made and digested
    every number's page again, a twelfth of its time (on a thread that holds
    the interpreter lock).  Not the pages themselves: read back from the
    doctree folder, those were 5.8 MB of the real rulebook's 6.9 MB of kept
    chapter parts, which every rebuild unpickled to write a few of them; a
    page is made again from its address when it is written."""
    return [(a, outfiles.digest(redirect_page(a, 3)), outfiles.digest(redirect_page(a, 2)))
            for a in chapter_addresses(builder, book, chapter)]


def short_pages(app: Sphinx, reg: Registry) -> dict[str, Page]:
    """Path below the short addresses' folder → page, for every short address.
    A chapter's pages are digested again only when what they show changed."""
    by_number: dict[str, list[Address]] = {}
    alone: dict[str, Page] = {}  # number → its page where one book has it
    pages: dict[str, Page] = {}
    for book in reg:
        for chapter in book.book.chapters:
            made = per_chapter(app, "short", book, chapter,
                               functools.partial(_chapter_pages, app.builder, book, chapter))
            for address, own, only in made:
                pages[f"{book.slug}/{address.number}/index.html"] = (
                    functools.partial(redirect_page, address, 3), own)
                by_number.setdefault(address.number, []).append(address)
                alone.setdefault(address.number, (functools.partial(redirect_page, address, 2),
                                                  only))
    for number, choices in by_number.items():
        many = len(choices) > 1
        page = _made(choice_page(number, choices, 2)) if many else alone[number]
        # A number as it is also typed, in capitals ("8.1.2E"): on a static host
        # that serves no 404 page (``python -m http.server``, a bucket), only a
        # file answers.  On a file system that ignores case it is the same file,
        # with the same text.  Other mixes of case (and ``r/<book>/``) are left
        # to the 404 page (:mod:`rulesref.sphinx.notfound`) where the host has one.
        for name in dict.fromkeys((number, number.upper())):
            pages[f"{name}/index.html"] = page
    pages[NUMBERS_FILE] = _made(numbers_list(by_number))
    return pages


#: Every number the short addresses know, for the search page to say which
#: exist near one that does not ("No rule 99.9").
NUMBERS_FILE = "numbers.json"


def numbers_list(by_number: dict[str, list[Address]]) -> str:
    return json.dumps({"numbers": list(by_number)}, separators=(",", ":"))


def start_short_pages(app: Sphinx, *_: object) -> None:
    """Compute the short addresses and write them while Sphinx reads and
    writes the pages (:mod:`rulesref.sphinx.outfiles`): unchanged files are
    left alone, and ones for numbers that are gone are removed.  The pages
    are made on the worker too: the registry and the builder's addresses are
    settled before anything is read, and do not change during the build."""
    if app.builder.format != "html" or not hasattr(app.builder, "get_target_uri"):
        return
    reg = registry(app.env)
    root = Path(app.outdir) / SHORT_DIR
    manifest = Path(app.doctreedir) / "rulesref-short-addresses.json"

    def write() -> None:
        pages = short_pages(app, reg)
        outfiles.sync_folder(root, outfiles.MadeTexts({path: make for path, (make, _) in
                                                       pages.items()}),
                             digests={path: made for path, (_, made) in pages.items()},
                             manifest=manifest, is_stale=_is_short_page)

    outfiles.start(app, SHORT_DIR, write)


def _is_short_page(path: Path) -> bool:
    return MARK in path.read_text(encoding="utf-8", errors="replace")[:200]


def finish_short_pages(app: Sphinx, exception: BaseException | None) -> None:
    try:
        outfiles.finish(app, SHORT_DIR)
    except (OSError, ValueError) as error:
        if exception is None:
            logger.warning("rulesref: the short addresses were not written: %s", error,
                           type="rules", subtype="short-address")


# --------------------------------------------------------------------------
# The "go to rule" box


def page_book(reg: Registry, pagename: str) -> str:
    """The book a page belongs to (its number box prefers that book's numbers)."""
    return reg.page_book(pagename)


def goto_box(search_uri: str, book: str) -> str:
    """A plain search form (it works without JavaScript); ``rulesref-site.js``
    turns an exact number into a jump straight to the rule."""
    return (
        f'<form class="rr-goto" role="search" action="{escape(search_uri)}" method="get" '
        f'data-book="{escape(book)}" data-pagefind-ignore="all">'
        '<label class="rr-goto-label" for="rr-goto-input">Go to rule</label>'
        '<input id="rr-goto-input" class="rr-goto-input" name="q" type="search" '
        'inputmode="search" autocomplete="off" enterkeyhint="go" spellcheck="false" '
        'placeholder="Rule number (8.1.2e) or words" aria-describedby="rr-goto-help">'
        '<button class="rr-goto-button" type="submit">Go</button>'
        '<span id="rr-goto-help" class="rr-visually-hidden">'
        "Type a rule number to jump to it, or words to search the rules.</span>"
        "</form>"
    )


def add_goto_box(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    if app.builder.format != "html" or "body" not in context:
        return
    box = goto_box(context["pathto"]("search"), page_book(registry(app.env), pagename))
    context["body"] = box + context["body"]


def setup(app: Sphinx) -> None:
    app.connect(ITEM_EVENT, add_number_anchor)
    app.connect("html-page-context", add_goto_box)
    app.connect("env-before-read-docs", start_short_pages)
    app.connect("build-finished", finish_short_pages)
    app.connect("doctree-resolved", add_print_targets)
