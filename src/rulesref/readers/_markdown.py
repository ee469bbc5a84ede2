"""A small block tree over markdown-it-py tokens, shared by the Markdown
outline and HelpNDoc readers.

markdown-it-py does the parsing (CommonMark: list nesting, ``start``
numbers, lazy continuation lines, escapes, entities); this module turns its
flat token stream into paragraphs, headings and lists whose text is
:class:`~rulesref.readers._located.Located`, so each character keeps its file,
line and column.  Constructs a rulebook has no place for (tables, block
quotes, code blocks, raw HTML blocks) stop reading with a one-line error
instead of being dropped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, TypeAlias

from markdown_it import MarkdownIt

from rulesref.errors import Diagnostic, Position, RulesSourceError
from rulesref.model import Image, Inline, Inlines, Link
from rulesref.readers._located import Located, align, merge_text, to_inlines

#: A run of rule text: located characters, or a link or image met in it.
Piece: TypeAlias = Located | Link | Image


@dataclass
class Para:
    """A paragraph, or a heading when ``heading`` (1 to 6) is set."""

    pieces: list[Piece]
    pos: Position
    heading: int = 0

    @property
    def text(self) -> str:
        return "".join(p.text if isinstance(p, (Located, Link)) else "" for p in self.pieces)

    def is_blank(self) -> bool:
        """Only white space and ``&nbsp;``: markup noise, such as HelpNDoc's
        placeholder items and spacer paragraphs."""
        return not self.text.strip() and not any(isinstance(p, Image) for p in self.pieces)


@dataclass
class ListItem:
    pos: Position
    number: int
    blocks: list[Block] = field(default_factory=list)

    @property
    def paragraphs(self) -> list[Para]:
        return [block for block in self.blocks if isinstance(block, Para)]

    @property
    def lists(self) -> list[MdList]:
        return [block for block in self.blocks if isinstance(block, MdList)]


@dataclass
class MdList:
    pos: Position
    ordered: bool
    start: int
    items: list[ListItem] = field(default_factory=list)


@dataclass
class Break:
    """A thematic break (``***``, ``---``)."""

    pos: Position


Block: TypeAlias = Para | MdList | Break

_UNSUPPORTED = {
    "table_open": "a table",
    "blockquote_open": "a block quote",
    "fence": "a fenced code block",
    "code_block": "an indented code block (is a list item indented too far?)",
    "html_block": "a raw HTML block",
}
_LIST_MARKERS = re.compile(r"(?:[ \t]*(?:[0-9]{1,9}[.)]|[-+*])(?=[ \t]|$))*[ \t]*")
_HEADING_MARKER = re.compile(r"[ \t]*#{1,6}(?=[ \t]|$)[ \t]*")


def parse_blocks(source: str, name: str) -> list[Block]:
    """The block tree of ``source`` (Markdown); ``name`` is the file name in positions."""
    tokens = MarkdownIt("commonmark").parse(source)
    builder = _Builder(source.split("\n"), name, tokens)
    return builder.blocks(0, len(tokens))[0]


class _Builder:
    def __init__(self, lines: list[str], name: str, tokens: list[Any]) -> None:
        self.lines = lines
        self.name = name
        self.tokens = tokens

    def line_pos(self, token: Any, find: str = "") -> Position:
        line = token.map[0] if token.map else 0
        text = self.lines[line] if line < len(self.lines) else ""
        col = len(text) - len(text.lstrip())
        if find:
            at = text.find(find, col)
            col = at if at >= 0 else col
        return Position(self.name, line + 1, col + 1)

    def blocks(self, i: int, stop: int, closer: str = "") -> tuple[list[Block], int]:
        """Blocks from token ``i`` until the token of type ``closer``."""
        out: list[Block] = []
        tokens = self.tokens
        while i < stop:
            token = tokens[i]
            kind = token.type
            if closer and kind == closer:
                return out, i
            if kind in ("paragraph_open", "heading_open"):
                level = int(token.tag[1]) if kind == "heading_open" else 0
                out.append(self.paragraph(token, tokens[i + 1], level))
                i += 3
            elif kind in ("ordered_list_open", "bullet_list_open"):
                md_list, i = self.md_list(i)
                out.append(md_list)
            elif kind == "hr":
                out.append(Break(self.line_pos(token)))
                i += 1
            elif kind in _UNSUPPORTED:
                raise RulesSourceError(
                    self.line_pos(token), f"unsupported Markdown: {_UNSUPPORTED[kind]}"
                )
            else:
                raise RulesSourceError(
                    self.line_pos(token), f"unsupported Markdown construct '{kind}'"
                )
        return out, i

    def md_list(self, i: int) -> tuple[MdList, int]:
        open_token = self.tokens[i]
        ordered = open_token.type == "ordered_list_open"
        start = int(open_token.attrGet("start") or 1) if ordered else 1
        md_list = MdList(self.line_pos(open_token), ordered, start)
        close = "ordered_list_close" if ordered else "bullet_list_close"
        i += 1
        while self.tokens[i].type != close:
            item_token = self.tokens[i]  # list_item_open
            marker = f"{item_token.info}{item_token.markup}" if ordered else item_token.markup
            item = ListItem(self.line_pos(item_token, marker), start + len(md_list.items))
            item.blocks, i = self.blocks(i + 1, len(self.tokens), "list_item_close")
            md_list.items.append(item)
            i += 1
        return md_list, i + 1

    def paragraph(self, open_token: Any, inline: Any, level: int) -> Para:
        first, last = inline.map if inline.map else open_token.map
        chunk_lines = self.lines[first:last]
        head = chunk_lines[0] if chunk_lines else ""
        marker = (_HEADING_MARKER if level else _LIST_MARKERS).match(head)
        skip = marker.end() if marker else 0
        source = "\n".join(chunk_lines)[skip:]
        text, specials = _render(inline.children or [])
        located = align(text, source, Position(self.name, first + 1, skip + 1))
        pieces: list[Piece] = []
        at = 0
        for offset, length, node in specials:
            if offset > at:
                pieces.append(located[at:offset])
            if isinstance(node, Link):
                pieces.append(
                    Link(text[offset : offset + length], node.url, located.locate(offset))
                )
            else:
                pieces.append(Image(node.name, located.locate(offset)))
            at = offset + length
        if at < len(text) or not pieces:
            pieces.append(located[at:])
        # A heading stands where its '#' is; a paragraph where its text starts.
        pos = located.start if text.strip() and not level else self.line_pos(open_token)
        return Para(pieces, pos, level)


def _render(children: list[Any]) -> tuple[str, list[tuple[int, int, Link | Image]]]:
    """The text a reader sees, and where links and images stand in it."""
    out: list[str] = []
    specials: list[tuple[int, int, Link | Image]] = []
    link_start = -1
    link_url = ""
    length = 0
    nowhere = Position("", 0, 0)
    for child in children:
        kind = child.type
        if kind in ("softbreak", "hardbreak"):
            piece = " "
        elif kind == "link_open":
            link_start, link_url = length, str(child.attrGet("href") or "")
            piece = ""
        elif kind == "link_close":
            if link_start >= 0:
                specials.append((link_start, length - link_start, Link("", link_url, nowhere)))
            link_start = -1
            piece = ""
        elif kind == "image":
            specials.append((length, 0, Image(str(child.attrGet("src") or ""), nowhere)))
            piece = ""
        elif kind.endswith(("_open", "_close")):
            piece = ""  # emphasis, strong, strikethrough: the words stay, the markers go
        else:  # text, code_inline, html_inline, text_special …
            piece = str(child.content)
        out.append(piece)
        length += len(piece)
    return "".join(out), specials


# --------------------------------------------------------------------------
# Pieces


def pieces_text(pieces: list[Piece]) -> str:
    return "".join(p.text if isinstance(p, (Located, Link)) else "" for p in pieces)


def strip_pieces(pieces: list[Piece]) -> list[Piece]:
    """Without white space (``&nbsp;`` included) at either end."""
    out = list(pieces)
    while out and isinstance(out[0], Located) and out[0].is_blank():
        out.pop(0)
    while out and isinstance(out[-1], Located) and out[-1].is_blank():
        out.pop()
    if out and isinstance(out[0], Located):
        first = out[0]
        out[0] = first[len(first.text) - len(first.text.lstrip()) :]
    if out and isinstance(out[-1], Located):
        last = out[-1]
        out[-1] = last[: len(last.text.rstrip())]
    return out


def drop_prefix(pieces: list[Piece], count: int) -> list[Piece]:
    """Without the first ``count`` characters: a label or number read from the
    text (``Example:``, ``3.``).  It must be plain text, not part of a link."""
    first = pieces[0] if pieces else None
    if not isinstance(first, Located) or len(first.text) < count:
        if isinstance(first, (Link, Image)):
            pos = first.pos
        elif isinstance(first, Located):  # the label runs on into a link: where it starts
            pos = first.start
        else:
            pos = Position("", 1, 1)
        raise RulesSourceError(pos, "a link or image cannot hold a number or an 'Example:' label")
    return [first[count:], *pieces[1:]]


def join_pieces(groups: list[list[Piece]], sep: str = " ") -> list[Piece]:
    """Paragraphs of one item, joined with ``sep``."""
    out: list[Piece] = []
    for group in groups:
        if not group:
            continue
        if out:
            last = out[-1]
            where = last.end if isinstance(last, Located) else last.pos
            out.append(Located.at(sep, where))
        out.extend(group)
    return out


def pieces_start(pieces: list[Piece], default: Position) -> Position:
    for piece in pieces:
        return piece.start if isinstance(piece, Located) else piece.pos
    return default


def pieces_inlines(
    pieces: list[Piece], *, symbols: bool, problems: list[Diagnostic] | None = None
) -> Inlines:
    nodes: list[Inline] = []
    for piece in pieces:
        if isinstance(piece, Located):
            nodes.extend(to_inlines(piece, symbols=symbols, problems=problems))
        else:
            nodes.append(piece)
    return merge_text(nodes)
