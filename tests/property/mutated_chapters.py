"""One chapter of the real rulebook, changed one way as real files differ
(the strategies of ``test_real_rulebook_mutations``): what each item of it
is, which lines are its own, and each kind of change with where its problem
must be reported."""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from real_rulebook import REFERENCE
from rulesref.model import Item, plain_text
from rulesref.readers.cr_yaml import read_chapter_text

INPUT = REFERENCE / "input"

ID_LINE = re.compile(r"(?P<lead> *- +(?:section|subsection|rule): +)(?P<id>\S+) *")
TEXT_LINE = re.compile(r"(?P<lead> *(?:- +)?text: +)(?P<value>\S.*)")
BLOCK = re.compile(r"(?P<lead> *(?:- +)?)text: +[|>][-+]?")
FLAG_LINE = re.compile(r" *(?:toc|steps|new): *(?:true|false)? *")
STRUCTURAL = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*\s*:(?:\s|$)|-(?:\s|$)|#")


def indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


@dataclass(frozen=True)
class Unit:
    """An item of the chapter as read unchanged: its place in document order
    and the lines that are its own (its examples' too), before anything nested."""

    index: int
    line: int
    own: tuple[int, ...]
    id: str


@dataclass(frozen=True)
class Chapter:
    path: Path
    number: int
    lines: tuple[str, ...]
    shape: tuple[tuple[Any, ...], ...]
    units: tuple[Unit, ...]

    @property
    def source(self) -> str:
        return "\n".join(self.lines)

    def __repr__(self) -> str:
        return self.path.name

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(repr(self))


def shape(chapter: Item) -> tuple[tuple[Any, ...], ...]:
    """Every item in document order: kind, ID, words (its examples' too) and
    whether it was read."""
    return tuple(
        (
            item.kind,
            item.id,
            item.plain,
            tuple(plain_text(example.text) for example in item.examples),
            bool(item.unreadable),
        )
        for item in chapter.walk()
    )


def own_lines(lines: tuple[str, ...], first: int, stop: int) -> tuple[int, ...]:
    """Lines ``first`` .. ``stop - 1`` (1-based) that belong to the item whose
    ``-`` is on ``first``: up to the first line indented as its parent's keys."""
    keys = indent(lines[first - 1]) + 2
    own = [first]
    for number in range(first + 1, stop):
        line = lines[number - 1]
        if line.strip() and indent(line) < keys:
            break
        own.append(number)
    return tuple(own)


@cache
def chapters() -> tuple[Chapter, ...]:
    files = sorted(INPUT.glob("*.yaml")) if INPUT.is_dir() else []
    found = []
    for number, path in enumerate(files, 1):
        source = path.read_text(encoding="utf-8")
        lines = tuple(source.split("\n"))
        read = read_chapter_text(source, path.name).chapter
        items = list(read.walk())
        example_lines = {e.pos.line for i in items for e in i.examples}
        starts = sorted({i.pos.line for i in items} | example_lines)
        units = []
        for index, item in enumerate(items[1:], 1):  # the chapter itself is not a list item
            later = [s for s in starts if s > item.pos.line] + [len(lines) + 1]
            own = list(own_lines(lines, item.pos.line, later[0]))
            for start in (e.pos.line for e in item.examples):
                stop = min([s for s in starts if s > start] + [len(lines) + 1])
                own.extend(own_lines(lines, start, stop))
            units.append(Unit(index, item.pos.line, tuple(own), item.id))
        found.append(Chapter(path, number, lines, shape(read), tuple(units)))
    return tuple(found)


@dataclass(frozen=True)
class Mutation:
    """A changed chapter: its lines, the unit touched (``None``: the whole
    file, which must read the same), the lines (of the changed text) where
    its problem must be reported, whether that problem is an error (``None``:
    either), and whether the touched item keeps its words."""

    chapter: Chapter
    lines: tuple[str, ...]
    touched: Unit | None
    reported: frozenset[int] = frozenset()
    error: bool | None = False
    words_kept: bool = True

    def __repr__(self) -> str:
        """The change as a diff (Hypothesis prints it when a test fails)."""
        changed = [
            line for line in difflib.unified_diff(self.chapter.lines, self.lines, lineterm="", n=0)
            if line[:1] in "+-@" and not line.startswith(("+++", "---"))
        ]
        where = self.touched.line if self.touched else "the whole file"
        return f"<{self.chapter!r}, item at {where}: {' | '.join(changed)[:600]}>"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(repr(self))


