"""Which items of a converted book must write ``number:``.

A CR YAML file normally leaves numbers to the numbering scheme, so that
inserting a rule renumbers the rest; only a number the scheme would not
derive is written out, and the scheme chosen is the one needing fewest.
"""

from __future__ import annotations

import copy

from rulesref.errors import Position, RulesSourceError
from rulesref.model import Kind, Rulebook
from rulesref.numbering import Scheme, number_book


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


def choose_scheme(book: Rulebook, scheme: Scheme | None) -> tuple[Scheme, set[int]]:
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
