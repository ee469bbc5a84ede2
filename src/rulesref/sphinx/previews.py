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

from sphinx.application import Sphinx

from rulesref.model import (
    CardRef,
    Image,
    Inlines,
    Link,
    NewText,
    Product,
    Ref,
    Subtype,
    Symbol,
    Term,
    Text,
)
from rulesref.sphinx.references import reference_parts, target_text
from rulesref.sphinx.registry import LoadedBook, registry
from rulesref.sphinx.render import SYMBOL_LABELS


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


def preview_data(book: LoadedBook) -> dict[str, list[str]]:
    """anchor → [what it is ("rule 8.1.2e"), its text]."""
    data: dict[str, list[str]] = {}
    for anchor, target in book.targets.items():
        if target.example is not None:
            text = preview_text(book, target.example.text)
        else:
            text = preview_text(book, target.item.snippet or target.item.text)
        data[anchor] = [target_text(target), text]
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
    folder = Path(app.outdir) / "_static" / "rulesref"
    folder.mkdir(parents=True, exist_ok=True)
    for book in registry(app.env):
        path = folder / f"previews-{book.slug}.js"
        text = preview_script(book)
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
    return []


def setup(app: Sphinx) -> None:
    app.connect("html-collect-pages", write_previews)
