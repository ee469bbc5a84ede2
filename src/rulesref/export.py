"""The JSON export: the numbered model as plain data, for tools outside Python.

Inline markup is kept as typed nodes (not flattened to text) so a consumer
can render links and terms its own way.
"""

from __future__ import annotations

from typing import Any

from rulesref.model import (
    CardRef,
    Example,
    Image,
    Inline,
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

SCHEMA_VERSION = 1


def inline_to_data(node: Inline) -> dict[str, Any] | str:
    if isinstance(node, Text):
        return node.text
    if isinstance(node, Term):
        return {"term": node.text, "key": node.key}
    if isinstance(node, Ref):
        data: dict[str, Any] = {"ref": list(node.ids)}
        if node.written:
            data["written"] = list(node.written)
        if node.through:
            data["through"] = True
        if node.capital:
            data["capital"] = True
        return data
    if isinstance(node, Subtype):
        return {"subtype": node.name}
    if isinstance(node, CardRef):
        return {"card": node.name}
    if isinstance(node, Product):
        return {"product": node.name}
    if isinstance(node, Link):
        return {"link": node.text, "url": node.url}
    if isinstance(node, Image):
        return {"img": node.name}
    if isinstance(node, Symbol):
        return {"symbol": node.name}
    assert isinstance(node, NewText)
    return {"new": inlines_to_data(node.children)}


def inlines_to_data(inlines: Inlines) -> list[dict[str, Any] | str]:
    return [inline_to_data(node) for node in inlines]


def item_to_data(item: Item) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": item.id,
        "kind": item.kind.value,
        "number": item.number,
        "text": inlines_to_data(item.text),
        "plain": item.plain,
        "source": f"{item.pos.file}:{item.pos.line}",
    }
    for flag in ("steps", "toc", "new", "bold"):
        if getattr(item, flag):
            data[flag] = True
    if item.snippet is not None:
        data["snippet"] = inlines_to_data(item.snippet)
    if item.toc_entry is not None:
        data["toc_entry"] = inlines_to_data(item.toc_entry)
    if item.examples:
        data["examples"] = [_example_to_data(e) for e in item.examples]
    if item.timing:
        data["timing_structure"] = [item_to_data(e) for e in item.timing]
    if item.children:
        data["children"] = [item_to_data(child) for child in item.children]
    return data


def _example_to_data(example: Example) -> dict[str, Any]:
    data: dict[str, Any] = {"anchor": example.anchor, "text": inlines_to_data(example.text)}
    if example.new:
        data["new"] = True
    return data


def book_to_data(book: Rulebook) -> dict[str, Any]:
    return {
        "schema": SCHEMA_VERSION,
        "slug": book.slug,
        "title": book.title,
        "sources": book.sources,
        "chapters": [item_to_data(chapter) for chapter in book.chapters],
    }
