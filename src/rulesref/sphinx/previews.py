"""Hover previews: the text of every rule, per book, for static/rulesref.js.

Judges hover (or tab to) a reference and read the rule without leaving the
page.  The texts are written once per book as a small script,
``_static/rulesref/previews-<book>.js``, which the page loads on first hover:
a script rather than JSON so it also works from ``file://``, where browsers
refuse ``fetch``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx

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
)
from rulesref.sphinx.assets import copy_to_static
from rulesref.sphinx.loaded_book import LoadedBook
from rulesref.sphinx.references import reference_parts, target_text
from rulesref.sphinx.registry import registry
from rulesref.sphinx.render_inline import SYMBOL_LABELS

#: The stylesheet of previews, "Referenced by" lines and linked terms.
LINKS_CSS = "rulesref-links.css"


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
    for child in item.children[:SECTION_RULES]:
        text = preview_text(book, child.snippet or child.text)
        rows.append([child.number, _shortened(text)])
    return rows


def preview_data(book: LoadedBook) -> dict[str, list[Any]]:
    """anchor → [what it is ("rule 8.1.2e"), its text, and for a heading its first
    rules as [number, text] rows]; a term's anchor → ["rez, defined in rule 8.1.2",
    the defining rule's text]."""
    data: dict[str, list[Any]] = {}
    for anchor, target in book.targets.items():
        if target.example is not None:
            text = preview_text(book, target.example.text)
        else:
            text = preview_text(book, target.item.snippet or target.item.text)
        entry: list[Any] = [target_text(target), text]
        if target.example is None and target.item.is_heading and target.item.children:
            entry.append(first_rules(book, target.item))
        data[anchor] = entry
    for definitions in book.terms.values():
        for definition in definitions:
            owner = book.targets.get(definition.item.id)
            where = target_text(owner) if owner else definition.item.number
            data[definition.anchor] = [
                f"{definition.term.text}, defined in {where}",
                preview_text(book, definition.item.text),
            ]
    return data


def preview_script(book: LoadedBook) -> str:
    payload = json.dumps(preview_data(book), ensure_ascii=False, separators=(",", ":"))
    # Text never closes a script or opens a comment, whatever a rule says.
    payload = payload.replace("<", "\\u003c").replace(">", "\\u003e")
    return (
        "window.RULESREF_PREVIEWS=window.RULESREF_PREVIEWS||{};"
        f"window.RULESREF_PREVIEWS[{json.dumps(book.slug)}]={payload};\n"
    )


def write_previews(app: Sphinx, *args: object) -> list[tuple[str, dict[str, object], str]]:
    if app.builder.format != "html":
        return []
    static = copy_to_static(app, [LINKS_CSS])
    folder = static / "rulesref"
    folder.mkdir(parents=True, exist_ok=True)
    stamps = Path(app.doctreedir) / "rulesref-previews"
    stamps.mkdir(parents=True, exist_ok=True)
    for book in registry(app.env):
        path = folder / f"previews-{book.slug}.js"
        # The previews show only the book: its digest says whether they changed,
        # without rendering every item's preview again.
        stamp, digest = stamps / f"{book.slug}.txt", book.digest()
        if path.is_file() and stamp.is_file() and stamp.read_text(encoding="utf-8") == digest:
            continue
        text = preview_script(book)
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
        stamp.write_text(digest, encoding="utf-8")
    return []


def setup(app: Sphinx) -> None:
    app.connect("html-collect-pages", write_previews)
    app.add_css_file(LINKS_CSS)
