"""Reader for the Comprehensive Rules YAML format.

YAML is composed (never constructed) with the safe loader, so every node
keeps its line and column and no tag can run code.  Each mapping is checked
against the keys its kind allows: unknown keys are warnings (the text under
them would otherwise vanish without a word), wrong types are errors.

YAML anchors and aliases (``&name`` / ``*name``) are refused everywhere in a
rules source: rule text is written out where it stands, and an alias graph
of a few hundred bytes can stand for gigabytes of text.  IDs must match
:data:`rulesref.identifiers.ID_PATTERN`.  Positions count lines as editors do
(only ``\n`` ends a line; YAML would also break at U+2028 and U+0085).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from pathlib import Path

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from rulesref.errors import Diagnostic, Position, RulesSourceError
from rulesref.identifiers import id_problem
from rulesref.markup import parse_inline, text_locator
from rulesref.model import Example, Inlines, Item, Kind

SAFE_TAGS = frozenset(
    f"tag:yaml.org,2002:{name}"
    for name in ("str", "int", "float", "bool", "null", "map", "seq", "timestamp")
)

#: Keys every structural item may carry, besides its kind key.
COMMON_KEYS = frozenset(
    {
        "text",
        "examples",
        "toc",
        "toc_entry",
        "snippet",
        "steps",
        "new",
        "timing_structure",
        "number",
    }
)
#: The key holding an item's children, and the kinds allowed there.
CHILDREN = {
    Kind.CHAPTER: ("sections", (Kind.SECTION,)),
    Kind.SECTION: ("rules", (Kind.RULE, Kind.SUBSECTION)),
    Kind.SUBSECTION: ("rules", (Kind.RULE, Kind.SUBSECTION)),
    Kind.RULE: ("rules", (Kind.RULE,)),
}
EXAMPLE_KEYS = frozenset({"text", "new"})
TIMING_KEYS = frozenset({"text", "elements", "bold", "new", "id"})
#: Keys of a bare ``- timing_structure:`` item of a ``rules:`` list.
STRUCTURE_KEYS = frozenset({"timing_structure", "elements", "bold", "new", "id", "text"})
TIMING_DEPTH = 3
#: Items nested deeper than this are an error (no rulebook comes close; the
#: reader recurses once per level).
MAX_DEPTH = 40
TOO_DEEP = f"YAML nested too deeply (a rules source has at most {MAX_DEPTH} levels)"

#: libyaml's composer is several times faster and keeps the same marks.
_LOADER: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@dataclass
class ChapterFile:
    chapter: Item
    diagnostics: list[Diagnostic]


def read_chapter_file(path: Path, display: str | None = None) -> ChapterFile:
    """Read one chapter file; ``display`` is the file name used in messages."""
    name = display or str(path)
    try:
        source = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        before = exc.object[: exc.start]
        line = before.count(b"\n") + 1
        col = exc.start - (before.rfind(b"\n") + 1) + 1
        raise RulesSourceError(
            Position(name, line, col), f"not UTF-8 text (byte 0x{exc.object[exc.start]:02x})"
        ) from None
    except OSError as exc:
        raise RulesSourceError(Position(name, 1, 1), f"cannot read file: {exc.strerror}") from None
    return read_chapter_text(source, name)


#: Characters YAML does not allow in a stream (C0/C1 controls other than tab and
#: line breaks, surrogates, U+FFFE/U+FFFF).
_NOT_PRINTABLE = re.compile(
    "[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]"
)
#: Line breaks YAML counts that editors do not.
_YAML_ONLY_BREAKS = re.compile("[\x85\u2028\u2029]")


def read_chapter_text(source: str, name: str) -> ChapterFile:
    root, reader = compose_document(source, name)
    if root is None:
        raise RulesSourceError(Position(name), "empty file: expected a 'chapter:' mapping")
    chapter = reader.item(root, (Kind.CHAPTER,))
    return ChapterFile(chapter, reader.diagnostics)


def compose_document(source: str, name: str) -> tuple[Node | None, _Reader]:
    """The YAML node tree of a file of this format, with the same checks and
    messages as a chapter's, and a reader for its keys and inline text (the
    changelog beside the chapters is read with it)."""
    _reject_tabs(source, name)
    _reject_controls(source, name)
    lines = _LineMap(source)
    try:
        root = yaml.compose(source, Loader=_LOADER)
    except yaml.YAMLError:
        root = _compose_for_message(source, name, lines)
    except RecursionError:
        raise RulesSourceError(Position(name), TOO_DEEP) from None
    if root is not None:
        _reject_aliases(root, source, name, lines)
    return root, _Reader(source, name, lines)


class _LineMap:
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


def _reject_aliases(root: Node, source: str, name: str, lines: _LineMap) -> None:
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


def _alias_error(source: str, name: str, lines: _LineMap) -> RulesSourceError:
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


def _compose_for_message(source: str, name: str, lines: _LineMap) -> Node | None:
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


class _Reader:
    def __init__(self, source: str, name: str, lines: _LineMap) -> None:
        self.lines = source.split("\n")
        self.line_map = lines
        self.name = name
        self.diagnostics: list[Diagnostic] = []
        self.depth = 0

    # -- helpers -----------------------------------------------------------
    def pos(self, node: Node) -> Position:
        mark = node.start_mark
        return self.line_map.position(self.name, mark.line, mark.column)

    def check_tag(self, node: Node) -> None:
        if node.tag not in SAFE_TAGS:
            tag = str(node.tag).replace("tag:yaml.org,2002:", "!!")
            raise RulesSourceError(self.pos(node), f"unsafe or unknown YAML tag '{tag}'")

    def mapping(self, node: Node, what: str) -> dict[str, tuple[ScalarNode, Node]]:
        self.check_tag(node)
        if not isinstance(node, MappingNode):
            raise RulesSourceError(self.pos(node), f"{what} must be a mapping, got {_kind(node)}")
        out: dict[str, tuple[ScalarNode, Node]] = {}
        for key, value in node.value:
            self.check_tag(key)
            self.check_tag(value)
            if not isinstance(key, ScalarNode):
                raise RulesSourceError(self.pos(key), f"{what} keys must be plain words")
            if key.value in out:
                raise RulesSourceError(self.pos(key), f"duplicate key '{key.value}' in {what}")
            out[key.value] = (key, value)
        return out

    def sequence(self, node: Node, what: str) -> list[Node]:
        if _is_null(node):
            return []
        if not isinstance(node, SequenceNode):
            raise RulesSourceError(self.pos(node), f"'{what}' must be a list, got {_kind(node)}")
        for child in node.value:
            self.check_tag(child)
        return list(node.value)

    def string(self, node: Node, what: str) -> str:
        if not isinstance(node, ScalarNode) or node.tag != "tag:yaml.org,2002:str":
            raise RulesSourceError(self.pos(node), f"'{what}' must be text, got {_kind(node)}")
        return str(node.value)

    def flag(self, node: Node, what: str) -> bool:
        """``toc:`` with no value means yes; ``toc: false`` means no."""
        if _is_null(node):
            return True
        if isinstance(node, ScalarNode) and node.tag == "tag:yaml.org,2002:bool":
            return str(node.value).lower() in ("true", "yes", "on")
        raise RulesSourceError(
            self.pos(node), f"'{what}' is a flag: leave it empty or write true/false"
        )

    def number(self, node: Node) -> str:
        """``number: 3`` or ``number: "3.4.1"``: text without white space."""
        if isinstance(node, ScalarNode) and node.tag in (
            "tag:yaml.org,2002:str",
            "tag:yaml.org,2002:int",
        ):
            value = str(node.value).strip()
            if value and not any(ch.isspace() for ch in value):
                return value
        raise RulesSourceError(
            self.pos(node), "'number' must be a whole number or quoted text such as '3.4.1'"
        )

    def inline(self, node: Node, what: str) -> Inlines:
        text = self.string(node, what)
        assert isinstance(node, ScalarNode)
        start = self.pos(node)
        if node.style in ("|", ">"):
            # Block scalar: content starts on the next line at its indentation.
            first_line = start.line  # 0-based index of the next line
            raw = self.lines[first_line] if first_line < len(self.lines) else ""
            indent = len(raw) - len(raw.lstrip(" ")) + 1
            locate = text_locator(text, Position(self.name, first_line + 1, indent), indent)
        else:
            quote = 1 if node.style in ("'", '"') else 0
            locate = text_locator(text, start.shifted(col=start.col + quote), None)
        return parse_inline(text, locate)

    def warn_unknown(
        self, keys: dict[str, tuple[ScalarNode, Node]], allowed: set[str], what: str
    ) -> None:
        for key, (key_node, _) in keys.items():
            if key not in allowed:
                self.diagnostics.append(
                    Diagnostic(
                        self.pos(key_node),
                        f"unknown key '{key}' in {what} (its content is not shown; "
                        f"known keys: {', '.join(sorted(allowed))})",
                        "unknown-key",
                    )
                )

    # -- structure ---------------------------------------------------------
    def item(self, node: Node, kinds: tuple[Kind, ...]) -> Item:
        if self.depth >= MAX_DEPTH:
            raise RulesSourceError(
                self.pos(node), f"items nested more than {MAX_DEPTH} levels deep"
            )
        self.depth += 1
        try:
            return self._item(node, kinds)
        finally:
            self.depth -= 1

    def _item(self, node: Node, kinds: tuple[Kind, ...]) -> Item:
        what = " or ".join(k.value for k in kinds)
        keys = self.mapping(node, f"a {what} item")
        found = [k for k in kinds if k.value in keys]
        if not found and Kind.RULE in kinds and "timing_structure" in keys:
            return self.timing_structure(node, keys)
        if not found:
            other = [k.value for k in Kind if k.value in keys and k is not Kind.TIMING]
            hint = f" ('{other[0]}' is not allowed here)" if other else ""
            raise RulesSourceError(
                self.pos(node), f"item has no ID: expected '{kinds[0].value}: <id>'{hint}"
            )
        if len(found) > 1:
            raise RulesSourceError(
                self.pos(node), f"item has both '{found[0].value}' and '{found[1].value}'"
            )
        kind = found[0]
        id_key, id_node = keys[kind.value]
        if _is_null(id_node):
            raise RulesSourceError(self.pos(id_key), f"empty ID after '{kind.value}:'")
        item_id = self.string(id_node, kind.value).strip()
        if not item_id:
            raise RulesSourceError(self.pos(id_node), f"empty ID after '{kind.value}:'")
        problem = id_problem(item_id)
        if problem:
            raise RulesSourceError(self.pos(id_node), problem)
        child_key, child_kinds = CHILDREN.get(kind, ("rules", (Kind.RULE,)))
        allowed = {kind.value, child_key, *COMMON_KEYS}
        self.warn_unknown(keys, allowed, f"{kind.value} '{item_id}'")

        text: Inlines = ()
        if "text" in keys:
            text = self.inline(keys["text"][1], "text") if not _is_null(keys["text"][1]) else ()
        item = Item(kind=kind, id=item_id, text=text, pos=self.pos(node))
        item.steps = self.flag(keys["steps"][1], "steps") if "steps" in keys else False
        item.toc = self.flag(keys["toc"][1], "toc") if "toc" in keys else False
        item.new = self.flag(keys["new"][1], "new") if "new" in keys else False
        if "number" in keys:  # an explicit number (outline books), kept by the numbering
            item.number = self.number(keys["number"][1])
        if "toc_entry" in keys:
            item.toc_entry = self.inline(keys["toc_entry"][1], "toc_entry")
            item.toc = True
        if "snippet" in keys:
            item.snippet = self.inline(keys["snippet"][1], "snippet")
        if "examples" in keys:
            item.examples = [
                self.example(child, index, item_id)
                for index, child in enumerate(self.sequence(keys["examples"][1], "examples"), 1)
            ]
        if "timing_structure" in keys:
            item.timing = self.timing(keys["timing_structure"][1], depth=1)
        if child_key in keys:
            item.children = [
                self.item(child, child_kinds)
                for child in self.sequence(keys[child_key][1], child_key)
            ]
        return item

    def timing_structure(self, node: Node, keys: dict[str, tuple[ScalarNode, Node]]) -> Item:
        """A bare timing structure in a ``rules:`` list (the CR's appendix).

        The format writes its ``bold:`` and ``elements:`` beside the empty
        ``timing_structure:`` key or inside it, and the elements may also be
        the key's own list; all three read the same.
        """
        fields = {k: v for k, v in keys.items() if k != "timing_structure"}
        value = keys["timing_structure"][1]
        if isinstance(value, MappingNode):
            for key, pair in self.mapping(value, "a timing structure").items():
                if key in fields:
                    raise RulesSourceError(
                        self.pos(pair[0]), f"duplicate key '{key}' in a timing structure"
                    )
                fields[key] = pair
        elif not _is_null(value):
            if "elements" in fields:
                raise RulesSourceError(
                    self.pos(value), "a timing structure lists its elements once, not twice"
                )
            fields["elements"] = (keys["timing_structure"][0], value)
        self.warn_unknown(fields, set(STRUCTURE_KEYS), "timing structure")
        text: Inlines = ()
        if "text" in fields and not _is_null(fields["text"][1]):
            text = self.inline(fields["text"][1], "text")
        structure = Item(Kind.TIMING_STRUCTURE, "", text, self.pos(node))
        if "id" in fields:
            structure.id = self.string(fields["id"][1], "id").strip()
            problem = id_problem(structure.id)
            if problem:
                raise RulesSourceError(self.pos(fields["id"][1]), problem)
        structure.bold = self.flag(fields["bold"][1], "bold") if "bold" in fields else False
        structure.new = self.flag(fields["new"][1], "new") if "new" in fields else False
        if "elements" not in fields or _is_null(fields["elements"][1]):
            raise RulesSourceError(self.pos(node), "timing structure has no 'elements:'")
        structure.timing = self.timing(fields["elements"][1], depth=1)
        return structure

    def example(self, node: Node, index: int, owner: str) -> Example:
        if isinstance(node, ScalarNode) and node.tag == "tag:yaml.org,2002:str":
            return Example(self.inline(node, "example"), self.pos(node), index, owner)
        keys = self.mapping(node, "an example")
        self.warn_unknown(keys, set(EXAMPLE_KEYS), f"example {index} of '{owner}'")
        if "text" not in keys or _is_null(keys["text"][1]):
            raise RulesSourceError(self.pos(node), f"example {index} of '{owner}' has no text")
        new = self.flag(keys["new"][1], "new") if "new" in keys else False
        return Example(self.inline(keys["text"][1], "text"), self.pos(node), index, owner, new)

    def timing(self, node: Node, depth: int) -> list[Item]:
        if isinstance(node, MappingNode):  # a block: {elements: [...]} or a single element
            keys = self.mapping(node, "a timing structure")
            if set(keys) == {"elements"}:
                node = keys["elements"][1]
        elements: list[Item] = []
        for child in self.sequence(node, "elements"):
            if isinstance(child, ScalarNode):
                elements.append(
                    Item(Kind.TIMING, "", self.inline(child, "element"), self.pos(child))
                )
                continue
            keys = self.mapping(child, "a timing element")
            self.warn_unknown(keys, set(TIMING_KEYS), "timing element")
            text = self.inline(keys["text"][1], "text") if "text" in keys else ()
            element = Item(Kind.TIMING, "", text, self.pos(child))
            if "id" in keys:
                element.id = self.string(keys["id"][1], "id").strip()
                problem = id_problem(element.id)
                if problem:
                    raise RulesSourceError(self.pos(keys["id"][1]), problem)
            element.bold = self.flag(keys["bold"][1], "bold") if "bold" in keys else False
            element.new = self.flag(keys["new"][1], "new") if "new" in keys else False
            if "elements" in keys:
                if depth >= TIMING_DEPTH:
                    raise RulesSourceError(
                        self.pos(keys["elements"][0]),
                        f"timing structures have at most {TIMING_DEPTH} levels",
                    )
                element.children = self.timing(keys["elements"][1], depth + 1)
            elements.append(element)
        return elements


def _is_null(node: Node) -> bool:
    return isinstance(node, ScalarNode) and node.tag == "tag:yaml.org,2002:null"


def _kind(node: Node) -> str:
    if isinstance(node, MappingNode):
        return "a mapping"
    if isinstance(node, SequenceNode):
        return "a list"
    return {
        "tag:yaml.org,2002:str": "text",
        "tag:yaml.org,2002:int": "a number",
        "tag:yaml.org,2002:float": "a number",
        "tag:yaml.org,2002:bool": "true/false",
        "tag:yaml.org,2002:null": "nothing",
    }.get(node.tag, node.tag)
