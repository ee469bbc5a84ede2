"""Reader for rulebooks written as a Markdown outline (``format = "markdown-outline"``).

The shape it reads (the Technomancy rules are written this way)::

    # Technomancy Game Rules          ← the chapter title (one file = one chapter)

    ## 3. Game Sequence               ← section "3", titled "Game Sequence"

    1. As a player starts their turn, …        ← rule 3.1
    1. All other players are assigned …        ← rule 3.2 (its position, not its "1.")
    1. Each turn is subdivided in …            ← rule 3.3
        1. Recovery Phase                      ← rule 3.3.1
            1. All deployed cards recover.     ← rule 3.3.1.1

Parsing is done by markdown-it-py (CommonMark), so list nesting, lazy
continuation lines and escapes follow the Markdown rules rather than line
patterns.

Numbers
    A section takes the number its heading writes (``## 0. Foundational
    Rules`` is section 0).  A rule is numbered as the document numbers it: its
    parent's number, a dot, and its 1-based position in its list — authors
    write ``1.`` for every item and let Markdown count.  An ordered list that
    starts elsewhere (``4.`` on its first item) keeps that start.  The numbers
    are set here, so the ``outline`` numbering scheme keeps them.

IDs
    Items carry no ID in the source: :func:`rulesref.books.load_book` gives
    each the book's ``id_prefix`` and its number with dots as underscores —
    section 3 is ``tm_3``, rule 3.4.3.1 is ``tm_3_4_3_1``, the chapter (number
    ``""``) is ``tm``.  The same source always gives the same IDs; inserting a
    rule renumbers, and so re-IDs, the rules after it, exactly as it changes
    the numbers players cite.

Text
    A list item's soft line breaks are joined with a space; its later
    paragraphs are joined to the first with a space, except a paragraph that
    starts with ``Example:``, which becomes an example of the item (the text
    after the label).  Emphasis markers are dropped and escapes resolved; the
    words stay.  Game symbols (``[click]``) are read only when the book sets
    ``[options] symbols = true`` — Technomancy has none, so its text is plain.

Errors
    Text outside the title, the numbered headings and their ordered lists
    (a stray paragraph, a bullet list, a table, an unnumbered ``##`` heading)
    stops reading with ``file:line:col: message`` rather than being dropped,
    as does a file without any numbered heading.
"""

from __future__ import annotations

import re
from pathlib import Path

from rulesref.book_config import BookConfig
from rulesref.errors import Diagnostic, Position, RulesSourceError
from rulesref.model import Example, Inlines, Item, Kind, Rulebook
from rulesref.readers._located import left_out, read_book, read_source
from rulesref.readers._markdown import (
    Block,
    Break,
    ListItem,
    MdList,
    Para,
    Piece,
    drop_prefix,
    join_pieces,
    parse_blocks,
    pieces_inlines,
    pieces_start,
    pieces_text,
    strip_pieces,
)

_NUMBERED_HEADING = re.compile(r"([0-9]+)\.?[ \t]+(?=\S)")
EXAMPLE_LABEL = re.compile(r"Examples?[ \t]*:[ \t]*")


def read(config: BookConfig) -> Rulebook:
    symbols = config.options.get("symbols", False) is True
    return read_book(
        config,
        lambda _chapter, source, name, problems: read_outline(
            source, name, symbols=symbols, problems=problems
        ),
    )


def read_file(path: Path, display: str | None = None, *, symbols: bool = False) -> Item:
    """One outline file as a chapter (a convenience for tools and tests)."""
    name = display or str(path)
    return read_outline(read_source(path, name), name, symbols=symbols)


def read_outline(
    source: str, name: str, *, symbols: bool = False, problems: list[Diagnostic] | None = None
) -> Item:
    """The chapter an outline file describes; its sections and rules carry numbers
    (warnings about its text go to ``problems``)."""
    reader = _OutlineReader(name, symbols, problems)
    return reader.chapter_of(parse_blocks(source, name))


