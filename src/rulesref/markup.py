"""Inline markup (``{term:rez}``, ``{ref:a,b}``, ``[click]`` …) to the inline AST.

A small hand-written scanner rather than regex substitution: it has to report
the exact column of an unclosed brace, keep ``{n}...{/n}`` nesting, and never
drop a character silently.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from rulesref.errors import Position, RulesSourceError
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

Locator = Callable[[int], Position]


@dataclass(frozen=True)
class SymbolInfo:
    name: str
    alt: str


#: Shortcut spellings → canonical symbol.  ``alt`` is the text alternative a
#: screen reader announces and that search indexes.
SYMBOLS: dict[str, SymbolInfo] = {
    "c": SymbolInfo("credit", "credit"),
    "credit": SymbolInfo("credit", "credit"),
    "click": SymbolInfo("click", "click"),
    "recurring": SymbolInfo("recurring", "recurring credit"),
    "recurring-credit": SymbolInfo("recurring", "recurring credit"),
    "link": SymbolInfo("link", "link"),
    "mu": SymbolInfo("mu", "memory unit"),
    "sub": SymbolInfo("subroutine", "subroutine"),
    "subroutine": SymbolInfo("subroutine", "subroutine"),
    "trash": SymbolInfo("trash", "trash"),
    "interrupt": SymbolInfo("interrupt", "interrupt"),
    "trashcost": SymbolInfo("trash-cost", "trash cost"),
    "trash-cost": SymbolInfo("trash-cost", "trash cost"),
}

ROLES = ("term", "ref", "subtype", "card", "product", "link", "img", "curly")
#: The longest ``[symbol]`` spelling: a ``[`` further from its ``]`` is plain text
#: (looking further would make a text of many ``[`` quadratic).
_SYMBOL_SPAN = max(len(key) for key in SYMBOLS) + 2


def text_locator(text: str, first: Position, indent_col: int | None = None) -> Locator:
    """Map offsets in ``text`` to file positions.

    ``first`` is where the first character stands; later lines start at
    ``indent_col`` (block scalars) or column 1.
    """
    starts = [0]
    # str.find, not a loop over characters: every text of a book passes here.
    end = text.find("\n")
    while end != -1:
        starts.append(end + 1)
        end = text.find("\n", end + 1)

    def locate(offset: int) -> Position:
        lo, hi = 0, len(starts) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if starts[mid] <= offset:
                lo = mid
            else:
                hi = mid - 1
        if lo == 0:
            return Position(first.file, first.line, first.col + offset)
        col0 = indent_col if indent_col is not None else 1
        return Position(first.file, first.line + lo, col0 + offset - starts[lo])

    return locate


#: Characters where markup may start or end; the text between them is copied whole.
_MARKUP_CHAR = re.compile(r"[{}\[]")


def parse_inline(text: str, locate: Locator) -> Inlines:
    """Parse ``text``; raise :class:`RulesSourceError` at the first broken construct."""
    parser = _Parser(text, locate)
    nodes = parser.parse_until(None)
    return tuple(nodes)


class _Parser:
    def __init__(self, text: str, locate: Locator) -> None:
        self.text = text
        self.locate = locate
        self.i = 0

    def error(self, offset: int, message: str) -> RulesSourceError:
        return RulesSourceError(self.locate(offset), message)

    def parse_until(self, closer: str | None, opened_at: int = 0) -> list[Inline]:
        nodes: list[Inline] = []
        buf: list[str] = []
        buf_start = self.i

        def flush() -> None:
            if buf:
                nodes.append(Text("".join(buf), self.locate(buf_start)))
                buf.clear()

        text = self.text
        while self.i < len(text):
            ch = text[self.i]
            if ch == "{":
                if closer is not None and text.startswith(closer, self.i):
                    flush()
                    self.i += len(closer)
                    return nodes
                start = self.i
                node = self.parse_brace()
                if isinstance(node, str):  # {curly:x}
                    if not buf:
                        buf_start = start
                    buf.append(node)
                    continue
                flush()
                nodes.append(node)
                buf_start = self.i
            elif ch == "[":
                end = text.find("]", self.i, self.i + _SYMBOL_SPAN)
                key = text[self.i + 1 : end].casefold() if end != -1 else ""
                if end != -1 and key in SYMBOLS:
                    flush()
                    nodes.append(
                        Symbol(SYMBOLS[key].name, text[self.i : end + 1], self.locate(self.i))
                    )
                    self.i = end + 1
                    buf_start = self.i
                else:
                    if not buf:
                        buf_start = self.i
                    buf.append(ch)
                    self.i += 1
            elif ch == "}":
                raise self.error(self.i, "unmatched '}' (write {curly:...} for literal braces)")
            else:
                # Plain text up to the next character that may start markup, at once.
                found = _MARKUP_CHAR.search(text, self.i)
                end = found.start() if found else len(text)
                if not buf:
                    buf_start = self.i
                buf.append(text[self.i : end])
                self.i = end
        if closer is not None:
            raise self.error(opened_at, "'{n}' is never closed by '{/n}'")
        flush()
        return nodes

    def parse_brace(self) -> Inline | str:
        text = self.text
        start = self.i
        if text.startswith("{n}", start):
            self.i += 3
            children = self.parse_until("{/n}", opened_at=start)
            return NewText(tuple(children), self.locate(start))
        if text.startswith("{/n}", start):
            raise self.error(start, "'{/n}' without an opening '{n}'")
        end = self._matching_close(start)
        body = text[start + 1 : end]
        self.i = end + 1
        if ":" not in body:
            raise self.error(start, f"unknown markup '{{{body}}}' (expected {{role:value}})")
        role, _, value = body.partition(":")
        pos = self.locate(start)
        through = False
        if "/" in role:
            role, _, modifier = role.partition("/")
            if modifier != "through":
                raise self.error(start, f"unknown modifier '/{modifier}' (only ref/through exists)")
            if role.casefold() != "ref":
                raise self.error(start, f"'/through' only applies to ref, not '{role}'")
            through = True
        lowered = role.casefold()
        if lowered not in ROLES:
            known = ", ".join(ROLES)
            raise self.error(start, f"unknown markup role '{role}' (known: {known})")
        if lowered == "curly":
            return "{" + value + "}"
        if "{" in value:
            outer = body.partition(":")[0]
            raise self.error(
                start + 1 + body.index("{"),
                f"markup cannot be nested inside '{{{outer}:...}}' (it would be shown "
                "as written); close the first before the second opens",
            )
        if not value.strip():
            raise self.error(start, f"empty value in '{{{body}}}'")
        if lowered == "ref":
            ids = tuple(part.strip() for part in value.split(","))
            if any(not part for part in ids):
                raise self.error(start, f"empty ID in '{{{body}}}'")
            if through and len(ids) != 2:
                raise self.error(start, "{ref/through:...} takes exactly two IDs")
            return Ref(ids, pos, through=through, capital=role[0].isupper())
        if lowered == "term":
            return Term(value, pos)
        if lowered == "subtype":
            return Subtype(value, pos)
        if lowered == "card":
            return CardRef(value, pos)
        if lowered == "product":
            return Product(value, pos)
        if lowered == "img":
            return Image(value, pos)
        # link
        label, sep, url = value.partition("|")
        if not sep or not url.strip():
            raise self.error(start, "{link:...} needs 'text|url'")
        return Link(label, url.strip(), pos)

    def _matching_close(self, start: int) -> int:
        depth = 0
        for j in range(start, len(self.text)):
            ch = self.text[j]
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
                if depth == 0:
                    return j
            elif ch == "\n" and depth:
                break
        snippet = self.text[start : start + 20].split("\n")[0]
        raise self.error(start, f"unclosed markup '{snippet}' (missing '}}')")
