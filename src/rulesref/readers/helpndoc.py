"""Reader for Markdown exported by HelpNDoc (``format = "helpndoc"``).

HelpNDoc writes a Comprehensive Rules topic as Markdown in which the outline
survives only as list nesting (every item is written ``1.``) and the lists are
split wherever an example paragraph was inserted.  The older CR edition of
*Targets and Costs* is such an export.  markdown-it-py parses it; this module
rebuilds the outline from the nesting depth of each list item:

====== ============================ ===================
depth  becomes                      numbered (``cr``)
====== ============================ ===================
1      the chapter                  1
2      a section (its text = title) 1.2
3      a rule                       1.2.3
4      a lettered sub-rule          1.2.3a
5+     deeper sub-rules             1.2.3a.i
====== ============================ ===================

Placeholders
    An item whose text is only ``&nbsp;`` (or nothing) is not a new item: it
    continues the previous item at that depth, which is how the export
    reopens a list after an example.  A placeholder at depth 3 or more with
    nothing to continue is an error.

Opening definition
    A ``#`` heading that is a sentence (it ends with ``.``, ``!``, ``?`` or
    ``:``) is the document's introductory definition, styled as a heading: it
    becomes the first rule (depth 3) of the current section — creating that
    section when none is open — and the depth-4 items after it are its
    sub-rules.  A heading that is not a sentence is a title: the chapter's
    when it comes first, otherwise a new section's.

Untitled sections
    A section opened by an opening definition has no title in the export.
    ``[options.section_titles]`` in ``book.toml`` may name it by number
    (``"1.1" = "…"``); otherwise it is titled after the term its first rule
    defines — the CR writes a defined term in capitals ("… is a TARGET of
    that ability") — in title case and plural, so the older *Targets and
    Costs* gets "Targets" for section 1.1.  A section that has neither is left
    untitled with an ``untitled-section`` warning.

Text
    Paragraphs are rules, whatever their emphasis: ``**`` and ``*`` markers
    are dropped and the words kept, so "pay the full cost … **with** cards"
    stays a rule whose text reads "with".  Escapes are resolved (``R\\&D`` →
    ``R&D``) and game symbols are then read (``\\[sub\\]`` → the subroutine
    symbol; ``[options] symbols = false`` turns that off).  Cross-references
    written as words ("see section 4.2", "rule 10.3") stay words: they point
    into a document this export does not contain.

Examples
    A paragraph whose text starts with ``Example:`` (``***Example: …***``,
    ``*Example: …*``) is an example of the rule read just before it; its text
    is what follows the label.

Noise
    ``&nbsp;`` spacer paragraphs, placeholder items, thematic breaks and the
    HelpNDoc footer ("Created with the Personal Edition of HelpNDoc …") are
    markup, not rules, and are dropped.  Anything else the outline has no
    place for stops reading with a ``file:line:col: message`` error.

IDs
    Items have no IDs in the export.  :func:`rulesref.books.load_book` gives
    each the book's ``id_prefix`` and its official number: chapter ``tc_1``,
    section ``tc_1_2``, rule ``tc_1_1_2``, sub-rule ``tc_1_1_2c``.  They are
    stable as long as the export's outline is.
"""

from __future__ import annotations

import re
from pathlib import Path

from rulesref.book_config import BookConfig, ChapterConfig
from rulesref.errors import Diagnostic, Position, RulesSourceError
from rulesref.model import Example, Inlines, Item, Kind, Rulebook, Text
from rulesref.readers._located import left_out, read_book, read_source
from rulesref.readers._markdown import (
    Block,
    Break,
    ListItem,
    MdList,
    Piece,
    drop_prefix,
    join_pieces,
    parse_blocks,
    pieces_inlines,
    pieces_start,
    pieces_text,
    strip_pieces,
)

EXAMPLE_LABEL = re.compile(r"Examples?[ \t]*:[ \t]*")
FOOTER = re.compile(r"Created with the .*HelpNDoc", re.IGNORECASE)
#: A capitalised defined term, as the CR writes it: "a TARGET of that ability".
DEFINED_TERM = re.compile(r"\b[A-Z][A-Z'-]*[A-Z]\b")
SENTENCE_END = re.compile(r"[.!?:][\"'\u201d\u2019)\]]*$")
UNTITLED = "untitled-section"


def read(config: BookConfig) -> Rulebook:
    symbols = config.options.get("symbols", True) is not False
    titles_option = config.options.get("section_titles", {})
    titles = (
        {str(k): str(v) for k, v in titles_option.items()}
        if isinstance(titles_option, dict)
        else {}
    )

    def read_chapter(
        chapter_config: ChapterConfig, source: str, name: str, problems: list[Diagnostic]
    ) -> Item:
        reader = _HelpNDocReader(name, symbols, problems)
        chapter = reader.chapter_of(parse_blocks(source, name))
        problems.extend(title_sections(chapter, chapter_config.number or "1", titles))
        return chapter

    return read_book(config, read_chapter)


def read_file(path: Path, display: str | None = None, *, symbols: bool = True) -> Item:
    """One export as a chapter, its untitled sections titled (for tools and tests)."""
    name = display or str(path)
    chapter = _HelpNDocReader(name, symbols).chapter_of(parse_blocks(read_source(path, name), name))
    title_sections(chapter, "1", {})
    return chapter


