"""Reading YAML nodes as the values a rules source means, with located errors.

Every rules format written in YAML (chapters, the changelog beside them)
shares these checks, so a wrong type or an unknown key reads the same
whichever file it is in: a wrong type is an error (of the item that holds it,
see :mod:`rulesref.readers.cr_yaml`) unless the key is optional, then a
warning and the key ignored; unknown keys are warnings (the text under them
would otherwise vanish without a word).  Broken inline markup is an error,
or, for a reader that sets :attr:`NodeReader.markup_problems` (a chapter's),
a warning and shown as written.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from rulesref.checks import SOURCE_ERROR
from rulesref.errors import Diagnostic, Position, RulesSourceError, Severity
from rulesref.markup import parse_inline, text_locator
from rulesref.model import Inlines
from rulesref.readers._yaml_repair import Placeholder
from rulesref.readers._yaml_source import Composed, compose

T = TypeVar("T")
#: Subtype of an optional key whose value has the wrong type (it is ignored).
WRONG_TYPE = "wrong-type"

SAFE_TAGS = frozenset(
    f"tag:yaml.org,2002:{name}"
    for name in ("str", "int", "float", "bool", "null", "map", "seq", "timestamp")
)


def compose_document(source: str, name: str) -> tuple[Node | None, NodeReader]:
    """The YAML node tree of a file in the CR YAML family, with the same checks
    and messages as a chapter's, and a reader for its keys and inline text (the
    changelog beside the chapters is read with it)."""
    composed = compose(source, name)
    return composed.root, NodeReader(composed, name)


class NodeReader:
    """One file's nodes read as text, flags, numbers, lists and mappings; the
    warnings found on the way are kept in :attr:`diagnostics`, since one unknown
    key must not stop the rest of the file from being read."""

    def __init__(self, composed: Composed, name: str) -> None:
        self.lines = composed.written
        self.line_map = composed.lines
        self.name = name
        self.diagnostics: list[Diagnostic] = list(composed.problems)
        self.placeholders = composed.placeholders
        #: Where broken inline markup is reported (and shown as written);
        #: ``None``: it is an error (:func:`rulesref.markup.parse_inline`).
        self.markup_problems: list[Diagnostic] | None = None

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
            raise RulesSourceError(self.pos(node), f"{what} must be a mapping, got {kind_of(node)}")
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
        if is_null(node):
            return []
        if not isinstance(node, SequenceNode):
            raise RulesSourceError(self.pos(node), f"'{what}' must be a list, got {kind_of(node)}")
        for child in node.value:
            self.check_tag(child)
        return list(node.value)

    def string(self, node: Node, what: str) -> str:
        if not isinstance(node, ScalarNode) or node.tag != "tag:yaml.org,2002:str":
            raise RulesSourceError(self.pos(node), f"'{what}' must be text, got {kind_of(node)}")
        return str(node.value)

    def flag(self, node: Node, what: str) -> bool:
        """``toc:`` with no value means yes; ``toc: false`` means no."""
        if is_null(node):
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
            # Block scalar: content starts on the next line, at the indentation
            # of its first line with text, as written.
            first_line = start.line  # 0-based index of the next line
            shown = first_line
            while shown < len(self.lines) - 1 and not self.lines[shown].strip():
                shown += 1
            raw = self.lines[shown] if shown < len(self.lines) else ""
            indent = len(raw) - len(raw.lstrip(" ")) + 1
            locate = text_locator(text, Position(self.name, first_line + 1, indent), indent)
        else:
            quote = 1 if node.style in ("'", '"') else 0
            locate = text_locator(text, start.shifted(col=start.col + quote), None)
        return parse_inline(text, locate, self.markup_problems)

    def unit(
        self,
        node: Node,
        read: Callable[[], T],
        instead: Callable[[str, Placeholder | None], T],
        unit: str = "item",
    ) -> T:
        """``read()`` of one item of a list, or ``instead(why, placeholder)``
        when the item cannot be read: an error that costs this item (its
        warnings with it), never its neighbours.  ``placeholder`` is set when
        YAML could not compose the item whole (that error is reported already)."""
        pos = self.pos(node)
        placeholder = self.placeholders.get((pos.line - 1, pos.col - 1))
        if placeholder is not None:
            return instead(placeholder.message, placeholder)
        mark = len(self.diagnostics)
        try:
            return read()
        except RulesSourceError as exc:
            del self.diagnostics[mark:]
            self.diagnostics.append(
                Diagnostic(exc.pos, exc.message, SOURCE_ERROR, Severity.ERROR, unit=unit)
            )
            return instead(exc.message, None)

    def optional(self, read: Callable[[], T], default: T) -> T:
        """An optional key's value by ``read``, or ``default`` and a warning
        when it has the wrong type: one ``steps: maybe`` costs nothing else."""
        try:
            return read()
        except RulesSourceError as exc:
            self.diagnostics.append(
                Diagnostic(exc.pos, f"{exc.message} (ignored)", WRONG_TYPE)
            )
            return default

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


def is_null(node: Node) -> bool:
    return isinstance(node, ScalarNode) and node.tag == "tag:yaml.org,2002:null"


def kind_of(node: Node) -> str:
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
