"""Composing a YAML rules source safely, with the positions an editor shows.

YAML is composed (never constructed) with the safe loader, so every node
keeps its line and column and no tag can run code.  Anchors and aliases
(``&name`` / ``*name``) are refused: rule text is written out where it
stands, and an alias graph of a few hundred bytes can stand for gigabytes of
text.  Positions count lines as editors do (only ``\n`` ends a line; YAML
would also break at U+2028 and U+0085).  A chapter's problems inside one list
item cost that item, not the file (:func:`compose` with ``items``; the repairs
are :mod:`rulesref.readers._yaml_repair`).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass, field

import yaml
from yaml.nodes import MappingNode, Node, SequenceNode

from rulesref.checks import SOURCE_ERROR
from rulesref.errors import Diagnostic, Position, RulesSourceError, Severity
from rulesref.readers._yaml_repair import (
    Placeholder,
    blank_entry,
    content_line,
    indent_orphaned_text,
    indent_with,
    item_span,
    key_col,
    tab_widths,
    written_kind_and_id,
)

#: Items nested deeper than this are an error (no rulebook comes close; the
#: reader recurses once per level).
MAX_DEPTH = 40
TOO_DEEP = f"YAML nested too deeply (a rules source has at most {MAX_DEPTH} levels)"

#: libyaml's composer is several times faster and keeps the same marks.
_LOADER: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

#: Characters YAML does not allow in a stream (C0/C1 controls other than tab and
#: line breaks, surrogates, U+FFFE/U+FFFF).
_NOT_PRINTABLE = re.compile(
    "[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]"
)
#: Line breaks YAML counts that editors do not.
_YAML_ONLY_BREAKS = re.compile("[\x85\u2028\u2029]")


#: Broken list items one file may cost before the file fails as a whole:
#: each costs one more composition of the file, so this keeps reading linear.
MAX_BROKEN_ITEMS = 16


@dataclass
class Composed:
    """A source as YAML read it: its node tree (``None`` when empty), its
    editor positions, and what it cost.  ``placeholders`` maps where the node
    of each list item that could not be composed whole starts (0-based line
    and column) to what it was; ``problems`` holds their errors and the
    repairs' warnings."""

    root: Node | None
    lines: LineMap
    #: The source's lines as the author wrote them (``\n`` line breaks, no BOM).
    written: list[str] = field(default_factory=list)
    problems: list[Diagnostic] = field(default_factory=list)
    placeholders: dict[tuple[int, int], Placeholder] = field(default_factory=dict)


def normalise(source: str) -> str:
    """The text as editors show it: no byte-order mark, every line break ``\n``."""
    text = source.removeprefix("\ufeff")
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


def compose(source: str, name: str, *, items: bool = False) -> Composed:
    """The node tree of ``source`` and its editor positions; a source YAML
    would misread or that could blow up is a located error.

    With ``items``, a problem inside a list item (malformed YAML, a tab in its
    indentation, a control character, an alias) costs that item only: the
    line is mended or the item's key that holds it blanked, the item is
    recorded in the result's placeholders (the reader shows it as unreadable,
    its children still read), its error is kept in the problems, and the
    source is composed again, up to :data:`MAX_BROKEN_ITEMS` times.
    """
    written = normalise(source).split("\n")
    lines = list(written)
    composed = Composed(None, LineMap(""), written, indent_orphaned_text(lines, name))
    first: RulesSourceError | None = None
    for _ in range(MAX_BROKEN_ITEMS + 1):
        text = "\n".join(lines)
        try:
            root, line_map = _compose_checked(text, name, lines)
        except _BrokenLine as broken:
            first = first or broken.error
            if not items or not _leave_out(lines, broken, composed):
                raise first from None
            continue
        composed.root, composed.lines = root, line_map
        return composed
    assert first is not None
    raise first


