"""Hover previews: the text of every rule, per chapter page, for static/rulesref.js.

Judges hover (or tab to) a reference and read the rule without leaving the
page.  The texts are written as small scripts, one per chapter page
(``_static/rulesref/previews/<book>/<n>.js``) and one per book saying which
file holds each page's (``previews/<book>.js``); a reference's first preview
loads the book's list and its own chapter's texts.  One file per book held
the whole book: 456 KB at the real rulebook's size, 4.7 MB at ten times it,
fetched by a phone on its first tap.  Scripts rather than JSON, so they also
work from ``file://``, where browsers refuse ``fetch``.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx

from rulesref.cards import card_table
from rulesref.model import (
    CardRef,
    Image,
    Inlines,
    Item,
    Link,
    NewText,
    Product,
    Ref,
    Subtype,
    Symbol,
    Term,
    Text,
    walk_inlines,
)
from rulesref.sphinx import outfiles
from rulesref.sphinx.assets import copy_to_static
from rulesref.sphinx.chapter_memo import per_chapter
from rulesref.sphinx.loaded_book import LoadedBook
from rulesref.sphinx.references import reference_parts, target_text
from rulesref.sphinx.registry import registry
from rulesref.sphinx.render_inline import SYMBOL_LABELS
from rulesref.sphinx.targets import Target, TermDefinition

#: The stylesheet of previews, "Referenced by" lines and linked terms.
LINKS_CSS = "rulesref-links.css"
#: The previews' folder, below ``_static/rulesref``, and its manifest in the doctree cache.
FOLDER = "previews"
MANIFEST = "rulesref-previews.json"


def preview_text(book: LoadedBook, inlines: Inlines) -> str:
    """What the reader reads, with references in their official wording."""
    out: list[str] = []
    for node in inlines:
        if isinstance(node, (Text, Term)):
            out.append(node.text)
        elif isinstance(node, Ref):
            parts = reference_parts(book, node.ids, through=node.through, capital=node.capitalised)
            out.append("".join(part.text for part in parts))
        elif isinstance(node, (CardRef, Subtype, Product)):
            out.append(node.name)
        elif isinstance(node, Link):
            out.append(node.text)
        elif isinstance(node, Image):
            out.append(f"[image: {node.name}]")
        elif isinstance(node, Symbol):
            out.append(f"[{SYMBOL_LABELS.get(node.name, node.name)}]")
        elif isinstance(node, NewText):
            out.append(preview_text(book, node.children))
    return " ".join("".join(out).split())


#: How many of a section's first rules its preview shows, and how much of each.
SECTION_RULES = 3
RULE_CHARS = 160


def _shortened(text: str, limit: int = RULE_CHARS) -> str:
    if len(text) <= limit:
        return text
    return text[: limit - 1].rsplit(" ", 1)[0] + "\u2026"


def first_rules(book: LoadedBook, item: Item) -> list[list[str]]:
    """A heading's first rules as [number, text], so its preview says what the
    section holds and not only its title."""
    rows = []
    for child in list(item.numbered_children)[:SECTION_RULES]:
        text = item_preview_text(book, child)
        rows.append([child.number, _shortened(text)])
    return rows


#: What a preview says of an item that could not be read (it has no text).
UNREADABLE_PREVIEW = "(could not be read)"


def item_preview_text(book: LoadedBook, item: Item) -> str:
    if item.unreadable:
        return UNREADABLE_PREVIEW
    return preview_text(book, item.snippet or item.text)


def target_preview(book: LoadedBook, target: Target) -> list[Any]:
    """[what it is ("rule 8.1.2e"), its text, and for a heading its first rules
    as [number, text] rows]."""
    if target.example is not None:
        text = preview_text(book, target.example.text)
    else:
        text = item_preview_text(book, target.item)
    entry: list[Any] = [target_text(target), text]
    if target.example is None and target.item.is_heading and target.item.children:
        entry.append(first_rules(book, target.item))
    return entry


def term_preview(book: LoadedBook, definition: TermDefinition) -> list[Any]:
    """["rez, defined in rule 8.1.2", the defining rule's text]."""
    owner = book.targets.get(definition.item.id)
    where = target_text(owner) if owner else definition.item.number
    return [f"{definition.term.text}, defined in {where}",
            preview_text(book, definition.item.text)]


@dataclass
class _PageAnchors:
    """The anchors one chapter page holds: its items' and examples', its terms'."""

    targets: list[Target] = field(default_factory=list)
    definitions: list[TermDefinition] = field(default_factory=list)

    def script(self, book: LoadedBook, chapter: Item) -> str:
        """The page's previews as its script (see :func:`chapter_script`)."""
        data = {target.anchor: target_preview(book, target) for target in self.targets}
        data.update((d.anchor, term_preview(book, d)) for d in self.definitions)
        data.update(chapter_cards(chapter))
        return chapter_script(book.slug, data)


def chapter_cards(chapter: Item) -> dict[str, list[Any]]:
    """The facts of every card the chapter names, by the card's address (no
    anchor starts with "https:").  A chapter page's card links carry no
    ``title`` (``rulesref.sphinx.features.lean``): on the real rulebook's
    abilities chapter the facts were 26 kB of its HTML, repeated at each
    mention; the popover reads them here."""
    cards: dict[str, list[Any]] = {}
    for item in chapter.walk():
        sources = [item.text, item.snippet or (), item.toc_entry or ()]
        sources += [example.text for example in item.examples]
        for source in sources:
            for node in walk_inlines(source):
                if not isinstance(node, CardRef):
                    continue
                facts = card_table().get(node.name)
                if facts is not None:
                    cards[facts.url] = [node.name, facts.summary()]
    return cards


def _anchors_by_page(book: LoadedBook) -> dict[str, _PageAnchors]:
    pages: dict[str, _PageAnchors] = {}
    for target in book.targets.values():
        pages.setdefault(target.docname, _PageAnchors()).targets.append(target)
    for definitions in book.terms.values():
        for definition in definitions:
            page = book.item_page(definition.item)
            pages.setdefault(page, _PageAnchors()).definitions.append(definition)
    return pages


def _json(value: object) -> str:
    # Text never closes a script or opens a comment, whatever a rule says.
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e")


def chapter_script(slug: str, data: dict[str, list[Any]]) -> str:
    """One chapter page's previews, added to the book's table of loaded ones."""
    return (
        "window.RULESREF_PREVIEWS=window.RULESREF_PREVIEWS||{};"
        f"Object.assign(window.RULESREF_PREVIEWS[{_json(slug)}]="
        f"window.RULESREF_PREVIEWS[{_json(slug)}]||{{}},{_json(data)});\n"
    )


def pages_script(slug: str, pages: dict[str, str]) -> str:
    """Which file holds the previews of each chapter page (by its address from
    the site's root, as links give it)."""
    return (
        "window.RULESREF_PREVIEW_PAGES=window.RULESREF_PREVIEW_PAGES||{};"
        f"window.RULESREF_PREVIEW_PAGES[{_json(slug)}]={_json(pages)};\n"
    )


def copy_static(app: Sphinx, *args: object) -> None:
    """``write-started``: the links' style sheet, before the pages that load it
    (see :mod:`rulesref.sphinx.assets`)."""
    if app.builder.format == "html":
        copy_to_static(app, [LINKS_CSS])


def write_previews(app: Sphinx, *args: object) -> list[tuple[str, dict[str, object], str]]:
    """Per book, ``previews/<book>.js`` (the chapter pages' files) and a file per
    chapter page, ``previews/<book>/<n>.js``: a reference's first preview loads
    the two small files of its own chapter, not the whole book's texts.  A
    chapter's script is made again only when it or the book's numbers changed
    (:mod:`rulesref.sphinx.chapter_memo`), and written only when its text did
    (:func:`~rulesref.sphinx.outfiles.sync_folder`, whose manifest is kept
    in the doctree cache, out of the published folder)."""
    if app.builder.format != "html":
        return []
    static = Path(app.outdir) / "_static"
    files: dict[str, str] = {}
    for book in registry(app.env):
        by_page = _anchors_by_page(book)
        pages: dict[str, str] = {}
        for n, chapter in enumerate(book.book.chapters, 1):
            docname = book.chapter_page(chapter)
            anchors = by_page.get(docname, _PageAnchors())
            files[f"{book.slug}/{n}.js"] = per_chapter(
                app, "previews", book, chapter, functools.partial(anchors.script, book, chapter))
            pages[app.builder.get_target_uri(docname)] = f"{n}.js"
        files[f"{book.slug}.js"] = pages_script(book.slug, pages)
    # Everything in the folder is the previews': files of chapters or books now
    # gone go, even from a folder written without a manifest.
    outfiles.sync_folder(static / "rulesref" / FOLDER, files,
                         manifest=Path(app.doctreedir) / MANIFEST, is_stale=lambda _: True)
    # A site built before the previews were split kept one file per book there.
    for legacy in (static / "rulesref").glob("previews-*.js"):
        legacy.unlink(missing_ok=True)
    return []


def setup(app: Sphinx) -> None:
    app.connect("write-started", copy_static)
    app.connect("html-collect-pages", write_previews)
    app.add_css_file(LINKS_CSS)
