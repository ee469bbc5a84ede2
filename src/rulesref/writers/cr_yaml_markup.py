"""Inline text back to CR YAML markup.

Every text is parsed back before it is written and compared with the model,
so text the markup cannot express (``[click]`` meant literally) is a located
error instead of a silent change of meaning.
"""

from __future__ import annotations

from typing import Any

from rulesref.errors import Position, RulesSourceError
from rulesref.markup import BRACES, SYMBOLS, closing_braces, parse_inline, text_locator
from rulesref.model import (
    CardRef,
    Image,
    Inline,
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

#: A lone brace as the markup that reads back as it.
BRACE_MARKUP = {brace: f"{{{name}}}" for name, brace in BRACES.items()}


def markup(inlines: Inlines, pos: Position) -> str:
    """The markup that :func:`rulesref.markup.parse_inline` reads back as ``inlines``."""
    out = "".join(_node_markup(node) for node in inlines)
    try:
        again = parse_inline(out, text_locator(out, pos))
    except RulesSourceError as exc:
        raise RulesSourceError(
            pos, f"text cannot be written as CR YAML markup ({exc.message})"
        ) from None
    if _shape(again) != _shape(inlines):
        raise RulesSourceError(
            pos, f"text cannot be written as CR YAML markup without changing it: {out!r}"
        )
    return out


def _node_markup(node: Inline) -> str:
    if isinstance(node, Text):
        return _escape(node.text)
    if isinstance(node, Term):
        return f"{{term:{node.text}}}"
    if isinstance(node, Ref):
        role = ("Ref" if node.capital else "ref") + ("/through" if node.through else "")
        return f"{{{role}:{','.join(node.source_ids)}}}"
    if isinstance(node, Subtype):
        return f"{{subtype:{node.name}}}"
    if isinstance(node, CardRef):
        return f"{{card:{node.name}}}"
    if isinstance(node, Product):
        return f"{{product:{node.name}}}"
    if isinstance(node, Link):
        return f"{{link:{node.text}|{node.url}}}"
    if isinstance(node, Image):
        return f"{{img:{node.name}}}"
    if isinstance(node, Symbol):
        return _symbol(node)
    return "{n}" + "".join(_node_markup(child) for child in node.children) + "{/n}"


def _symbol(node: Symbol) -> str:
    key = node.source[1:-1].casefold() if node.source.startswith("[") else ""
    if node.source.endswith("]") and key in SYMBOLS and SYMBOLS[key].name == node.name:
        return node.source
    for key, info in SYMBOLS.items():
        if info.name == node.name:
            return f"[{key}]"
    raise RulesSourceError(node.pos, f"unknown symbol '{node.name}'")


def _escape(text: str) -> str:
    """Literal braces as ``{curly:…}`` (a pair on one line) or ``{lbrace}`` /
    ``{rbrace}`` (a brace without its partner, as a broken markup the reader
    kept as written)."""
    if "{" not in text and "}" not in text:
        return text
    closing = closing_braces(text)
    out: list[str] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "{" and i in closing:
            out.append("{curly:" + text[i + 1 : closing[i]] + "}")
            i = closing[i] + 1
            continue
        out.append(BRACE_MARKUP.get(ch, ch))
        i += 1
    return "".join(out)


def _shape(inlines: Inlines) -> list[tuple[Any, ...]]:
    """Inline nodes without positions, adjacent texts merged: what "the same text" means."""
    out: list[tuple[Any, ...]] = []
    for node in inlines:
        if isinstance(node, Text):
            if out and out[-1][0] == "text":
                out[-1] = ("text", out[-1][1] + node.text)
            elif node.text:
                out.append(("text", node.text))
        elif isinstance(node, NewText):
            out.append(("new", tuple(_shape(node.children))))
        elif isinstance(node, Ref):
            out.append(("ref", node.source_ids, node.through, node.capital))
        elif isinstance(node, Symbol):
            out.append(("symbol", node.name))
        elif isinstance(node, Link):
            out.append(("link", node.text, node.url))
        elif isinstance(node, Term):
            out.append(("term", node.text))
        else:
            out.append((type(node).__name__, node.name))
    return out
