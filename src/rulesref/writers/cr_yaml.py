"""Write any rulebook in the canonical CR YAML format.

:func:`to_yaml` turns a loaded (numbered, ID'd) :class:`~rulesref.model.Rulebook`
into one YAML file per chapter, in the format :mod:`rulesref.readers.cr_yaml`
reads, plus a ``book.toml`` that makes the folder a loadable book.  Reading
the result gives the same model: IDs, kinds, numbers and labels, text,
examples, timing structures and structure.

* **IDs** are always written, so the IDs a Markdown, HelpNDoc or plain-text
  book was given (``tm_3_4_3_1``, ``nr96_keywords_1``) stay the same after
  conversion, whatever the new file's numbering would derive.
* **Numbers** are derived by the numbering scheme on reading; only an item
  whose number the scheme would not give writes ``number:`` (the Technomancy
  sections start at 0, so ``section: tm_0`` gets ``number: '0'``).  The
  scheme is the one given, or else the one that reproduces the book with the
  fewest explicit numbers (``cr`` first on a tie).
* **Inline text** goes back to markup: ``{term:…}``, ``{ref:a,b}``,
  ``{ref/through:a,b}``, ``{Ref:…}``, ``{card:…}``, ``{subtype:…}``,
  ``{product:…}``, ``{link:text|url}``, ``{img:…}``, ``{n}…{/n}``, symbols as
  their source spelling (``[c]``), literal braces as ``{curly:…}``.  Every
  text is parsed back before it is written; text the markup cannot express
  (a lone ``{``, or ``[click]`` meant literally) raises
  :class:`~rulesref.errors.RulesSourceError` at the item's position instead of
  changing meaning silently.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import yaml

from rulesref.books import BookConfig, load_book
from rulesref.errors import Position, RulesSourceError
from rulesref.markup import SYMBOLS, parse_inline, text_locator
from rulesref.model import (
    CardRef,
    Example,
    Image,
    Inline,
    Inlines,
    Item,
    Kind,
    Link,
    NewText,
    Product,
    Ref,
    Rulebook,
    Subtype,
    Symbol,
    Term,
    Text,
)
from rulesref.numbering import Scheme, number_book, structure_id

BOOK_TOML = "book.toml"

_KIND_KEY = {
    Kind.CHAPTER: "chapter",
    Kind.SECTION: "section",
    Kind.SUBSECTION: "subsection",
    Kind.RULE: "rule",
    Kind.STEP: "rule",  # steps are rules under a ``steps:`` parent; numbering makes them steps
}
_ALLOWED_CHILDREN = {
    Kind.CHAPTER: (Kind.SECTION,),
    Kind.SECTION: (Kind.RULE, Kind.STEP, Kind.SUBSECTION, Kind.TIMING_STRUCTURE),
    Kind.SUBSECTION: (Kind.RULE, Kind.STEP, Kind.SUBSECTION, Kind.TIMING_STRUCTURE),
    Kind.RULE: (Kind.RULE, Kind.STEP, Kind.TIMING_STRUCTURE),
    Kind.STEP: (Kind.RULE, Kind.STEP, Kind.TIMING_STRUCTURE),
}


def to_yaml(
    book: Rulebook,
    *,
    scheme: Scheme | None = None,
    description: str = "",
    order: int | None = None,
) -> dict[str, str]:
    """File name → text: one ``*.yaml`` per chapter and a ``book.toml``.

    ``book`` must be loaded (numbered, every item with an ID), as
    :func:`rulesref.books.load_book` returns it.
    """
    for item in book.items():
        if not item.id:
            raise RulesSourceError(
                item.pos,
                f"{item.kind.value} {item.number or '?'} has no ID: load the book "
                "(with an id_prefix) before converting it",
            )
    chosen, explicit = _choose_scheme(book, scheme)
    names = _file_names(book)
    files: dict[str, str] = {}
    for name, chapter in zip(names, book.chapters, strict=True):
        data = _item_data(chapter, explicit)
        files[name] = _dump(data)
    files[BOOK_TOML] = _book_toml(book, names, chosen, description, order)
    return files


def write_book(book: Rulebook, directory: Path, **options: Any) -> list[Path]:
    """Write :func:`to_yaml`'s files into ``directory`` (created if needed)."""
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in to_yaml(book, **options).items():
        path = directory / name
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


