"""Defined terms in formats that have no ``{term:}`` markup.

Older documents mark a definition by typography instead: the old
Comprehensive Rules print the defined word in capitals ("…is a TARGET of
that ability"), and plain rulebooks quote it ("To 'recover' a card
means…").  A book opts in with ``[options] defined_terms = "capitals"`` or
``"quoted"``; the matching words become :class:`~rulesref.model.Term` nodes,
so these books get glossaries and term links like the YAML ones.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from rulesref.errors import Position, RulesSourceError
from rulesref.model import Inline, Inlines, NewText, Rulebook, Term, Text

PATTERNS = {
    # A word of four or more capitals (TARGET, ANNOUNCES); shorter ones are
    # abbreviations such as HQ or MU.
    "capitals": re.compile(r"\b([A-Z]{4,})\b"),
    # 'recover' in "To 'recover' a card means", "is called 'factionless'",
    # "A card's 'scrip cost' is".  Bounded repeats keep it linear in a long text.
    "quoted": re.compile(
        r"(?:\bTo '([^']{1,80})'[^.]{0,200}?\bmeans\b|\bcalled '([^']{1,80})'"
        r"|'s '([^']{1,80})' is\b)"
    ),
}


def mark_defined_terms(book: Rulebook, style: str, where: Position) -> None:
    pattern = PATTERNS.get(style)
    if pattern is None:
        known = ", ".join(sorted(PATTERNS))
        raise RulesSourceError(where, f"unknown defined_terms style '{style}' (known: {known})")
    for item in book.items():
        item.text = _split(item.text, pattern)


def _split(inlines: Inlines, pattern: re.Pattern[str]) -> Inlines:
    out: list[Inline] = []
    for node in inlines:
        if isinstance(node, NewText):
            out.append(NewText(_split(node.children, pattern), node.pos))
        elif isinstance(node, Text):
            out.extend(_split_text(node, pattern))
        else:
            out.append(node)
    return tuple(out)


def _split_text(node: Text, pattern: re.Pattern[str]) -> Iterable[Inline]:
    text, last = node.text, 0
    for match in pattern.finditer(text):
        group = next(g for g in range(1, (pattern.groups or 0) + 1) if match.group(g))
        start, end = match.span(group)
        if start > last:
            yield Text(text[last:start], _at(node, text, last))
        yield Term(text[start:end], _at(node, text, start))
        last = end
    if last < len(text):
        yield Text(text[last:], _at(node, text, last))


def _at(node: Text, text: str, offset: int) -> Position:
    """Offsets within a joined paragraph: same line, shifted column (good enough to find it)."""
    if offset == 0:
        return node.pos
    lines = text.count("\n", 0, offset)
    col = offset - (text.rfind("\n", 0, offset) + 1) + (node.pos.col if not lines else 1)
    return Position(node.pos.file, node.pos.line + lines, col)