class _OutlineReader:
    def __init__(self, name: str, symbols: bool, problems: list[Diagnostic] | None) -> None:
        self.name = name
        self.symbols = symbols
        self.problems = problems

    def chapter_of(self, blocks: list[Block]) -> Item:
        chapter = Item(Kind.CHAPTER, "", (), Position(self.name, 1, 1))
        section: Item | None = None
        for block in blocks:
            if isinstance(block, Break):
                continue  # a thematic break separates, it says nothing
            if isinstance(block, Para):
                if block.is_blank():
                    continue
                if block.heading == 1:
                    if chapter.text or section is not None:
                        raise RulesSourceError(
                            block.pos,
                            "a second '#' title: one outline file holds one chapter, "
                            "list each file in book.toml",
                        )
                    chapter.text = self.inlines(strip_pieces(block.pieces))
                    chapter.pos = block.pos
                elif block.heading:
                    section = self.section(block)
                    chapter.children.append(section)
                else:
                    raise RulesSourceError(
                        block.pos,
                        f"paragraph outside a numbered list: '{_quote(block.text)}' "
                        "(an outline holds a '#' title, '## N. Title' headings and "
                        "numbered lists)",
                    )
            else:
                if section is None:
                    raise RulesSourceError(
                        block.pos, "list before the first numbered heading ('## 1. Title')"
                    )
                section.children.extend(self.rules(block, section.number))
        if not chapter.children:
            raise RulesSourceError(
                Position(self.name, 1, 1),
                "no numbered heading: an outline needs sections such as '## 1. Title'",
            )
        return chapter

    def inlines(self, pieces: list[Piece]) -> Inlines:
        return pieces_inlines(pieces, symbols=self.symbols, problems=self.problems)

    def section(self, heading: Para) -> Item:
        pieces = strip_pieces(heading.pieces)
        text = pieces_text(pieces)
        if heading.heading > 2:
            raise RulesSourceError(
                heading.pos,
                f"'{'#' * heading.heading}' heading '{_quote(text)}': an outline has "
                "'#' for its title and '##' for its numbered sections",
            )
        match = _NUMBERED_HEADING.match(text)
        if not match:
            raise RulesSourceError(
                heading.pos,
                f"heading '{_quote(text)}' has no number (write '## 3. {_quote(text)}')",
            )
        title = drop_prefix(pieces, match.end())
        return Item(
            Kind.SECTION,
            "",
            pieces_inlines(title, symbols=self.symbols, problems=self.problems),
            heading.pos,
            number=str(int(match.group(1))),
        )

    def rules(self, md_list: MdList, parent_number: str) -> list[Item]:
        if not md_list.ordered:
            raise RulesSourceError(
                md_list.pos, "bullet list: every rule of an outline is numbered (write '1.')"
            )
        return [self.rule(item, parent_number) for item in md_list.items]

    def rule(self, list_item: ListItem, parent_number: str) -> Item:
        number = f"{parent_number}.{list_item.number}"
        texts: list[list[Piece]] = []
        examples: list[tuple[list[Piece], Position]] = []
        for para in list_item.paragraphs:
            pieces = strip_pieces(para.pieces)
            if not pieces:
                continue
            label = EXAMPLE_LABEL.match(pieces_text(pieces))
            if label:
                examples.append((strip_pieces(drop_prefix(pieces, label.end())), para.pos))
            elif examples:
                examples[-1] = (join_pieces([examples[-1][0], pieces]), examples[-1][1])
            else:
                texts.append(pieces)
        text = join_pieces(texts)
        item = Item(Kind.RULE, "", self.inlines(text), list_item.pos, number=number)
        if not text:  # a placeholder holding its number; its sub-rules are read
            item.unreadable = f"list item {number} has no text"
            left_out(self.problems, list_item.pos, item.unreadable)
        else:
            item.examples = [
                Example(self.inlines(pieces), pieces_start(pieces, pos), index, "")
                for index, (pieces, pos) in enumerate(examples, start=1)
            ]
        for md_list in list_item.lists:
            item.children.extend(self.rules(md_list, number))
        return item


def _quote(text: str, limit: int = 40) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
