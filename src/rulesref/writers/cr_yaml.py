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
  fewest explicit numbers (``cr`` first on a tie; see
  :mod:`rulesref.writers.cr_yaml_numbers`).
* **Inline text** goes back to markup: ``{term:…}``, ``{ref:a,b}``,
  ``{ref/through:a,b}``, ``{Ref:…}``, ``{card:…}``, ``{subtype:…}``,
  ``{product:…}``, ``{link:text|url}``, ``{img:…}``, ``{n}…{/n}``, symbols as
  their source spelling (``[c]``), literal braces as ``{curly:…}``.  Every
  text is parsed back before it is written; text the markup cannot express
  (a lone ``{``, or ``[click]`` meant literally) raises
  :class:`~rulesref.errors.RulesSourceError` at the item's position instead of
  changing meaning silently (:mod:`rulesref.writers.cr_yaml_markup`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import yaml

from rulesref.books import BookConfig, load_book
from rulesref.errors import RulesSourceError
from rulesref.model import Example, Item, Kind, Rulebook
from rulesref.numbering import Scheme, element_prefix, structure_id
from rulesref.writers.cr_yaml_markup import markup
from rulesref.writers.cr_yaml_numbers import choose_scheme

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
    chosen, explicit = choose_scheme(book, scheme)
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
                children.append(_structure_data(child, item, structures))
            else:
                children.append(_item_data(child, explicit))
        data[key] = children
    return data


def _structure_data(structure: Item, owner: Item, index: int) -> dict[str, Any]:
    """A bare ``- timing_structure:`` item, its ``bold`` and ``elements`` inside it."""
    body: dict[str, Any] = {}
    if structure.id != structure_id(owner.id, index):
        body["id"] = structure.id
    if structure.text:
        body["text"] = markup(structure.text, structure.pos)
    if structure.bold:
        body["bold"] = True
    if structure.new:
        body["new"] = True
    # Always ``- text: …``: the official generator reads elements as mappings.
    prefix = element_prefix(owner, structure, index)
    body["elements"] = [_timing_data(element, prefix, mapping=True) for element in structure.timing]
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
    if book.suppress_warnings:
        kinds = ", ".join(_toml_string(kind) for kind in sorted(book.suppress_warnings))
        lines.append(f"suppress_warnings = [{kinds}]")
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