# --------------------------------------------------------------------------
# Numbers: which items need an explicit ``number:``


def explicit_numbers(book: Rulebook, scheme: Scheme) -> set[int] | None:
    """Positions (in ``book.items()`` order) of the items whose number
    ``scheme`` would not derive, or ``None`` when an explicit number would not
    be kept either (a rule numbered against the CR scheme, a label or kind the
    scheme would change)."""
    originals = list(book.items())
    replica = copy.deepcopy(book)
    copies = list(replica.items())
    chapter_numbers = [chapter.number for chapter in book.chapters]
    preset: set[int] = set()
    index_of = {id(item): i for i, item in enumerate(copies)}
    while True:
        for i, item in enumerate(copies):
            item.number = originals[i].number if i in preset else ""
            item.label = ""
            if item.kind is Kind.STEP:
                item.kind = Kind.RULE  # as read back from YAML
        number_book(replica, scheme, chapter_numbers)
        wrong = [
            i
            for i, item in enumerate(copies)
            if (item.number, item.label, item.kind)
            != (originals[i].number, originals[i].label, originals[i].kind)
        ]
        if not wrong:
            return preset
        wrong_set = set(wrong)
        # Fix the outermost wrong items first: their descendants may follow.
        outermost = [
            i for i in wrong if not any(index_of[id(a)] in wrong_set for a in copies[i].ancestors())
        ]
        fixable = [
            i
            for i in outermost
            if i not in preset
            and copies[i].kind not in (Kind.TIMING, Kind.TIMING_STRUCTURE)
            and originals[i].number != ""
        ]
        if not fixable:
            return None
        preset.update(fixable)


def _choose_scheme(book: Rulebook, scheme: Scheme | None) -> tuple[Scheme, set[int]]:
    candidates = [scheme] if scheme else [Scheme.CR, Scheme.OUTLINE]
    best: tuple[Scheme, set[int]] | None = None
    for candidate in candidates:
        preset = explicit_numbers(book, candidate)
        if preset is not None and (best is None or len(preset) < len(best[1])):
            best = (candidate, preset)
    if best is None:
        where = book.chapters[0].pos if book.chapters else Position(book.slug)
        wanted = scheme.value if scheme else "cr or outline"
        raise RulesSourceError(
            where,
            f"the book's numbers cannot be reproduced by the "
            f"{wanted} numbering, even with explicit numbers",
        )
    chosen, preset = best
    items = list(book.items())
    return chosen, {id(items[i]) for i in preset}


# --------------------------------------------------------------------------
# Items


def _item_data(item: Item, explicit: set[int]) -> dict[str, Any]:
    data: dict[str, Any] = {_KIND_KEY[item.kind]: item.id}
    if id(item) in explicit:
        data["number"] = item.number
    data["text"] = markup(item.text, item.pos)
    if item.toc and item.toc_entry is None:
        data["toc"] = True
    if item.toc_entry is not None:
        data["toc_entry"] = markup(item.toc_entry, item.pos)
    if item.snippet is not None:
        data["snippet"] = markup(item.snippet, item.pos)
    if item.steps:
        data["steps"] = True
    if item.new:
        data["new"] = True
    if item.examples:
        data["examples"] = [_example_data(example) for example in item.examples]
    if item.timing:
        data["timing_structure"] = [_timing_data(element, item.id) for element in item.timing]
    if item.children:
        allowed = _ALLOWED_CHILDREN.get(item.kind, ())
        for child in item.children:
            if child.kind not in allowed:
                raise RulesSourceError(
                    child.pos,
                    f"a {child.kind.value} cannot stand in a {item.kind.value} in CR YAML",
                )
        key = "sections" if item.kind is Kind.CHAPTER else "rules"
        structures = 0
        children: list[dict[str, Any]] = []
        for child in item.children:
            if child.kind is Kind.TIMING_STRUCTURE:
                structures += 1
                children.append(_structure_data(child, item.id, structures))
            else:
                children.append(_item_data(child, explicit))
        data[key] = children
    return data


