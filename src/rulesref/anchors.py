"""Every item's and example's anchor in a book: one each, never shared.

An ID stays what the rules team wrote; its anchor is the ID itself or, when
the ID holds characters an anchor may not, an escaped form of it
(:func:`rulesref.identifiers.anchor_for`).  Two items can still claim one
anchor: an ID written twice, or an escaped ID that spells another item's
ID.  Each such item keeps its place, its number and its text; the first
keeps the anchor (and the references), the others get the anchor followed
by ``-2``, ``-3`` …, and the problem is reported where the second stands.
Run once per book, after numbering (timing elements take their IDs there).
"""

from __future__ import annotations

from rulesref.errors import Diagnostic, Position, Severity
from rulesref.identifiers import is_safe_id
from rulesref.model import Item, Kind, Rulebook

#: Subtypes (``rules.<subtype>``).  An escaped ID is a warning (the item is
#: shown, under another anchor); an ID used twice is an error (references
#: to it cannot reach the second item).
ESCAPED_ID = "escaped-id"
DUPLICATE_ID = "duplicate-id"
ANCHOR_TAKEN = "anchor-taken"


def assign_anchors(book: Rulebook) -> list[Diagnostic]:
    """Give every item and example of ``book`` an anchor no other one has."""
    problems: list[Diagnostic] = []
    taken: dict[str, Position] = {}
    ids: dict[str, Position] = {}
    # Safe IDs are their own anchors first: an escaped anchor that happens to
    # spell one yields to it, wherever each stands in the book.
    for item in book.items():
        if item.id and is_safe_id(item.id):
            taken.setdefault(item.id, item.pos)
    for item in book.items():
        item.anchor_override = ""
        if not item.id:
            continue
        first = ids.get(item.id)
        if first is not None:
            item.anchor_override = _free(item.anchor, taken, item.pos)
            problems.append(
                Diagnostic(
                    item.pos,
                    f"duplicate ID '{_shown(item.id)}' (first defined at "
                    f"{_where(first, item.pos)}): references lead to the first; this "
                    f"{item.reference_word} is shown under the anchor '{item.anchor}'",
                    DUPLICATE_ID,
                    Severity.ERROR,
                )
            )
        else:
            ids[item.id] = item.pos
            if not is_safe_id(item.id):
                anchor = item.anchor
                owner = taken.get(anchor)
                if owner is not None:
                    item.anchor_override = _free(anchor, taken, item.pos)
                    problems.append(
                        Diagnostic(
                            item.pos,
                            f"the anchor '{anchor}' of ID '{_shown(item.id)}' is taken (by "
                            f"{_where(owner, item.pos)}): this {item.reference_word} is shown "
                            f"under '{item.anchor}'",
                            ANCHOR_TAKEN,
                        )
                    )
                else:
                    taken[anchor] = item.pos
                if item.kind not in (Kind.TIMING, Kind.TIMING_STRUCTURE):  # made from the owner's
                    problems.append(
                        Diagnostic(
                            item.pos,
                            f"ID '{_shown(item.id)}' has characters an anchor may not hold "
                            f"(letters, digits and _ . : - only): its links use "
                            f"'#{item.anchor}', references use the ID as written",
                            ESCAPED_ID,
                        )
                    )
        _examples(item, taken)
    return problems


def _examples(item: Item, taken: dict[str, Position]) -> None:
    for example in item.examples:
        example.anchor_override = ""
        if item.anchor_override:
            example.anchor_override = f"{item.anchor}-example-{example.index}"
        if example.anchor in taken:  # an item's ID spells it: the example yields
            example.anchor_override = _free(example.anchor, taken, example.pos)
        taken[example.anchor] = example.pos


def _free(base: str, taken: dict[str, Position], pos: Position) -> str:
    """The first of ``base-2``, ``base-3`` … that no item has; now taken."""
    number = 2
    while f"{base}-{number}" in taken:
        number += 1
    found = f"{base}-{number}"
    taken[found] = pos
    return found


def _where(first: Position, here: Position) -> str:
    return f"{first.line}:{first.col}" if first.file == here.file else str(first)


def _shown(value: str) -> str:
    """An ID as a message quotes it: control characters escaped, long ones cut."""
    text = value if len(value) <= 60 else value[:57] + "..."
    return repr(text)[1:-1] if not text.isprintable() else text
