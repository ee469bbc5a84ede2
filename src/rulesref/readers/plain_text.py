"""Reader for rulebooks extracted as plain text (``format = "plain-text"``).

The 1996 Netrunner rulebook survives as text pulled out of a typeset page:
headings in capitals run into their first paragraph, examples are boxed
beside the text, card images are missing, and sentences are broken across
lines.  This reader rebuilds sections, rules and examples line by line.

Sections
    A line that starts with a heading in capitals followed by a colon
    (``CARD EFFECTS AND COSTS: Certain card abilities …``) starts a section.
    Its title is the heading in title case ("Card Effects and Costs"; short
    words such as *and*, *of*, *the* stay lower case); the rest of the line
    starts the section's first rule.  Sections are numbered 1, 2, … in the
    order they appear.

Rules
    A rule runs from its start to the next example label or heading: its hard
    line breaks and paragraph breaks are joined with a space.  A rule that
    resumes after an example block (see below) is the section's next rule.

Examples
    A line that starts with ``Example:``, ``Examples:`` or a qualified label
    such as ``Example Effects:`` starts an example block attached to the rule
    before it.  The block's text is everything up to where it ends, joined with
    spaces, including the lines that introduce a card ("A card reads:", "An
    operation card reads:").  A bare ``Example:``/``Examples:`` label is the
    example's label and not part of its text; a qualified label is kept at the
    start of the text ("Example Effects: An operation card reads: …") so that
    its words are not lost.

Where an example block ends
    At the next heading or example label, or at the end of the file — and at
    one more place, found by this heuristic: **a line that follows a
    "… reads:" line and is a body paragraph ends the block**, because the
    card image the "reads:" line introduced was not part of the extraction,
    and the text that follows it is the rulebook going on.  A line counts as
    a body paragraph when it

    * starts with a capital letter — card text whose leading icon was lost
      starts with the punctuation that followed the icon (``: Make a run``);
    * ends a sentence (``.``, ``!`` or ``?``, possibly followed by a closing
      quote or bracket), i.e. it is a whole paragraph on one line — the
      extraction hard-wraps card text and example sidebars at their narrow
      column, while body paragraphs come out as one physical line; and
    * is longer than :data:`BODY_PARAGRAPH_MIN` characters, more than a line
      of a card's text box holds.

    The paragraph then starts the section's next rule.  An explanation that
    follows real card text stays in the example whatever its length; a block
    whose card text is missing *and* whose next paragraph is short, wrapped,
    or starts in lower case also stays one example (nothing is lost, but the
    rule text would sit in the example: split the source with a heading if
    that happens).

IDs
    Sections are ``<id_prefix>_<slug of the heading>`` (``nr96_keywords``,
    ``nr96_card_effects_and_costs``), rules ``<section ID>_<n>`` with ``n``
    their position in the section.  Renaming a heading renames its IDs;
    nothing else does.  Two sections with the same heading are an error
    (their IDs would clash).

Text is kept as plain :class:`~rulesref.model.Text` (the extraction lost the
game icons); ``[options] symbols = true`` reads ``[click]``-style symbols.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from rulesref.book_config import BookConfig
from rulesref.errors import Diagnostic, Position, RulesSourceError
from rulesref.model import Example, Item, Kind, Rulebook, Text
from rulesref.readers._located import Located, left_out, read_book, read_source, to_inlines

#: "CARD EFFECTS AND COSTS: …": capitals (and digits, spaces, & ' / , -) then a colon.
HEADING = re.compile(r"(?P<title>[A-Z][A-Z0-9&'\u2019/, -]*[A-Z0-9])[ \t]*:[ \t]*")
#: "Example:", "Examples:", "Example Effects:" (up to three capitalised words).
EXAMPLE_LABEL = re.compile(
    r"(?P<label>Examples?(?P<qualifier>(?:[ \t]+[A-Z][A-Za-z'\u2019-]*){0,3}))[ \t]*:[ \t]*"
)
#: A line that introduces a card's text: "A card reads:".
INTRODUCES_CARD = re.compile(r"\breads:\s*$", re.IGNORECASE)
SENTENCE_END = re.compile(r"[.!?][\"'\u201d\u2019)\]]*$")
#: Longer than a line of card text (see "Where an example block ends").
BODY_PARAGRAPH_MIN = 200
SMALL_WORDS = frozenset(
    {
        "a",
        "an",
        "and",
        "as",
        "at",
        "but",
        "by",
        "for",
        "in",
        "nor",
        "of",
        "on",
        "or",
        "the",
        "to",
        "vs",
        "with",
    }
)


def read(config: BookConfig) -> Rulebook:
    symbols = config.options.get("symbols", False) is True
    return read_book(
        config,
        lambda _chapter, source, name, problems: read_text(
            source, name, config.id_prefix, symbols=symbols, problems=problems
        ),
    )


def read_file(path: Path, prefix: str, display: str | None = None) -> Item:
    """One text file as an untitled chapter (for tools and tests)."""
    name = display or str(path)
    return read_text(read_source(path, name), name, prefix)


def title_case(heading: str) -> str:
    """ "CARD EFFECTS AND COSTS" → "Card Effects and Costs"."""
    words = heading.lower().split()
    return " ".join(
        word if index and word in SMALL_WORDS else word[:1].upper() + word[1:]
        for index, word in enumerate(words)
    )


def slug(heading: str) -> str:
    """ "CARD EFFECTS AND COSTS" → "card_effects_and_costs"."""
    return re.sub(r"[^a-z0-9]+", "_", heading.lower()).strip("_")


def is_body_paragraph(line: str) -> bool:
    """The heuristic of "Where an example block ends" for a line after "… reads:"."""
    text = line.strip()
    return text[:1].isupper() and bool(SENTENCE_END.search(text)) and len(text) > BODY_PARAGRAPH_MIN


@dataclass
class _Open:
    """The rule or example block being read: its lines, joined at the end."""

    pos: Position
    lines: list[Located] = field(default_factory=list)


def read_text(
    source: str,
    name: str,
    prefix: str,
    *,
    symbols: bool = False,
    problems: list[Diagnostic] | None = None,
) -> Item:
    """The chapter a plain-text file describes (untitled; IDs set from ``prefix``;
    warnings about its text go to ``problems``)."""
    return _TextReader(name, prefix, symbols, problems).read(source)


class _TextReader:
    def __init__(
        self, name: str, prefix: str, symbols: bool, problems: list[Diagnostic] | None
    ) -> None:
        self.name = name
        self.prefix = prefix
        self.symbols = symbols
        self.problems = problems
        self.chapter = Item(Kind.CHAPTER, "", (), Position(name, 1, 1))
        self.section: Item | None = None
        self.rule: _Open | None = None
        self.example: _Open | None = None
        self.rule_item: Item | None = None

    def read(self, source: str) -> Item:
        after_card_intro = False
        for lineno, raw in enumerate(source.split("\n"), start=1):
            line = Located.at(raw, Position(self.name, lineno, 1))
            stripped = line.strip()
            if not stripped.text:
                continue
            heading = HEADING.match(raw)
            label = EXAMPLE_LABEL.match(raw)
            if heading and any(ch.isalpha() for ch in heading.group("title")):
                self.start_section(heading.group("title"), line.start)
                rest = line[heading.end() :].strip()
                if rest.text:
                    self.start_rule(rest)
            elif label:
                self.start_example(line, label)
            elif self.example is not None:
                if after_card_intro and is_body_paragraph(raw):
                    self.start_rule(stripped)
                else:
                    self.example.lines.append(stripped)
            elif self.rule is not None:
                self.rule.lines.append(stripped)
            elif self.section is not None:
                self.start_rule(stripped)
            else:
                raise RulesSourceError(
                    stripped.start,
                    "text before the first heading (a line such as 'KEYWORDS: …' starts a section)",
                )
            after_card_intro = self.example is not None and bool(INTRODUCES_CARD.search(raw))
        self.close_example()
        self.close_rule()
        if self.section is None:
            raise RulesSourceError(
                Position(self.name, 1, 1),
                "no section heading: expected a line such as 'KEYWORDS: …' "
                "(a heading in capitals and a colon)",
            )
        return self.chapter

    # -- structure -----------------------------------------------------------
    def start_section(self, heading: str, pos: Position) -> None:
        self.close_example()
        self.close_rule()
        title = title_case(heading)
        section_id = f"{self.prefix}_{slug(heading)}" if self.prefix else slug(heading)
        self.section = Item(Kind.SECTION, section_id, (Text(title, pos),), pos)
        self.chapter.children.append(self.section)

    def start_rule(self, first: Located) -> None:
        self.close_example()
        self.close_rule()
        self.rule = _Open(first.start, [first])

    def start_example(self, line: Located, label: re.Match[str]) -> None:
        self.close_example()
        self.close_rule()
        if (
            self.rule_item is None
            or self.section is None
            or (self.rule_item not in self.section.children)
        ):
            raise RulesSourceError(line.start, "example before any rule of this section")
        rest = line[label.end() :].strip()
        self.example = _Open(line.start)
        if label.group("qualifier"):
            self.example.lines.append(line[: label.end()].strip())
        if rest.text:
            self.example.lines.append(rest)

    def close_rule(self) -> None:
        if self.rule is None or self.section is None:
            return
        number = len(self.section.children) + 1
        text = Located.join(self.rule.lines)
        self.rule_item = Item(
            Kind.RULE,
            f"{self.section.id}_{number}",
            to_inlines(text, symbols=self.symbols, problems=self.problems),
            self.rule.pos,
        )
        self.section.children.append(self.rule_item)
        self.rule = None

    def close_example(self) -> None:
        if self.example is None or self.rule_item is None:
            return
        if not self.example.lines:
            left_out(self.problems, self.example.pos, "example label without example text",
                     "example")
            self.example = None
            return
        text = Located.join(self.example.lines)
        owner = self.rule_item
        owner.examples.append(
            Example(
                to_inlines(text, symbols=self.symbols, problems=self.problems),
                self.example.pos,
                len(owner.examples) + 1,
                owner.id,
            )
        )
        self.example = None
