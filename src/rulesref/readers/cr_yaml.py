"""Reader for the Comprehensive Rules YAML format: chapters, sections, rules and
their examples.

Each mapping is checked against the keys its kind allows: unknown keys are
warnings (the text under them would otherwise vanish without a word), and so
are optional keys of the wrong type (``steps: maybe``), which are ignored.
The unit of failure is the item: a section, subsection, rule or timing
element that cannot be read (no ID, two kinds, text that is not text, YAML
that does not compose) becomes a placeholder holding its place and number,
with an error; an example that cannot be read is left out, with an error.
Its neighbours, its parent and the rest of the chapter are read.  An ID is
kept as written; :mod:`rulesref.anchors` gives an ID that cannot be an anchor
as it is an escaped one.  How the YAML is composed safely (no tags that run
code, no aliases, editor positions) is :mod:`rulesref.readers._yaml_source`;
timing structures are :mod:`rulesref.readers._cr_yaml_timing`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from rulesref.errors import Diagnostic, Position, RulesSourceError, decode_utf8
from rulesref.model import Example, Inlines, Item, Kind
from rulesref.readers._cr_yaml_timing import (
    read_timing,
    read_timing_structure,
    salvage_structure,
)
from rulesref.readers._yaml_nodes import SAFE_TAGS, NodeReader, is_null
from rulesref.readers._yaml_repair import Placeholder
from rulesref.readers._yaml_source import MAX_DEPTH, Composed, compose

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
#: Kinds an item of the format names itself by (``rule: <id>``).
ITEM_KINDS = (Kind.CHAPTER, Kind.SECTION, Kind.SUBSECTION, Kind.RULE)


@dataclass
class ChapterFile:
    chapter: Item
    diagnostics: list[Diagnostic]


def read_chapter_file(path: Path, display: str | None = None) -> ChapterFile:
    """Read one chapter file; ``display`` is the file name used in messages."""
    name = display or str(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise RulesSourceError(Position(name, 1, 1), f"cannot read file: {reason}") from None
    return read_chapter_text(decode_utf8(data, name), name)


def read_chapter_text(source: str, name: str) -> ChapterFile:
    """Read one chapter's text (a byte-order mark and CRLF line breaks read as
    editors show them); only a problem of the chapter itself raises."""
    composed = compose(source, name, items=True)
    if composed.root is None:
        raise RulesSourceError(Position(name), "empty file: expected a 'chapter:' mapping")
    reader = _ChapterReader(composed, name)
    chapter = reader.item(composed.root, (Kind.CHAPTER,))
    return ChapterFile(chapter, reader.diagnostics)


def made_up_id(name: str, line: int) -> str:
    """An ID for an item whose own cannot be read: anchor-safe, and the same
    in every build of the same file (``07_access_breach-line-129``)."""
    stem = re.sub(r"[^A-Za-z0-9_]", "_", Path(name).stem) or "item"
    return f"{stem}-line-{line}"


class _ChapterReader(NodeReader):
    def __init__(self, composed: Composed, name: str) -> None:
        super().__init__(composed, name)
        self.markup_problems = self.diagnostics
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

    def child(self, node: Node, kinds: tuple[Kind, ...]) -> Item:
        """One item of a ``sections:`` or ``rules:`` list, or its placeholder."""

        def placeholder(why: str, composed: Placeholder | None) -> Item:
            kind, ident = self.written(node, kinds, composed)
            if not ident and kind not in (Kind.TIMING, Kind.TIMING_STRUCTURE):
                ident = made_up_id(self.name, self.pos(node).line)
            item = Item(kind, ident, (), self.pos(node), unreadable=why)
            self.salvage(node, item)
            return item

        return self.unit(node, lambda: self.item(node, kinds), placeholder)

    def salvage(self, node: Node, item: Item) -> None:
        """The children and timing elements of an item that cannot be read
        itself: they are items of their own, and cost nothing more."""
        if not isinstance(node, MappingNode) or self.depth >= MAX_DEPTH:
            return
        keys = {str(k.value): v for k, v in node.value if isinstance(k, ScalarNode)}
        if item.kind is Kind.TIMING_STRUCTURE:
            item.timing = salvage_structure(self, keys)
            return
        child_key, child_kinds = CHILDREN.get(item.kind, ("rules", (Kind.RULE,)))
        children = keys.get(child_key)
        if isinstance(children, SequenceNode) and children.tag in SAFE_TAGS:
            self.depth += 1
            try:
                item.children = [
                    self.child(child, child_kinds)
                    for child in self.sequence(children, child_key)
                ]
            finally:
                self.depth -= 1
        timing = keys.get("timing_structure")
        if timing is not None and timing.tag in SAFE_TAGS:
            item.timing = self.unit(timing, partial(read_timing, self, timing, 1), _no_timing)

    def written(
        self, node: Node, kinds: tuple[Kind, ...], composed: Placeholder | None
    ) -> tuple[Kind, str]:
        """The kind and ID an unreadable item shows, as far as they can be
        read: a kind its list may not hold is its list's first kind."""
        found: dict[str, str] = {}
        if composed is not None and composed.kind:
            found[composed.kind] = composed.id
        if isinstance(node, MappingNode):
            for key, value in node.value:
                if isinstance(key, ScalarNode) and key.value not in found:
                    plain = isinstance(value, ScalarNode) and value.tag.endswith(":str")
                    found[str(key.value)] = str(value.value).strip() if plain else ""
        for kind in (*kinds, *ITEM_KINDS):
            if kind.value in found:
                return (kind if kind in kinds else kinds[0]), found[kind.value]
        if Kind.RULE in kinds and "timing_structure" in found:
            return Kind.TIMING_STRUCTURE, found.get("id", "")
        return kinds[0], ""

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
        self.optional_keys(item, keys)
        if "examples" in keys:
            item.examples = self.examples(keys["examples"][1], item_id)
        if "timing_structure" in keys:
            item.timing = read_timing(self, keys["timing_structure"][1], depth=1)
        if child_key in keys:
            item.children = [
                self.child(child, child_kinds)
                for child in self.sequence(keys[child_key][1], child_key)
            ]
        return item

    def optional_keys(self, item: Item, keys: dict[str, tuple[ScalarNode, Node]]) -> None:
        """Flags, an explicit number, a table-of-contents entry and a snippet:
        a wrong type is a warning and the key is ignored."""
        item.steps = self.flag_key(keys, "steps")
        item.toc = self.flag_key(keys, "toc")
        item.new = self.flag_key(keys, "new")
        if "number" in keys:  # an explicit number (outline books), kept by the numbering
            item.number = self.optional(partial(self.number, keys["number"][1]), "")
        if "toc_entry" in keys:
            entry = partial(self.inline, keys["toc_entry"][1], "toc_entry")
            item.toc_entry = self.optional(entry, None)
            item.toc = item.toc or item.toc_entry is not None
        if "snippet" in keys:
            snippet = partial(self.inline, keys["snippet"][1], "snippet")
            item.snippet = self.optional(snippet, None)

    def flag_key(self, keys: dict[str, tuple[ScalarNode, Node]], key: str) -> bool:
        if key not in keys:
            return False
        return self.optional(partial(self.flag, keys[key][1], key), False)

    def examples(self, node: Node, owner: str) -> list[Example]:
        """The examples that can be read; each one that cannot is left out, with an error."""
        children = self.unit(
            node, partial(self.sequence, node, "examples"), _no_examples, unit="example"
        )
        kept: list[Example] = []
        for index, child in enumerate(children, 1):
            read = partial(self.example, child, index, owner)
            example = self.unit(child, read, _left_out, unit="example")
            if example is not None:
                kept.append(example)
        return kept

    def example(self, node: Node, index: int, owner: str) -> Example | None:
        if isinstance(node, ScalarNode) and node.tag == "tag:yaml.org,2002:str":
            return Example(self.inline(node, "example"), self.pos(node), index, owner)
        keys = self.mapping(node, "an example")
        self.warn_unknown(keys, set(EXAMPLE_KEYS), f"example {index} of '{owner}'")
        if "text" not in keys or is_null(keys["text"][1]):
            raise RulesSourceError(self.pos(node), f"example {index} of '{owner}' has no text")
        new = self.flag_key(keys, "new")
        return Example(self.inline(keys["text"][1], "text"), self.pos(node), index, owner, new)


def _no_examples(why: str, placeholder: Placeholder | None) -> list[Node]:
    return []


def _no_timing(why: str, placeholder: Placeholder | None) -> list[Item]:
    return []


def _left_out(why: str, placeholder: Placeholder | None) -> Example | None:
    return None
