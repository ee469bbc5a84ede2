"""Line-level repairs that keep one broken item of a rules source from costing
its whole file.

YAML fails a whole document at its first error, and reads a block scalar
whose text is not indented past its key as an empty text followed by a
mapping key made of prose.  Both are found here on the source's lines, before
or after YAML gave up, and repaired without moving any other line:

* :func:`indent_orphaned_text` indents the text under ``text: |-`` that YAML
  would not read as that text, and says so;
* :func:`item_span` finds the list item (``- …`` and the lines indented past
  its dash) that holds a broken line; :func:`blank_entry` blanks the one key of
  it that holds the line (a line indented with a tab is indented with spaces
  instead, as its neighbours suggest: :func:`tab_widths`), so the rest of the
  file composes, the item's own children included, and the reader shows the
  item as unreadable.

Line numbers never change (a blanked key keeps its lines, empty), so every
position YAML reports afterwards is still the author's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rulesref.errors import Diagnostic, Position

#: Subtype of text YAML would not have read as the text it follows.
MISINDENTED_TEXT = "misindented-text"
#: The key that stands for a blanked key on an item's first line, so that its
#: node still starts there.
PLACEHOLDER = "unreadable-item"

#: ``key: |-``, ``- text: >`` …: a block scalar's header, its text on the next lines.
_BLOCK_HEADER = re.compile(
    r"(?P<lead> *(?:- +)?)(?P<key>[A-Za-z_][A-Za-z0-9_-]*) *: +(?P<style>[|>][-+0-9]*) *(?:#.*)?"
)
#: A line YAML reads as structure at the key's indentation: a one-word key
#: (``rules:``), a list item, a comment or a document marker.
_STRUCTURAL = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*\s*:(?:\s|$)|-(?:\s|$)|#|---|\.\.\.")
#: A key whose value is the block below it (``timing_structure:``).
_CONTAINER = re.compile(r" *(?:- +)?[A-Za-z_][A-Za-z0-9_-]* *: *(?:#.*)?")
#: The kind and ID written on an item's own line or one of its keys.
_KIND_AND_ID = re.compile(
    r"(?:- +)?(?P<kind>chapter|section|subsection|rule) *: +(?P<id>[^\s#'\"{}\[\],&*!|>%@`]\S*) *"
)


def indent_of(line: str) -> int:
    """Columns before the text, a tab read as a tab stop every two columns
    (one indentation step) so that a line with a tab still finds its item."""
    width = 0
    for ch in line:
        if ch == " ":
            width += 1
        elif ch == "\t":
            width += 2 - width % 2
        else:
            break
    return width


def _is_blank(line: str) -> bool:
    stripped = line.strip()
    return not stripped or stripped.startswith("#")


def _is_item(line: str) -> bool:
    stripped = line.lstrip(" \t")
    return stripped == "-" or stripped.startswith(("- ", "-\t"))


def indent_orphaned_text(lines: list[str], name: str) -> list[Diagnostic]:
    """Indent, in place, block-scalar text written at its key's own column.

    ``- text: |-`` followed by text at the column of ``text`` is an empty
    text to YAML, and the words become a mapping key (or a syntax error when
    they hold no ``: ``).  Such lines, up to the next line YAML reads as
    structure, are indented two more columns, as the author meant; each case
    is a warning at the first line.  Text that is properly indented is skipped
    whole, so a block scalar's own content is never taken for a header.
    """
    problems: list[Diagnostic] = []
    i = 0
    count = len(lines)
    while i < count:
        header = _BLOCK_HEADER.fullmatch(lines[i])
        i += 1
        if header is None:
            continue
        written = f"{header.group('key')}: {header.group('style')}"
        header_line = i
        key_col = len(header.group("lead"))
        first = i
        while first < count and not lines[first].strip():
            first += 1
        if first == count:
            break
        indent = indent_of(lines[first])
        if indent > key_col:  # its text, properly indented: skip it
            i = first
            while i < count and (not lines[i].strip() or indent_of(lines[i]) >= indent):
                i += 1
            continue
        body = lines[first][indent:]
        if indent != key_col or "\t" in lines[first][:indent] or _STRUCTURAL.match(body):
            continue
        end = first
        while end < count and (
            not lines[end].strip()
            or indent_of(lines[end]) > key_col
            or (indent_of(lines[end]) == key_col and not _STRUCTURAL.match(lines[end].lstrip()))
        ):
            end += 1
        while end > first and not lines[end - 1].strip():
            end -= 1
        for j in range(first, end):
            if lines[j].strip():
                lines[j] = "  " + lines[j]
        how = "read it as a key" if ": " in body else "could not read it"
        problems.append(
            Diagnostic(
                Position(name, first + 1, key_col + 1),
                f"the text after '{written}' (line {header_line}) is not indented past its key, "
                f"so YAML {how}; shown as its text: indent it by two more spaces",
                MISINDENTED_TEXT,
            )
        )
        i = end
    return problems


@dataclass(frozen=True)
class Placeholder:
    """A list item that could not be composed whole: why, and what it seemed
    to be (kind and ID as written, when its lines show them)."""

    message: str
    kind: str = ""
    id: str = ""


def item_span(lines: list[str], at: int) -> tuple[int, int] | None:
    """The lines ``[start, end)`` of the innermost list item holding line
    ``at``: from its ``-`` line through the lines indented past the dash;
    ``None`` when the line is in no list item (the file's own keys)."""
    if _is_item(lines[at]):
        start = at
    else:
        limit = indent_of(lines[at]) if not _is_blank(lines[at]) else 1 << 30
        start = -1
        for j in range(at - 1, -1, -1):
            line = lines[j]
            if _is_blank(line):
                continue
            indent = indent_of(line)
            if _is_item(line) and indent < limit:
                start = j
                break
            limit = min(limit, indent)
        if start < 0:
            return None
    dash = indent_of(lines[start])
    end = start + 1
    while end < len(lines) and (
        end <= at or _is_blank(lines[end]) or indent_of(lines[end]) > dash
    ):
        end += 1
    return start, end


def content_line(lines: list[str], span: tuple[int, int]) -> int:
    """Where the item's node starts: its ``-`` line, or the next line with text
    when the ``-`` stands alone."""
    start, end = span
    if lines[start].strip() != "-":
        return start
    for j in range(start + 1, end):
        if not _is_blank(lines[j]):
            return j
    return start


def key_col(lines: list[str], span: tuple[int, int]) -> int:
    """The column of the item's keys (past ``- `` on its first line)."""
    line = lines[content_line(lines, span)]
    if _is_item(line):
        after = line.lstrip(" \t")[1:]
        return indent_of(line) + 1 + len(after) - len(after.lstrip(" "))
    return indent_of(line)


def written_kind_and_id(lines: list[str], span: tuple[int, int]) -> tuple[str, str]:
    """The kind and ID the item's own lines show (``rule: rule_x``), if any."""
    keys_at = key_col(lines, span)
    for j in range(*span):
        line = lines[j]
        if indent_of(line) > keys_at or (j > span[0] and _is_item(line)):
            continue
        found = _KIND_AND_ID.fullmatch(line.strip())
        if found:
            return found.group("kind"), found.group("id")
    return "", ""


def entry_span(lines: list[str], span: tuple[int, int], at: int) -> tuple[int, int]:
    """The lines of the smallest key of the item (with its value) that holds
    line ``at``: a key of the item, or of a mapping nested under one of its
    keys.  A compact list under a key (``rules:`` then ``- …`` at its column)
    is part of it."""
    first = content_line(lines, span)
    entry, stop = _entry(lines, first, span[1], key_col(lines, span), at)
    while at > entry and _CONTAINER.fullmatch(lines[entry]):
        inner = next((j for j in range(entry + 1, stop) if not _is_blank(lines[j])), stop)
        if inner >= stop or _is_item(lines[inner]) or inner > at:
            break
        entry, stop = _entry(lines, inner, stop, indent_of(lines[inner]), at)
    return entry, stop


def _entry(lines: list[str], first: int, end: int, keys_at: int, at: int) -> tuple[int, int]:
    """The key at column ``keys_at`` (of a mapping from line ``first`` to
    ``end``) whose lines hold line ``at``."""
    entry = at
    while entry > first and (_is_blank(lines[entry]) or indent_of(lines[entry]) > keys_at):
        entry -= 1
    stop = at + 1
    while stop < end and (
        _is_blank(lines[stop])
        or indent_of(lines[stop]) > keys_at
        or (indent_of(lines[stop]) == keys_at and _is_item(lines[stop]))
    ):
        stop += 1
    return entry, stop


def blank_entry(lines: list[str], span: tuple[int, int], at: int) -> bool:
    """Blank the key of the item that holds line ``at`` (the item's node still
    starts where it did: a key on its first line becomes a placeholder key);
    ``False`` when there is nothing left to blank."""
    entry, stop = entry_span(lines, span, at)
    first = content_line(lines, span)
    before = lines[entry:stop]
    keys_at = key_col(lines, span)
    for j in range(entry, stop):
        if j == first:
            lines[j] = lines[j][:keys_at] + PLACEHOLDER + ":"
        else:
            lines[j] = ""
    return lines[entry:stop] != before


def tab_widths(lines: list[str], at: int) -> list[int]:
    """Indentations line ``at`` (indented with a tab) may have meant, likeliest
    first: tab stops of 2, 4 and 8 columns, then its neighbours' (for files
    indented by odd amounts; a list item stands two columns before its keys)."""
    line = lines[at]
    lead = line[: len(line) - len(line.lstrip(" \t"))]
    found = [len(lead.expandtabs(stop)) for stop in (2, 4, 8)]
    above = next((lines[j] for j in range(at - 1, -1, -1) if not _is_blank(lines[j])), "")
    below = next((lines[j] for j in range(at + 1, len(lines)) if not _is_blank(lines[j])), "")
    found += [indent_of(above), indent_of(below)]
    if _is_item(line) and below and not _is_item(below):
        found.append(indent_of(below) - 2)
    if _is_item(above) and not _is_item(line):
        found.append(indent_of(above) + 2)
    return list(dict.fromkeys(width for width in found if width >= 0))


def indent_with(lines: list[str], at: int, width: int) -> None:
    """Indent line ``at`` with ``width`` spaces instead of what it has."""
    lines[at] = " " * width + lines[at].lstrip(" \t")