#: Picks one of the ways a mutation can be done (Hypothesis draws it).
Choose = Callable[[list[Any]], Any]
Mutate = Callable[[Chapter, Unit, Choose], "Mutation | None"]


def first(options: list[Any]) -> Any:
    return options[0]


def replace_line(chapter: Chapter, number: int, *new: str) -> tuple[str, ...]:
    lines = list(chapter.lines)
    lines[number - 1 : number] = new
    return tuple(lines)


def punctuated_id(chapter: Chapter, unit: Unit, choose: Choose) -> Mutation | None:
    found = ID_LINE.fullmatch(chapter.lines[unit.line - 1])
    if not found:
        return None
    mark = choose(["+", "!", "?", "*", "(b)", "/2", "%", "\u00e9", "<i>"])
    line = found.group("lead") + found.group("id") + mark
    return Mutation(chapter, replace_line(chapter, unit.line, line), unit, frozenset({unit.line}))


def duplicated_id(chapter: Chapter, unit: Unit, choose: Choose) -> Mutation | None:
    found = ID_LINE.fullmatch(chapter.lines[unit.line - 1])
    earlier = [u.id for u in chapter.units if u.id and u.line < unit.line]
    if not found or not earlier:
        return None
    lines = replace_line(chapter, unit.line, found.group("lead") + choose(earlier))
    return Mutation(chapter, lines, unit, frozenset({unit.line}), error=True)


def word_ends(chapter: Chapter, unit: Unit) -> list[tuple[int, int]]:
    """(line, column) after the first word of each text the item holds on its
    own lines: a plain ``text:`` value, or a block scalar's first line."""
    found = []
    for number in unit.own:
        line = chapter.lines[number - 1]
        text = TEXT_LINE.fullmatch(line)
        if text and text.group("value")[0].isalnum():
            start = text.start("value")
        elif text and BLOCK.fullmatch(line) and number < len(chapter.lines):
            number += 1
            line = chapter.lines[number - 1]
            start = indent(line)
        else:
            continue
        space = line.find(" ", start)
        if space > start:
            found.append((number, space))
    return found


def unknown_tag(chapter: Chapter, unit: Unit, choose: Choose) -> Mutation | None:
    places = word_ends(chapter, unit)
    if not places:
        return None
    number, at = choose(places)
    tag = choose(["{c}", "{mu}", "{rule:x}", "{bogus}", "{term:}", "{ref/upto:a}", "{/n}"])
    line = chapter.lines[number - 1]
    lines = replace_line(chapter, number, line[:at] + " " + tag + line[at:])
    return Mutation(chapter, lines, unit, frozenset({number}), words_kept=False)


def broken_yaml(chapter: Chapter, unit: Unit, choose: Choose) -> Mutation | None:
    places = [(n, at) for n, at in word_ends(chapter, unit)
              if TEXT_LINE.fullmatch(chapter.lines[n - 1])]
    if not places:
        return None
    number, at = choose(places)
    line = chapter.lines[number - 1]
    lines = replace_line(chapter, number, line[:at] + ": then: this" + line[at:])
    return Mutation(chapter, lines, unit, frozenset({number}), error=True, words_kept=False)


def new_key(key_line: str) -> Mutate:
    """The key added on the line after the item's ``-`` (a warning there)."""

    def mutate(chapter: Chapter, unit: Unit, choose: Choose) -> Mutation | None:
        head = chapter.lines[unit.line - 1]
        name = key_line.split(":")[0]
        if not ID_LINE.fullmatch(head) or any(
            re.match(rf" *(?:- +)?{name}:", chapter.lines[n - 1]) for n in unit.own
        ):
            return None
        lines = replace_line(chapter, unit.line, head, " " * (indent(head) + 2) + key_line)
        return Mutation(chapter, lines, unit, frozenset({unit.line + 1}))

    return mutate


def missing_flag(chapter: Chapter, unit: Unit, choose: Choose) -> Mutation | None:
    flags = [n for n in unit.own if FLAG_LINE.fullmatch(chapter.lines[n - 1])]
    if not flags:
        return None
    return Mutation(chapter, replace_line(chapter, choose(flags)), unit)