def _structure_data(structure: Item, owner_id: str, index: int) -> dict[str, Any]:
    """A bare ``- timing_structure:`` item, its ``bold`` and ``elements`` inside it."""
    body: dict[str, Any] = {}
    if structure.id != structure_id(owner_id, index):
        body["id"] = structure.id
    if structure.text:
        body["text"] = markup(structure.text, structure.pos)
    if structure.bold:
        body["bold"] = True
    if structure.new:
        body["new"] = True
    # Always ``- text: …``: the official generator reads elements as mappings.
    body["elements"] = [
        _timing_data(element, structure.id, mapping=True) for element in structure.timing
    ]
    return {"timing_structure": body}


def _example_data(example: Example) -> dict[str, Any]:
    data: dict[str, Any] = {"text": markup(example.text, example.pos)}
    if example.new:
        data["new"] = True
    return data


def _timing_data(element: Item, owner_id: str, *, mapping: bool = False) -> Any:
    text = markup(element.text, element.pos)
    derived = f"{owner_id}_{element.label}"
    plain = (
        not (mapping or element.bold or element.new or element.children)
        and element.id == derived
    )
    if plain:
        return text
    data: dict[str, Any] = {"text": text}
    if element.id != derived:
        data["id"] = element.id
    if element.bold:
        data["bold"] = True
    if element.new:
        data["new"] = True
    if element.children:
        data["elements"] = [
            _timing_data(child, element.id, mapping=mapping) for child in element.children
        ]
    return data


# --------------------------------------------------------------------------
# Inline text back to markup


def markup(inlines: Inlines, pos: Position) -> str:
    """The markup that :func:`rulesref.markup.parse_inline` reads back as ``inlines``."""
    out = "".join(_node_markup(node) for node in inlines)
    try:
        again = parse_inline(out, text_locator(out, pos))
    except RulesSourceError as exc:
        raise RulesSourceError(
            pos, f"text cannot be written as CR YAML markup ({exc.message})"
        ) from None
    if _shape(again) != _shape(inlines):
        raise RulesSourceError(
            pos, f"text cannot be written as CR YAML markup without changing it: {out!r}"
        )
    return out


def _node_markup(node: Inline) -> str:
    if isinstance(node, Text):
        return _escape(node.text, node.pos)
    if isinstance(node, Term):
        return f"{{term:{node.text}}}"
    if isinstance(node, Ref):
        role = ("Ref" if node.capital else "ref") + ("/through" if node.through else "")
        return f"{{{role}:{','.join(node.source_ids)}}}"
    if isinstance(node, Subtype):
        return f"{{subtype:{node.name}}}"
    if isinstance(node, CardRef):
        return f"{{card:{node.name}}}"
    if isinstance(node, Product):
        return f"{{product:{node.name}}}"
    if isinstance(node, Link):
        return f"{{link:{node.text}|{node.url}}}"
    if isinstance(node, Image):
        return f"{{img:{node.name}}}"
    if isinstance(node, Symbol):
        return _symbol(node)
    return "{n}" + "".join(_node_markup(child) for child in node.children) + "{/n}"


def _symbol(node: Symbol) -> str:
    key = node.source[1:-1].casefold() if node.source.startswith("[") else ""
    if node.source.endswith("]") and key in SYMBOLS and SYMBOLS[key].name == node.name:
        return node.source
    for key, info in SYMBOLS.items():
        if info.name == node.name:
            return f"[{key}]"
    raise RulesSourceError(node.pos, f"unknown symbol '{node.name}'")