class _BrokenLine(Exception):
    """A problem at one line (0-based) of the source; ``at`` is where it is
    reported when it costs one item (where the broken token starts, when
    YAML noticed it further on)."""

    def __init__(
        self, line: int, error: RulesSourceError, at: Position | None = None, how: str = "yaml"
    ) -> None:
        super().__init__(error.message)
        self.line = line
        self.error = error
        self.at = at or error.pos
        #: What is wrong: "yaml" (it does not compose), "tab", "control".
        self.how = how


def _leave_out(lines: list[str], broken: _BrokenLine, composed: Composed) -> bool:
    """Mend the broken line so the file composes, at the cost of the item that
    holds it (reported once, however many of its lines are mended);
    ``False`` when no item holds the line or nothing could be mended."""
    span = item_span(lines, broken.line)
    if span is None:
        return False
    before = lines[broken.line]
    if broken.how == "tab":
        widths = tab_widths(lines, broken.line)
        reach = {width: _reach(lines, broken.line, width) for width in widths}
        indent_with(lines, broken.line, max(widths, key=lambda width: reach[width]))
    elif broken.how == "control":
        lines[broken.line] = _NOT_PRINTABLE.sub(" ", before)
    elif not blank_entry(lines, span, broken.line):
        return False
    if broken.how in ("tab", "control") and lines[broken.line] == before:
        return False
    where = (content_line(lines, span), key_col(lines, span))
    if where not in composed.placeholders:
        kind, ident = written_kind_and_id(composed.written, span)
        message = broken.error.message
        composed.placeholders[where] = Placeholder(message, kind, ident)
        composed.problems.append(
            Diagnostic(broken.at, message, SOURCE_ERROR, Severity.ERROR, unit="item")
        )
    return True


def _reach(lines: list[str], at: int, width: int) -> float:
    """How far YAML reads with line ``at`` indented by ``width``: the line of
    its first error, or infinity.  The width that reads furthest, the
    likeliest of those that read as far, is taken for the one the author
    meant (a later problem elsewhere stops every width alike)."""
    trial = list(lines)
    indent_with(trial, at, width)
    try:
        yaml.compose("\n".join(trial), Loader=_LOADER)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        return mark.line if mark is not None else 0
    except (yaml.YAMLError, RecursionError):
        return 0
    return float("inf")


def _compose_checked(text: str, name: str, lines: list[str]) -> tuple[Node | None, LineMap]:
    _reject_tabs(lines, name)
    _reject_controls(text, name)
    line_map = LineMap(text)
    try:
        root = yaml.compose(text, Loader=_LOADER)
    except yaml.YAMLError:
        _reject_depth(text, name, line_map)
        root = _compose_for_message(text, name, line_map)
    except RecursionError:
        raise RulesSourceError(Position(name), TOO_DEEP) from None
    if root is not None:
        _reject_aliases(root, text, name, line_map)
    return root, line_map


class LineMap:
    """YAML (line, column) → editor (line, column); the same unless the source holds
    a break only YAML counts (U+2028, U+2029, U+0085)."""

    def __init__(self, source: str) -> None:
        self.identity = _YAML_ONLY_BREAKS.search(source) is None
        if self.identity:
            return
        self.yaml_starts = [0]
        self.editor_starts = [0]
        for i, ch in enumerate(source):
            if ch in "\n\x85\u2028\u2029":
                self.yaml_starts.append(i + 1)
            if ch == "\n":
                self.editor_starts.append(i + 1)

    def position(self, name: str, line0: int, col0: int) -> Position:
        if self.identity:
            return Position(name, line0 + 1, col0 + 1)
        starts = self.yaml_starts
        offset = starts[min(line0, len(starts) - 1)] + col0
        line = bisect_right(self.editor_starts, offset) - 1
        return Position(name, line + 1, offset - self.editor_starts[line] + 1)


def _reject_controls(source: str, name: str) -> None:
    bad = _NOT_PRINTABLE.search(source)
    if bad is None:
        return
    line = source.count("\n", 0, bad.start())
    col = bad.start() - (source.rfind("\n", 0, bad.start()) + 1) + 1
    raise _BrokenLine(
        line,
        RulesSourceError(
            Position(name, line + 1, col),
            f"control character U+{ord(bad.group()):04X} is not allowed in YAML (remove it)",
        ),
        how="control",
    )


