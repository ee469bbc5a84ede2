"""Inline markup (``{term:rez}``, ``{ref:a,b}``, ``[click]`` …) to the inline AST.

A small hand-written scanner rather than regex substitution: it has to report
the exact column of a broken brace, keep ``{n}...{/n}`` nesting, and never
drop a character silently.  Real rulebooks hold typos (``{c}`` for ``[c]``, an
unclosed ``{term:…``): such markup is kept as the characters written, with a
located warning naming the likely fix, so one typo never costs a rule.
Linear in the text: which ``}`` closes which ``{`` is found in one pass first.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from dataclasses import dataclass

from rulesref.errors import Diagnostic, Position, RulesSourceError
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

#: Diagnostic subtypes (``rules.<subtype>``): markup that is not markup at all
#: (``{c}``, ``{rule:x}``), and markup whose shape is broken (unclosed, empty,
#: nested).  Both are shown as the characters written.
UNKNOWN_MARKUP = "unknown-markup"
BROKEN_MARKUP = "broken-markup"


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
#: Literal braces that have no partner (``{curly:x}`` writes a pair).
BRACES = {"lbrace": "{", "rbrace": "}"}
#: Words an author may write as a role meaning a reference.
_REFERENCE_WORDS = frozenset({"rule", "rules", "section", "chapter", "step", "subsection", "see"})
#: The longest ``[symbol]`` spelling: a ``[`` further from its ``]`` is plain text
#: (looking further would make a text of many ``[`` quadratic).
_SYMBOL_SPAN = max(len(key) for key in SYMBOLS) + 2
#: ``{n}`` inside ``{n}`` deeper than this is shown as written (the parser
#: recurses once per level).
MAX_NEW_DEPTH = 16


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


def parse_inline(
    text: str, locate: Locator, problems: list[Diagnostic] | None = None
) -> Inlines:
    """Parse ``text``.

    Broken or unknown markup is kept as the characters written (a
    :class:`Text`) and reported in ``problems`` with its position and the
    likely fix.  Without ``problems`` the first such construct raises
    :class:`RulesSourceError` instead (for callers that must not guess, such
    as the writer checking that what it wrote reads back the same).
    """
    parser = _Parser(text, locate, problems)
    nodes, _closed = parser.parse_until(None)
    return tuple(nodes)


class _Broken(Exception):
    """A construct that is not markup: ``text[start:end]`` is kept as written."""

    def __init__(self, at: int, end: int, message: str, subtype: str) -> None:
        super().__init__(message)
        self.at = at
        self.end = end
        self.message = message
        self.subtype = subtype


def closing_braces(text: str) -> dict[int, int]:
    """For every ``{`` that has one, the ``}`` closing it on the same line (one
    pass; a brace never pairs across a line break)."""
    closing: dict[int, int] = {}
    stack: list[int] = []
    for found in re.finditer(r"[{}\n]", text):
        ch, at = found.group(), found.start()
        if ch == "{":
            stack.append(at)
        elif ch == "}":
            if stack:
                closing[stack.pop()] = at
        else:
            stack.clear()
    return closing


class _Parser:
    def __init__(self, text: str, locate: Locator, problems: list[Diagnostic] | None) -> None:
        self.text = text
        self.locate = locate
        self.problems = problems
        self.closing = closing_braces(text) if "{" in text else {}
        self.i = 0
        self.depth = 0

    def report(self, broken: _Broken) -> None:
        if self.problems is None:
            raise RulesSourceError(self.locate(broken.at), broken.message)
        self.problems.append(
            Diagnostic(
                self.locate(broken.at),
                f"{broken.message}; shown as written",
                broken.subtype,
            )
        )

    def parse_until(self, closer: str | None) -> tuple[list[Inline], bool]:
        """Nodes up to ``closer`` (consumed) or the end; and whether it was found."""
        nodes: list[Inline] = []
        buf: list[str] = []
        buf_start = self.i

        def flush() -> None:
            if buf:
                nodes.append(Text("".join(buf), self.locate(buf_start)))
                buf.clear()

        def literal(value: str, start: int) -> None:
            nonlocal buf_start
            if not buf:
                buf_start = start
            buf.append(value)

        text = self.text
        while self.i < len(text):
            ch = text[self.i]
            if ch == "{":
                if closer is not None and text.startswith(closer, self.i):
                    flush()
                    self.i += len(closer)
                    return nodes, True
                start = self.i
                try:
                    found = self.parse_brace()
                except _Broken as broken:
                    self.report(broken)
                    literal(text[start : broken.end], start)
                    self.i = broken.end
                    continue
                if isinstance(found, str):  # {curly:x}, {lbrace}
                    literal(found, start)
                    continue
                flush()
                for node in found:  # an unclosed {n} gives back text and nodes
                    if isinstance(node, Text) and nodes and isinstance(nodes[-1], Text):
                        nodes[-1] = Text(nodes[-1].text + node.text, nodes[-1].pos)
                    else:
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
                    literal(ch, self.i)
                    self.i += 1
            elif ch == "}":
                self.report(
                    _Broken(
                        self.i,
                        self.i + 1,
                        "unmatched '}' (write {rbrace} for a literal brace, "
                        "or {curly:...} for a pair)",
                        BROKEN_MARKUP,
                    )
                )
                literal(ch, self.i)
                self.i += 1
            else:
                # Plain text up to the next character that may start markup, at once.
                found_char = _MARKUP_CHAR.search(text, self.i)
                end = found_char.start() if found_char else len(text)
                literal(text[self.i : end], self.i)
                self.i = end
        flush()
        return nodes, closer is None

    def parse_brace(self) -> list[Inline] | str:
        text = self.text
        start = self.i
        if text.startswith("{n}", start):
            if self.depth < MAX_NEW_DEPTH:
                return self.new_text(start)
            raise _Broken(
                start, start + 3, f"'{{n}}' nested more than {MAX_NEW_DEPTH} deep", BROKEN_MARKUP
            )
        if text.startswith("{/n}", start):
            raise _Broken(start, start + 4, "'{/n}' without an opening '{n}'", BROKEN_MARKUP)
        end = self.closing.get(start)
        if end is None:
            snippet = text[start : start + 20].split("\n")[0]
            raise _Broken(
                start, start + 1, f"unclosed markup '{snippet}' (missing '}}')", BROKEN_MARKUP
            )
        body = text[start + 1 : end]
        self.i = end + 1
        after = end + 1
        if ":" not in body:
            if body in BRACES:
                return BRACES[body]
            raise _Broken(start, after, _unknown_body(body), UNKNOWN_MARKUP)
        role, _, value = body.partition(":")
        through = False
        if "/" in role:
            role, _, modifier = role.partition("/")
            if modifier != "through":
                raise _Broken(
                    start,
                    after,
                    f"unknown modifier '/{shown(modifier)}' (only ref/through exists)",
                    UNKNOWN_MARKUP,
                )
            if role.casefold() != "ref":
                raise _Broken(
                    start,
                    after,
                    f"'/through' only applies to ref, not '{shown(role)}' (did you mean "
                    f"{{ref/through:{shown(value)}}}?)",
                    UNKNOWN_MARKUP,
                )
            through = True
        lowered = role.casefold()
        if lowered not in ROLES:
            raise _Broken(start, after, _unknown_role(role, value), UNKNOWN_MARKUP)
        if lowered == "curly":
            return "{" + value + "}"
        if "{" in value:
            raise _Broken(
                start + 1 + body.index("{"),
                after,
                f"markup cannot be nested inside '{{{shown(role)}:...}}'; close the first "
                "before the second opens",
                BROKEN_MARKUP,
            )
        if not value.strip():
            raise _Broken(start, after, f"empty value in '{{{shown(body)}}}'", BROKEN_MARKUP)
        return [self.role_node(lowered, role, value, start, after, through)]

    def new_text(self, start: int) -> list[Inline]:
        self.i += 3
        self.depth += 1
        try:
            children, closed = self.parse_until("{/n}")
        finally:
            self.depth -= 1
        if closed:
            return [NewText(tuple(children), self.locate(start))]
        self.report(_Broken(start, start + 3, "'{n}' is never closed by '{/n}'", BROKEN_MARKUP))
        return [Text("{n}", self.locate(start)), *children]

    def role_node(
        self, lowered: str, role: str, value: str, start: int, after: int, through: bool
    ) -> Inline:
        pos = self.locate(start)
        written = self.text[start:after]
        if lowered == "ref":
            ids = tuple(part.strip() for part in value.split(","))
            if any(not part for part in ids):
                raise _Broken(start, after, f"empty ID in '{shown(written)}'", BROKEN_MARKUP)
            if through and len(ids) != 2:
                raise _Broken(
                    start, after, "{ref/through:...} takes exactly two IDs", BROKEN_MARKUP
                )
            return Ref(ids, pos, through=through, capital=role[0].isupper())
        # Names are what the source means, not its spacing: {term: action phase}.
        name = value.strip()
        if lowered == "term":
            return Term(name, pos)
        if lowered == "subtype":
            return Subtype(name, pos)
        if lowered == "card":
            return CardRef(name, pos)
        if lowered == "product":
            return Product(name, pos)
        if lowered == "img":
            return Image(name, pos)
        # link
        label, sep, url = value.partition("|")
        if not sep or not url.strip():
            raise _Broken(start, after, "{link:...} needs 'text|url'", BROKEN_MARKUP)
        return Link(label, url.strip(), pos)


def shown(value: str, limit: int = 40) -> str:
    """A piece of the source as a one-line message quotes it: cut, and
    characters that are not printable escaped."""
    text = value if len(value) <= limit else value[: limit - 3] + "..."
    return text if text.isprintable() else repr(text)[1:-1]


def _unknown_body(body: str) -> str:
    """``{c}``, ``{click}``, ``{term}``: what the author most likely meant."""
    word = body.strip().casefold()
    if word in SYMBOLS:
        hint = f"did you mean [{body.strip()}]?"
    elif word in ROLES:
        hint = f"a role needs a value: {{{word}:...}}"
    else:
        hint = "markup is {role:value}; write {curly:...} for literal braces"
    return f"unknown markup '{{{shown(body)}}}' ({hint})"


def _unknown_role(role: str, value: str) -> str:
    lowered = role.casefold()
    written = shown(value)
    if lowered in _REFERENCE_WORDS:
        hint = f"did you mean {{ref:{written}}}?"
    else:
        close = difflib.get_close_matches(lowered[:20], ROLES, n=1)
        hint = f"did you mean {{{close[0]}:{written}}}?" if close else f"known: {', '.join(ROLES)}"
    return f"unknown markup role '{shown(role)}' ({hint})"