def _escape(text: str, pos: Position) -> str:
    """Literal braces as ``{curly:…}``; a brace without its partner cannot be written."""
    out: list[str] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "{":
            depth, j = 0, i
            while j < len(text):
                if text[j] == "{":
                    depth += 1
                elif text[j] == "}":
                    depth -= 1
                    if depth == 0:
                        break
                elif text[j] == "\n":
                    j = len(text)
                    break
                j += 1
            if j >= len(text):
                raise RulesSourceError(pos, "a '{' without its '}' cannot be written as markup")
            out.append("{curly:" + text[i + 1 : j] + "}")
            i = j + 1
        elif ch == "}":
            raise RulesSourceError(pos, "a '}' without its '{' cannot be written as markup")
        else:
            out.append(ch)
            i += 1
    return "".join(out)


def _shape(inlines: Inlines) -> list[tuple[Any, ...]]:
    """Inline nodes without positions, adjacent texts merged: what "the same text" means."""
    out: list[tuple[Any, ...]] = []
    for node in inlines:
        if isinstance(node, Text):
            if out and out[-1][0] == "text":
                out[-1] = ("text", out[-1][1] + node.text)
            elif node.text:
                out.append(("text", node.text))
        elif isinstance(node, NewText):
            out.append(("new", tuple(_shape(node.children))))
        elif isinstance(node, Ref):
            out.append(("ref", node.source_ids, node.through, node.capital))
        elif isinstance(node, Symbol):
            out.append(("symbol", node.name))
        elif isinstance(node, Link):
            out.append(("link", node.text, node.url))
        elif isinstance(node, Term):
            out.append(("term", node.text))
        else:
            out.append((type(node).__name__, node.name))
    return out


# --------------------------------------------------------------------------
# Files


class _Dumper(yaml.SafeDumper):
    pass


def _represent_str(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    style = "|" if "\n" in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_Dumper.add_representer(str, _represent_str)


def _dump(data: dict[str, Any]) -> str:
    text = yaml.dump(
        data,
        Dumper=_Dumper,
        sort_keys=False,
        allow_unicode=True,
        width=10**6,
        default_flow_style=False,
    )
    return str(text)


def _file_names(book: Rulebook) -> list[str]:
    names: list[str] = []
    for index, chapter in enumerate(book.chapters, start=1):
        stem = Path(chapter.chapter_source).name.split(".")[0] if chapter.chapter_source else ""
        stem = re.sub(r"[^A-Za-z0-9_-]+", "_", stem) or f"{index:02d}_{chapter.id}"
        name = f"{stem}.yaml"
        while name in names or name == BOOK_TOML:
            name = f"{stem}_{index}.yaml"
            stem = f"{stem}_{index}"
        names.append(name)
    return names


def _toml_string(value: str) -> str:
    # A JSON string is a valid TOML basic string (the same escapes).
    return json.dumps(value, ensure_ascii=False)


def _book_toml(
    book: Rulebook, names: Sequence[str], scheme: Scheme, description: str, order: int | None
) -> str:
    lines = [
        f"# {book.title}, converted to the CR YAML format by rulesref.",
        f"title = {_toml_string(book.title)}",
        f"slug = {_toml_string(book.slug)}",
    ]
    if description:
        lines.append(f"description = {_toml_string(description)}")
    lines += ['format = "cr-yaml"', f"numbering = {_toml_string(scheme.value)}"]
    if order is not None:
        lines.append(f"order = {order}")
    for name, chapter in zip(names, book.chapters, strict=True):
        lines += [
            "",
            "[[chapters]]",
            f"file = {_toml_string(name)}",
            f"number = {_toml_string(chapter.number)}",
        ]
    for subtype, entries in book.acknowledged.items():
        lines += ["", f"[acknowledged.{_toml_string(subtype)}]"]
        lines += [f"{_toml_string(key)} = {_toml_string(why)}" for key, why in entries.items()]
    return "\n".join(lines) + "\n"


def convert_book(config: BookConfig) -> dict[str, str]:
    """:func:`to_yaml` for a configured book, keeping its scheme, description and order."""
    return to_yaml(
        load_book(config),
        scheme=config.scheme,
        description=config.description,
        order=config.order,
    )