def empty_list(chapter: Chapter, unit: Unit, choose: Choose) -> Mutation | None:
    """``examples: []`` instead of the item's examples."""
    starts = [n for n in unit.own if chapter.lines[n - 1].strip() == "examples:"]
    if not starts:
        return None
    start = starts[0]
    key = indent(chapter.lines[start - 1])
    stop = start
    while stop < len(chapter.lines):
        line = chapter.lines[stop]
        outside = indent(line) < key or (indent(line) == key and line.strip()[0] != "-")
        if line.strip() and outside:
            break
        stop += 1
    lines = list(chapter.lines)
    lines[start - 1 : stop] = [" " * key + "examples: []"]
    return Mutation(chapter, tuple(lines), unit, words_kept=False)


def misindented_block(chapter: Chapter, unit: Unit, choose: Choose) -> Mutation | None:
    """A block scalar's text moved back to its key's column (the real file's
    lost example is one).  Text whose lines YAML reads as structure there
    (``Note: …``, ``- …``) may cost the item's words; any other is shown."""
    headers = [n for n in unit.own if BLOCK.fullmatch(chapter.lines[n - 1])]
    if not headers:
        return None
    header = choose(headers)
    key = len(BLOCK.fullmatch(chapter.lines[header - 1]).group("lead"))  # type: ignore[union-attr]
    stop = header
    while stop < len(chapter.lines) and (
        not chapter.lines[stop].strip() or indent(chapter.lines[stop]) > key
    ):
        stop += 1
    content = [n for n in range(header + 1, stop + 1) if chapter.lines[n - 1].strip()]
    if not content:
        return None
    shift = indent(chapter.lines[content[0] - 1]) - key
    lines = list(chapter.lines)
    for n in content:
        lines[n - 1] = lines[n - 1][shift:]
    plain = not any(
        STRUCTURAL.match(lines[n - 1][key:]) for n in content if indent(lines[n - 1]) == key
    )
    if plain:
        return Mutation(chapter, tuple(lines), unit, frozenset({content[0]}))
    return Mutation(chapter, tuple(lines), unit, frozenset(range(header, stop + 1)),
                    error=None, words_kept=False)


def tab(chapter: Chapter, unit: Unit, choose: Choose) -> Mutation | None:
    """A tab for the last two spaces of one of the item's own lines."""
    candidates = [n for n in unit.own if indent(chapter.lines[n - 1]) >= 2]
    if not candidates:
        return None
    number = choose(candidates)
    line = chapter.lines[number - 1]
    changed = line[: indent(line) - 2] + "\t" + line[indent(line) :]
    return Mutation(chapter, replace_line(chapter, number, changed), unit,
                    frozenset({number}), error=True, words_kept=False)


ITEM_MUTATIONS: dict[str, Mutate] = {
    "punctuated-id": punctuated_id,
    "duplicated-id": duplicated_id,
    "unknown-tag": unknown_tag,
    "unknown-key": new_key("colour: red"),
    "wrong-type": new_key("steps: maybe"),
    "missing-flag": missing_flag,
    "empty-list": empty_list,
    "misindented-block": misindented_block,
    "tab": tab,
    "broken-yaml": broken_yaml,
}
FILE_MUTATIONS: dict[str, Callable[[tuple[str, ...]], tuple[str, ...]]] = {
    "bom": lambda lines: ("\ufeff" + lines[0], *lines[1:]),
    "crlf": lambda lines: tuple(line + "\r" for line in lines[:-1]) + lines[-1:],
}


@cache
def targets(kind: str) -> tuple[tuple[Chapter, Unit], ...]:
    """The units of every chapter the mutation applies to."""
    mutate = ITEM_MUTATIONS[kind]
    return tuple(
        (chapter, unit)
        for chapter in chapters()
        for unit in chapter.units
        if mutate(chapter, unit, first) is not None
    )


@st.composite
def mutations(draw: st.DrawFn, kind: str) -> Mutation:
    if kind in FILE_MUTATIONS:
        chapter = draw(st.sampled_from(chapters()))
        return Mutation(chapter, FILE_MUTATIONS[kind](chapter.lines), None)
    chapter, unit = draw(st.sampled_from(targets(kind)))
    mutation = ITEM_MUTATIONS[kind](chapter, unit, lambda options: draw(st.sampled_from(options)))
    assert mutation is not None
    return mutation