class _HelpNDocReader:
    def __init__(self, name: str, symbols: bool, problems: list[Diagnostic] | None = None) -> None:
        self.name = name
        self.symbols = symbols
        self.problems = problems
        self.chapter = Item(Kind.CHAPTER, "", (), Position(name, 1, 1))
        #: The open item at each depth: [chapter, section, rule, sub-rule, …].
        self.path: list[Item] = [self.chapter]
        self.last_rule: Item | None = None

    def inlines(self, pieces: list[Piece]) -> Inlines:
        return pieces_inlines(pieces, symbols=self.symbols, problems=self.problems)

    # -- blocks --------------------------------------------------------------
    def chapter_of(self, blocks: list[Block]) -> Item:
        for block in blocks:
            if isinstance(block, Break):
                continue
            if isinstance(block, MdList):
                self.md_list(block, 1)
                continue
            pieces = strip_pieces(block.pieces)
            text = pieces_text(pieces)
            if block.is_blank() or FOOTER.match(text):
                continue
            label = EXAMPLE_LABEL.match(text)
            if label:
                self.example(pieces, label.end(), block.pos)
            elif block.heading and not SENTENCE_END.search(text):
                self.open_item(
                    1 if block.heading == 1 and self.is_empty() else 2, pieces, block.pos
                )
            else:
                # The opening definition (a heading that is a sentence), or a
                # paragraph between lists: a rule of the current section.
                self.open_item(3, pieces, block.pos)
        if not self.chapter.children:
            raise RulesSourceError(
                Position(self.name, 1, 1),
                "no rules found: expected nested numbered lists (HelpNDoc export)",
            )
        return self.chapter

    def is_empty(self) -> bool:
        return not self.chapter.text and not self.chapter.children

    def md_list(self, md_list: MdList, depth: int) -> None:
        for item in md_list.items:
            self.list_item(item, depth)

    def list_item(self, list_item: ListItem, depth: int) -> None:
        texts: list[list[Piece]] = []
        examples: list[tuple[list[Piece], int, Position]] = []
        for para in list_item.paragraphs:
            pieces = strip_pieces(para.pieces)
            if not pieces:
                continue
            label = EXAMPLE_LABEL.match(pieces_text(pieces))
            if label:
                examples.append((pieces, label.end(), para.pos))
            else:
                texts.append(pieces)
        if texts:
            self.open_item(depth, join_pieces(texts), list_item.pos)
        else:
            self.continue_item(depth, list_item.pos)
        for pieces, label_end, pos in examples:
            self.example(pieces, label_end, pos)
        for nested in list_item.lists:
            self.md_list(nested, depth + 1)

    # -- items ---------------------------------------------------------------
    def open_item(self, depth: int, pieces: list[Piece], pos: Position) -> Item:
        text = self.inlines(pieces)
        if depth == 1:
            if not self.is_empty():
                raise RulesSourceError(
                    pos,
                    "a second top-level item: one export holds one chapter, "
                    "list each file in book.toml",
                )
            self.chapter.text = text
            self.chapter.pos = pos
            return self.chapter
        if depth == 2:
            section = Item(Kind.SECTION, "", text, pos)
            self.chapter.children.append(section)
            self.path = [self.chapter, section]
            return section
        if len(self.path) < 2:
            self.open_untitled_section(pos)
        if len(self.path) < depth - 1:
            raise RulesSourceError(pos, f"list item at depth {depth} has no parent item")
        parent = self.path[depth - 2]
        rule = Item(Kind.RULE, "", text, pos)
        parent.children.append(rule)
        self.path = [*self.path[: depth - 1], rule]
        self.last_rule = rule
        return rule

    def continue_item(self, depth: int, pos: Position) -> None:
        """A placeholder item: the export reopened the list at this depth."""
        if len(self.path) >= depth:
            return
        if depth == 2:
            self.open_untitled_section(pos)
            return
        raise RulesSourceError(
            pos, f"placeholder item ('&nbsp;') at depth {depth} continues no earlier item"
        )

    def open_untitled_section(self, pos: Position) -> None:
        section = Item(Kind.SECTION, "", (), pos)
        self.chapter.children.append(section)
        self.path = [self.chapter, section]

    def example(self, pieces: list[Piece], label_end: int, pos: Position) -> None:
        owner = self.last_rule
        if owner is None:
            raise RulesSourceError(pos, "example before any rule")
        text = strip_pieces(drop_prefix(pieces, label_end))
        if not text:
            left_out(self.problems, pos, "example without text after 'Example:'", "example")
            return
        owner.examples.append(
            Example(self.inlines(text), pieces_start(text, pos), len(owner.examples) + 1, "")
        )


def title_sections(chapter: Item, chapter_number: str, titles: dict[str, str]) -> list[Diagnostic]:
    """Title the sections the export left untitled (see the module docstring)."""
    problems: list[Diagnostic] = []
    for index, section in enumerate(chapter.children, start=1):
        if section.text:
            continue
        number = f"{chapter_number}.{index}" if chapter_number else str(index)
        title = titles.get(number) or _defined_term_title(section)
        if title:
            section.text = (Text(title, section.pos),)
        else:
            problems.append(
                Diagnostic(
                    section.pos,
                    f"section {number} has no title in the export; name it in book.toml "
                    f'([options.section_titles] "{number}" = "…")',
                    UNTITLED,
                )
            )
    return problems


def _defined_term_title(section: Item) -> str:
    if not section.children:
        return ""
    match = DEFINED_TERM.search(section.children[0].plain)
    if not match:
        return ""
    word = match.group().capitalize()
    return word if word.endswith("s") else word + "s"
