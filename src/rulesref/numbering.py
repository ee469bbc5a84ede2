"""Official numbers and the reference text the official documents use.

Two schemes exist in the seeds: the Comprehensive Rules style (chapter N,
section N.M, rule N.M.K, sub-rule N.M.Ka) and plain outlines numbered as the
document numbers them (3, 3.1, 3.1.2).  Numbers live in the model so the site,
the CLI and the JSON export agree on them.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence
from enum import StrEnum
from typing import Protocol

from rulesref.identifiers import PLACEHOLDERS
from rulesref.model import (
    Inlines,
    Item,
    Kind,
    NewText,
    Ref,
    Rulebook,
    fold_reference_case,
    plain_text,
)


class Scheme(StrEnum):
    CR = "cr"
    OUTLINE = "outline"


def letters(index: int) -> str:
    """1 → a, 26 → z, 27 → aa: letters never run out."""
    out = ""
    while index > 0:
        index, rem = divmod(index - 1, 26)
        out = chr(ord("a") + rem) + out
    return out


def roman(index: int) -> str:
    numerals = (
        (1000, "m"),
        (900, "cm"),
        (500, "d"),
        (400, "cd"),
        (100, "c"),
        (90, "xc"),
        (50, "l"),
        (40, "xl"),
        (10, "x"),
        (9, "ix"),
        (5, "v"),
        (4, "iv"),
        (1, "i"),
    )
    out = ""
    for value, numeral in numerals:
        while index >= value:
            out += numeral
            index -= value
    return out


def number_book(book: Rulebook, scheme: Scheme, chapter_numbers: Sequence[str]) -> None:
    """Assign ``number`` and ``label`` to every item of ``book``.

    ``chapter_numbers`` comes from the book's configuration (the CR chapters
    in the seeds are 4 and 8, not 1 and 2).  Items a reader already numbered
    explicitly (an outline heading "## 3. Game Sequence") keep their number.
    """
    for chapter, number in zip(book.chapters, chapter_numbers, strict=False):
        if not chapter.number:
            chapter.number = str(number)
        chapter.label = chapter.number
        for index, section in enumerate(chapter.children, start=1):
            if not section.number:
                section.number = f"{chapter.number}.{index}" if chapter.number else str(index)
            section.label = section.number
            if scheme is Scheme.CR:
                _number_cr_section(section)
            else:
                _number_outline(section)
        _number_timing(chapter)
    book.reindex()
    fold_reference_case(book)


def _number_cr_section(section: Item) -> None:
    for index, item in enumerate(section.numbered_children, start=1):
        item.number = f"{section.number}.{index}"
        item.label = item.number
        if section.steps and item.kind is Kind.RULE:
            item.kind = Kind.STEP
        _number_lettered(item)
    _number_timing(section)


def _number_lettered(parent: Item) -> None:
    as_steps = parent.steps or parent.kind is Kind.STEP
    for index, child in enumerate(parent.numbered_children, start=1):
        if parent.kind in (Kind.RULE, Kind.STEP, Kind.SUBSECTION) and letters_apply(parent):
            child.label = letters(index)
            child.number = parent.number + child.label
        else:
            child.label = roman(index)
            child.number = f"{parent.number}.{child.label}"
        if as_steps and child.kind is Kind.RULE:
            child.kind = Kind.STEP
        _number_lettered(child)
        _number_timing(child)
    _number_timing(parent)


def letters_apply(parent: Item) -> bool:
    """Only the third level (N.M.K) takes letters; deeper levels take roman numerals."""
    return parent.number.count(".") == 2 and not parent.number[-1].isalpha()


def _number_outline(parent: Item) -> None:
    for index, child in enumerate(parent.numbered_children, start=1):
        if not child.number:
            child.number = f"{parent.number}.{index}"
        child.label = child.number
        _number_outline(child)
    _number_timing(parent)


def structure_id(owner_id: str, index: int) -> str:
    """The ID of the ``index``-th bare timing structure of an item: its anchor.

    ``<owner>_timing``, then ``<owner>_timing2``: not ``_timing_2``, which would
    read as the second element of a structure prefixed ``<owner>_timing``.
    """
    return f"{owner_id}_timing" + ("" if index == 1 else str(index))


def structure_place(owner: Item, index: int) -> int:
    """Where the ``index``-th bare structure of ``owner`` stands among all its
    structures: after the one its own ``timing_structure:`` key gives, if any."""
    return index + (1 if owner.timing else 0)


def element_prefix(owner: Item, structure: Item, index: int) -> str:
    """The ID its elements' IDs start with for the ``index``-th bare structure.

    The first structure of an item is numbered as the rules team numbers it
    and as integrations read the team's JSON: ``<owner>_1``, ``<owner>_1_a``.
    A later one keeps its own ID as the prefix (``<owner>_timing2_1``), so no
    two elements share an ID and adding a structure renames none of the first's.
    """
    return owner.id if structure_place(owner, index) == 1 else structure.id


def derived_timing_id(element: Item) -> str:
    """The ID the numbering gives ``element`` when the source gives none (a
    timing element: its parent's prefix and its label), else ``""``."""
    parent = element.parent
    if element.kind is not Kind.TIMING or parent is None:
        return ""
    owner = parent.parent
    if parent.kind is Kind.TIMING_STRUCTURE and owner is not None:
        structures = [c for c in owner.children if c.kind is Kind.TIMING_STRUCTURE]
        index = next(i for i, s in enumerate(structures, start=1) if s is parent)
        return f"{element_prefix(owner, parent, index)}_{element.label}"
    return f"{parent.id}_{element.label}"


def _number_timing(owner: Item) -> None:
    """Timing structures: ``<owner id>_1``, ``_1_a``, ``_1_a_i`` and ``N.M_1`` …

    Whether the structure is the owner's own ``timing_structure:`` key or a
    bare ``- timing_structure:`` in its ``rules:`` list (the CR's appendix),
    the first one's elements take the owner's ID and number followed by their
    place; a later one is told apart by :func:`element_prefix` and numbered
    ``N.M-2_1``.  The bare structure itself is ``<owner id>_timing`` (see
    :func:`structure_id`), the anchor of its list.  Labels restart at 1, (a),
    i like the printed list the text points into ("If no, go to (d)").
    """

    def visit(elements: list[Item], id_prefix: str, number_prefix: str, depth: int) -> None:
        for index, element in enumerate(elements, start=1):
            label = (str(index), letters(index), roman(index))[min(depth, 2)]
            element.label = label
            if not element.id:
                element.id = f"{id_prefix}_{label}"
            element.number = f"{number_prefix}_{label}"
            visit(element.children, element.id, element.number, depth + 1)

    visit(owner.timing, owner.id, owner.number, 0)
    structures = [c for c in owner.children if c.kind is Kind.TIMING_STRUCTURE]
    for index, structure in enumerate(structures, start=1):
        if not structure.id:
            structure.id = structure_id(owner.id, index)
        place = structure_place(owner, index)
        structure.number = owner.number if place == 1 else f"{owner.number}-{place}"
        structure.label = ""
        visit(structure.timing, element_prefix(owner, structure, index), structure.number, 0)


# --------------------------------------------------------------------------
# Reference text


def reference_text(items: Sequence[Item], *, through: bool = False, capital: bool = False) -> str:
    """ "rule 8.1.2e", "rules 8.1.2a and 8.1.2b", "steps 8.4.5a through 8.4.5c"."""
    if not items:
        return ""
    words = {item.reference_word for item in items}
    numbers = [item.number for item in items]
    if len(words) == 1:
        word = items[0].reference_word
        if len(items) == 1:
            text = f"{word} {numbers[0]}"
        else:
            text = f"{_plural(word)} {_join(numbers, through)}"
    else:
        text = _join([f"{item.reference_word} {item.number}" for item in items], through)
    return text[0].upper() + text[1:] if capital else text


def _plural(word: str) -> str:
    return word + "s"


def _join(parts: Sequence[str], through: bool) -> str:
    if through:
        return f"{parts[0]} through {parts[-1]}"
    if len(parts) == 2:
        return f"{parts[0]} and {parts[1]}"
    return ", ".join(parts[:-1]) + f", and {parts[-1]}"


class Lookup(Protocol):
    def get(self, item_id: str) -> Item | None: ...


#: An ID's prefix → how the rules name that kind of thing.
_KIND_PREFIXES = {"chpt": "chapter", "sec": "section", "subsec": "section", "rule": "rule",
                  "step": "step", "timing": "step"}
_WORD = re.compile(r"[a-z]+")


def missing_words(ident: str) -> str:
    """What a reader sees for a reference to ``ident`` that leads nowhere: never
    the ID, which is the rules team's scaffolding.  ``sec_trashing`` →
    'section “trashing”'; an ID with no words in it (or TODO) → 'another rule'."""
    if ident in PLACEHOLDERS:
        return "another rule"
    head, _, rest = ident.partition("_")
    kind = _KIND_PREFIXES.get(head.casefold())
    words = rest.split("_") if kind else ident.split("_")
    if not words or not all(_WORD.fullmatch(w) for w in words):
        return f"another {kind or 'rule'}"
    return f"{kind or 'rule'} “{' '.join(words)}”"


def document_text(inlines: Inlines, book: Lookup) -> str:
    """The words as the page shows them: references as "rule 8.1.2e" (the
    official wording; a target not found in words, :func:`missing_words`),
    symbols by name.  ``book`` is a :class:`~rulesref.model.Rulebook` or
    anything that finds items."""
    out: list[str] = []
    for node in inlines:
        if isinstance(node, Ref):
            targets = [book.get(ident) for ident in node.ids]
            found = [t for t in targets if t is not None]
            if len(found) == len(targets):
                out.append(reference_text(found, through=node.through, capital=node.capitalised))
            else:
                words = ", ".join(
                    reference_text([t], capital=node.capitalised) if t else missing_words(i)
                    for i, t in zip(node.source_ids, targets, strict=True)
                )
                out.append(words[:1].upper() + words[1:] if node.capitalised else words)
        elif isinstance(node, NewText):
            out.append(document_text(node.children, book))
        else:
            out.append(plain_text((node,)))
    return "".join(out)


def number_key(number: str) -> list[tuple[int, str]]:
    """A number's place in its book: part by part, digits then letters ("8.1.2e"
    after "8.1.2", "10.1" after "9.9"), as the site's Go box orders them
    (``rulesref-search.js``), so both name the same neighbours."""
    key = []
    for part in re.split(r"[._]", number.casefold()):
        digits = re.match(r"\d*", part)
        head = digits.group() if digits else ""
        key.append((int(head) if head else -1, part[len(head):]))
    return key


def nearest_numbers(numbers: Sequence[str], missing: str, around: int = 2) -> list[str]:
    """The numbers a reader most likely meant by ``missing``, which no item has:
    the ``around`` on each side of where it would be, and the deepest number that
    heads it ("9.9" for "9.9.9"), in book order."""
    ordered = sorted({n.casefold() for n in numbers if n}, key=number_key)
    at = bisect_right([number_key(n) for n in ordered], number_key(missing))
    near = set(ordered[max(0, at - around):at + around])
    parts = missing.casefold().split(".")
    heads = (".".join(parts[:depth]) for depth in range(len(parts) - 1, 0, -1))
    near.update(next(([h] for h in heads if h in ordered), []))
    return sorted(near, key=number_key)