def _reject_aliases(root: Node, source: str, name: str, lines: LineMap) -> None:
    """Visit every node once; a node reached twice (or a cycle) is an alias."""
    seen: set[int] = set()
    stack = [root]
    while stack:
        node = stack.pop()
        if id(node) in seen:
            raise _alias_error(source, name, lines)
        seen.add(id(node))
        if isinstance(node, SequenceNode):
            stack.extend(node.value)
        elif isinstance(node, MappingNode):
            for key, value in node.value:
                stack.extend((key, value))


def _alias_error(source: str, name: str, lines: LineMap) -> _BrokenLine:
    """Find the first alias again with the event parser, which marks where it stands."""
    for event in yaml.parse(source, Loader=_LOADER):
        if isinstance(event, yaml.AliasEvent):
            mark = event.start_mark
            where = lines.position(name, mark.line, mark.column) if mark else Position(name)
            return _BrokenLine(
                where.line - 1,
                RulesSourceError(
                    where,
                    f"YAML alias '*{event.anchor}' is not allowed: write the text out "
                    "(aliases are refused in rules sources)",
                ),
            )
    return _BrokenLine(
        0, RulesSourceError(Position(name), "YAML aliases are not allowed in rules sources")
    )


def _reject_depth(source: str, name: str, lines: LineMap) -> None:
    """Refuse YAML nested deeper than any rules source, at the first collection
    too deep, before the pure-Python composer reads it for a message: its
    scanner revisits every open level at each token, so a few kilobytes of
    ``[[[[…`` took seconds (quadratic), where this pass with libyaml is linear."""
    depth = 0
    try:
        for event in yaml.parse(source, Loader=_LOADER):
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                if depth > MAX_DEPTH:
                    mark = event.start_mark
                    where = (lines.position(name, mark.line, mark.column) if mark
                             else Position(name))
                    raise RulesSourceError(where, TOO_DEEP)
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
    except yaml.YAMLError as exc:
        if "nesting depth" in str(exc):  # libyaml's own limit, far above ours
            raise RulesSourceError(Position(name), TOO_DEEP) from None


def _compose_for_message(source: str, name: str, lines: LineMap) -> Node | None:
    """Re-read broken YAML with the pure-Python composer, whose messages and
    marks are the same on every machine (libyaml words some errors differently).
    The line to blame is where a scanned token started (an unclosed quote, a
    key without its colon), else where the parser stopped."""
    try:
        return yaml.compose(source, Loader=yaml.SafeLoader)
    except RecursionError:
        raise RulesSourceError(Position(name), TOO_DEEP) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        pos = lines.position(name, mark.line, mark.column) if mark else Position(name)
        problem = exc.problem or exc.context or "malformed YAML"
        started = pos
        if exc.context and exc.context_mark and exc.problem:
            started = lines.position(name, exc.context_mark.line, exc.context_mark.column)
            problem += f" {exc.context} that starts at {started.line}:{started.col}"
        blamed = started if isinstance(exc, yaml.scanner.ScannerError) else pos
        raise _BrokenLine(
            blamed.line - 1, RulesSourceError(pos, f"malformed YAML: {problem}"), blamed
        ) from None
    except yaml.YAMLError as exc:
        first = str(exc).splitlines()[0] if str(exc) else "cannot be parsed"
        raise RulesSourceError(Position(name), f"malformed YAML: {first}") from None


def _reject_tabs(lines: list[str], name: str) -> None:
    for index, line in enumerate(lines):
        stripped = line.lstrip(" ")
        if stripped.startswith("\t"):
            col = len(line) - len(stripped) + 1
            raise _BrokenLine(
                index,
                RulesSourceError(
                    Position(name, index + 1, col),
                    "tab character in indentation (YAML needs spaces)",
                ),
                how="tab",
            )
