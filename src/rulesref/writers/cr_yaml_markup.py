"""Inline text back to CR YAML markup.

Every text is parsed back before it is written and compared with the model,
so text the markup cannot express (a lone ``{``, or ``[click]`` meant
literally) is a located error instead of a silent change of meaning.
"""

from __future__ import annotations

from typing import Any

from rulesref.errors import Position, RulesSourceError
from rulesref.markup import SYMBOLS, parse_inline, text_locator
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
        return _escape(node.text, node.pos)
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


def _escape(text: str, pos: Position) -> str:
    """Literal braces as ``{curly:…}``; a brace without its partner cannot be written."""
    out: list[str] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "{":
            depth, j = 0, i
            while j < len(text):
                if text[j] == "{":
                    depth += 1
                elif text[j] == "}":
                    depth -= 1
                    if depth == 0:
                        break
                elif text[j] == "\n":
                    j = len(text)
                    break
                j += 1
            if j >= len(text):
                raise RulesSourceError(pos, "a '{' without its '}' cannot be written as markup")
            out.append("{curly:" + text[i + 1 : j] + "}")
            i = j + 1
        elif ch == "}":
            raise RulesSourceError(pos, "a '}' without its '{' cannot be written as markup")
        else:
            out.append(ch)
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
