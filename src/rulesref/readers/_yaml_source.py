"""Composing a YAML rules source safely, with the positions an editor shows.

YAML is composed (never constructed) with the safe loader, so every node
keeps its line and column and no tag can run code.  Anchors and aliases
(``&name`` / ``*name``) are refused: rule text is written out where it
stands, and an alias graph of a few hundred bytes can stand for gigabytes of
text.  Positions count lines as editors do (only ``\n`` ends a line; YAML
would also break at U+2028 and U+0085).
"""

from __future__ import annotations

import re
from bisect import bisect_right

import yaml
from yaml.nodes import MappingNode, Node, SequenceNode

from rulesref.errors import Position, RulesSourceError

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


def compose(source: str, name: str) -> tuple[Node | None, LineMap]:
    """The node tree of ``source`` (``None`` when empty) and its editor positions;
    a source YAML would misread or that could blow up is a located error."""
    _reject_tabs(source, name)
    _reject_controls(source, name)
    lines = LineMap(source)
    try:
        root = yaml.compose(source, Loader=_LOADER)
    except yaml.YAMLError:
        root = _compose_for_message(source, name, lines)
    except RecursionError:
        raise RulesSourceError(Position(name), TOO_DEEP) from None
    if root is not None:
        _reject_aliases(root, source, name, lines)
    return root, lines


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
    line = source.count("\n", 0, bad.start()) + 1
    col = bad.start() - (source.rfind("\n", 0, bad.start()) + 1) + 1
    raise RulesSourceError(
        Position(name, line, col),
        f"control character U+{ord(bad.group()):04X} is not allowed in YAML (remove it)",
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


def _alias_error(source: str, name: str, lines: LineMap) -> RulesSourceError:
    """Find the first alias again with the event parser, which marks where it stands."""
    for event in yaml.parse(source, Loader=_LOADER):
        if isinstance(event, yaml.AliasEvent):
            mark = event.start_mark
            where = lines.position(name, mark.line, mark.column) if mark else Position(name)
            return RulesSourceError(
                where,
                f"YAML alias '*{event.anchor}' is not allowed: write the text out "
                "(aliases are refused in rules sources)",
            )
    return RulesSourceError(Position(name), "YAML aliases are not allowed in rules sources")


def _compose_for_message(source: str, name: str, lines: LineMap) -> Node | None:
    """Re-read broken YAML with the pure-Python composer, whose messages and
    marks are the same on every machine (libyaml words some errors differently)."""
    try:
        return yaml.compose(source, Loader=yaml.SafeLoader)
    except RecursionError:
        raise RulesSourceError(Position(name), TOO_DEEP) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        pos = lines.position(name, mark.line, mark.column) if mark else Position(name)
        problem = exc.problem or exc.context or "malformed YAML"
        if exc.context and exc.context_mark and exc.problem:
            started = lines.position(name, exc.context_mark.line, exc.context_mark.column)
            problem += f" {exc.context} that starts at {started.line}:{started.col}"
        raise RulesSourceError(pos, f"malformed YAML: {problem}") from None
    except yaml.YAMLError as exc:
        first = str(exc).splitlines()[0] if str(exc) else "cannot be parsed"
        raise RulesSourceError(Position(name), f"malformed YAML: {first}") from None


def _reject_tabs(source: str, name: str) -> None:
    for lineno, line in enumerate(source.splitlines(), start=1):
        stripped = line.lstrip(" ")
        if stripped.startswith("\t"):
            col = len(line) - len(stripped) + 1
            raise RulesSourceError(
                Position(name, lineno, col), "tab character in indentation (YAML needs spaces)"
            )
