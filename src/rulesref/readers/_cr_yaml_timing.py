"""Timing structures of the CR YAML format: the numbered steps of a turn or a
run, at most :data:`TIMING_DEPTH` levels deep.

Their elements carry no ID in the format; the numbering derives one from the
element's position unless an ``id:`` is given.
"""

from __future__ import annotations

from functools import partial

from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from rulesref.anchors import ESCAPED_ID
from rulesref.errors import Diagnostic, RulesSourceError
from rulesref.identifiers import anchor_for, is_safe_id
from rulesref.markup import shown
from rulesref.model import Inlines, Item, Kind
from rulesref.readers._yaml_nodes import SAFE_TAGS, NodeReader, is_null
from rulesref.readers._yaml_repair import Placeholder

TIMING_KEYS = frozenset({"text", "elements", "bold", "new", "id"})
#: Keys of a bare ``- timing_structure:`` item of a ``rules:`` list.
STRUCTURE_KEYS = frozenset({"timing_structure", "elements", "bold", "new", "id", "text"})
TIMING_DEPTH = 3


def read_timing_structure(
    reader: NodeReader, node: Node, keys: dict[str, tuple[ScalarNode, Node]]
) -> Item:
    """A bare timing structure in a ``rules:`` list (the CR's appendix).

    The format writes its ``bold:`` and ``elements:`` beside the empty
    ``timing_structure:`` key or inside it, and the elements may also be
    the key's own list; all three read the same.
    """
    fields = {k: v for k, v in keys.items() if k != "timing_structure"}
    value = keys["timing_structure"][1]
    if isinstance(value, MappingNode):
        for key, pair in reader.mapping(value, "a timing structure").items():
            if key in fields:
                raise RulesSourceError(
                    reader.pos(pair[0]), f"duplicate key '{key}' in a timing structure"
                )
            fields[key] = pair
    elif not is_null(value):
        if "elements" in fields:
            raise RulesSourceError(
                reader.pos(value), "a timing structure lists its elements once, not twice"
            )
        fields["elements"] = (keys["timing_structure"][0], value)
    reader.warn_unknown(fields, set(STRUCTURE_KEYS), "timing structure")
    text: Inlines = ()
    if "text" in fields and not is_null(fields["text"][1]):
        text = reader.inline(fields["text"][1], "text")
    structure = Item(Kind.TIMING_STRUCTURE, "", text, reader.pos(node))
    _read_id_bold_new(reader, structure, fields)
    if "elements" not in fields or is_null(fields["elements"][1]):
        raise RulesSourceError(reader.pos(node), "timing structure has no 'elements:'")
    structure.timing = read_timing(reader, fields["elements"][1], depth=1)
    return structure


def salvage_structure(reader: NodeReader, keys: dict[str, Node]) -> list[Item]:
    """The elements of a bare structure that cannot be read itself, in any of
    its three spellings, if they can be read (they are steps of their own)."""
    value = keys.get("timing_structure")
    if isinstance(value, MappingNode):
        inside = {str(k.value): v for k, v in value.value if isinstance(k, ScalarNode)}
        value = inside.get("elements")
    elements = keys.get("elements") or value
    if elements is None or elements.tag not in SAFE_TAGS:
        return []
    try:
        return read_timing(reader, elements, depth=1)
    except RulesSourceError:  # the structure's error says it already
        return []


def read_timing(reader: NodeReader, node: Node, depth: int) -> list[Item]:
    """The elements of a structure; an element that cannot be read holds its
    place (and its step's number) as a placeholder, with an error."""
    if isinstance(node, MappingNode):  # a block: {elements: [...]} or a single element
        keys = reader.mapping(node, "a timing structure")
        if set(keys) == {"elements"}:
            node = keys["elements"][1]
    return [
        reader.unit(
            child,
            partial(_element, reader, child, depth),
            partial(_placeholder, reader, child, depth),
        )
        for child in reader.sequence(node, "elements")
    ]


def _element(reader: NodeReader, child: Node, depth: int) -> Item:
    if isinstance(child, ScalarNode):
        return Item(Kind.TIMING, "", reader.inline(child, "element"), reader.pos(child))
    keys = reader.mapping(child, "a timing element")
    reader.warn_unknown(keys, set(TIMING_KEYS), "timing element")
    text = reader.inline(keys["text"][1], "text") if "text" in keys else ()
    element = Item(Kind.TIMING, "", text, reader.pos(child))
    _read_id_bold_new(reader, element, keys)
    if "elements" in keys:
        if depth >= TIMING_DEPTH:
            raise RulesSourceError(
                reader.pos(keys["elements"][0]),
                f"timing structures have at most {TIMING_DEPTH} levels",
            )
        element.children = read_timing(reader, keys["elements"][1], depth + 1)
    return element


def _placeholder(
    reader: NodeReader, child: Node, depth: int, why: str, composed: Placeholder | None
) -> Item:
    """An element that cannot be read: the numbering gives it its ID and label;
    the elements under it are steps of their own, read if they can be."""
    element = Item(Kind.TIMING, "", (), reader.pos(child), unreadable=why)
    if isinstance(child, MappingNode) and depth < TIMING_DEPTH:
        inner = [v for k, v in child.value if isinstance(k, ScalarNode) and k.value == "elements"]
        if len(inner) == 1 and isinstance(inner[0], SequenceNode):
            try:
                element.children = read_timing(reader, inner[0], depth + 1)
            except RulesSourceError:  # the element's error says it already
                element.children = []
    return element


def _read_id_bold_new(
    reader: NodeReader, element: Item, keys: dict[str, tuple[ScalarNode, Node]]
) -> None:
    """The keys a structure and its elements share, all optional (a wrong type
    is a warning); an ``id:`` given by hand is an ID like any other (its anchor
    is made safe by :mod:`rulesref.anchors`)."""
    if "id" in keys:
        written = reader.optional(partial(reader.string, keys["id"][1], "id"), "")
        element.id = written.strip()
        if element.id and not is_safe_id(element.id):
            reader.diagnostics.append(
                Diagnostic(
                    reader.pos(keys["id"][1]),
                    f"ID '{shown(element.id, 60)}' has characters an anchor may not hold "
                    f"(letters, digits and _ . : - only): its links use "
                    f"'#{anchor_for(element.id)}', references use the ID as written",
                    ESCAPED_ID,
                )
            )
    for flag in ("bold", "new"):
        if flag in keys:
            value = reader.optional(partial(reader.flag, keys[flag][1], flag), False)
            setattr(element, flag, value)
