"""Reader for the Comprehensive Rules YAML format: chapters, sections, rules and
their examples.

Each mapping is checked against the keys its kind allows: unknown keys are
warnings (the text under them would otherwise vanish without a word), wrong
types are errors.  An ID is kept as written; :mod:`rulesref.anchors` gives an
ID that cannot be an anchor as it is an escaped one.
How the YAML is composed safely (no tags that run code, no aliases, editor
positions) is :mod:`rulesref.readers._yaml_source`; timing structures are
:mod:`rulesref.readers._cr_yaml_timing`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from yaml.nodes import Node, ScalarNode

from rulesref.errors import Diagnostic, Position, RulesSourceError
from rulesref.model import Example, Inlines, Item, Kind
from rulesref.readers._cr_yaml_timing import read_timing, read_timing_structure
from rulesref.readers._yaml_nodes import NodeReader, is_null
from rulesref.readers._yaml_source import MAX_DEPTH, LineMap, compose

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


def read_chapter_text(source: str, name: str) -> ChapterFile:
    root, lines = compose(source, name)
    if root is None:
        raise RulesSourceError(Position(name), "empty file: expected a 'chapter:' mapping")
    reader = _ChapterReader(source, name, lines)
    chapter = reader.item(root, (Kind.CHAPTER,))
    return ChapterFile(chapter, reader.diagnostics)


class _ChapterReader(NodeReader):
    def __init__(self, source: str, name: str, lines: LineMap) -> None:
        super().__init__(source, name, lines)
        self.depth = 0

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
            return read_timing_structure(self, node, keys)
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
        if is_null(id_node):
            raise RulesSourceError(self.pos(id_key), f"empty ID after '{kind.value}:'")
        item_id = self.string(id_node, kind.value).strip()
        if not item_id:
            raise RulesSourceError(self.pos(id_node), f"empty ID after '{kind.value}:'")
        child_key, child_kinds = CHILDREN.get(kind, ("rules", (Kind.RULE,)))
        allowed = {kind.value, child_key, *COMMON_KEYS}
        self.warn_unknown(keys, allowed, f"{kind.value} '{item_id}'")

        text: Inlines = ()
        if "text" in keys:
            text = self.inline(keys["text"][1], "text") if not is_null(keys["text"][1]) else ()
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
            item.timing = read_timing(self, keys["timing_structure"][1], depth=1)
        if child_key in keys:
            item.children = [
                self.item(child, child_kinds)
                for child in self.sequence(keys[child_key][1], child_key)
            ]
        return item

    def example(self, node: Node, index: int, owner: str) -> Example:
        if isinstance(node, ScalarNode) and node.tag == "tag:yaml.org,2002:str":
            return Example(self.inline(node, "example"), self.pos(node), index, owner)
        keys = self.mapping(node, "an example")
        self.warn_unknown(keys, set(EXAMPLE_KEYS), f"example {index} of '{owner}'")
        if "text" not in keys or is_null(keys["text"][1]):
            raise RulesSourceError(self.pos(node), f"example {index} of '{owner}' has no text")
        new = self.flag(keys["new"][1], "new") if "new" in keys else False
        return Example(self.inline(keys["text"][1], "text"), self.pos(node), index, owner, new)
