"""Matching two versions of a book item by item: by permanent ID, and timing
elements (whose IDs come from their position) by their text.

Texts are compared as written (``{ref:id}``), so a reference whose target was
only renumbered is no change; the word diff shows them as the reader sees them.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from rulesref.diff.model import BookDiff, Changed, FieldChange, Moved, Piece, Snapshot
from rulesref.model import Inline, Inlines, Item, NewText, Ref, Rulebook, plain_text
from rulesref.numbering import Lookup, derived_timing_id, document_text


def _source(inlines: Inlines | None) -> str:
    """Text as written, references as their target IDs: what "the same words" means."""
    if inlines is None:
        return ""
    out: list[str] = []

    def visit(nodes: Sequence[Inline]) -> None:
        for node in nodes:
            if isinstance(node, Ref):
                sep = ">" if node.through else ","
                out.append("{ref:" + sep.join(node.ids) + "}")
            elif isinstance(node, NewText):
                visit(node.children)
            else:
                out.append(plain_text((node,)))

    visit(inlines)
    return " ".join("".join(out).split())


@dataclass(frozen=True)
class _Either:
    """Find items in the new version first, so an old text's references read in
    the new numbers and the word diff shows only the words that changed."""

    first: Rulebook
    second: Rulebook

    def get(self, item_id: str) -> Item | None:
        return self.first.get(item_id) or self.second.get(item_id)


def _fields(item: Item, book: Lookup) -> dict[str, tuple[str, str]]:
    """field → (comparable source, text as shown)."""
    found: dict[str, tuple[str, str]] = {
        "text": (_source(item.text), document_text(item.text, book)),
    }
    for name in ("snippet", "toc_entry"):
        value: Inlines | None = getattr(item, name)
        if value is not None:
            found[name] = (_source(value), document_text(value, book))
    for example in item.examples:
        found[f"example {example.index}"] = (
            _source(example.text),
            document_text(example.text, book),
        )
    return found


WORD = re.compile(r"\s+|[^\s]+")


def word_diff(old: str, new: str) -> tuple[Piece, ...]:
    """Words kept, removed and added, in order (white space kept with its words)."""
    a, b = WORD.findall(old), WORD.findall(new)
    pieces: list[Piece] = []
    matcher = difflib.SequenceMatcher(a=a, b=b, autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            pieces.append(("=", "".join(a[i1:i2])))
            continue
        if i2 > i1:
            pieces.append(("-", "".join(a[i1:i2])))
        if j2 > j1:
            pieces.append(("+", "".join(b[j1:j2])))
    return tuple(pieces)


def _snapshot(item: Item, book: Rulebook) -> Snapshot:
    parent = item.parent.id if item.parent is not None else ""
    return Snapshot(
        item.id, item.kind.value, item.number, item.reference_word, parent,
        document_text(item.text, book),
    )


def _siblings(item: Item | None, book: Rulebook) -> list[Item]:
    if item is None:
        return list(book.chapters)
    return [*item.timing, *item.children]


def _in_order(old_parent: Item | None, new_parent: Item | None, old: Rulebook,
              new: Rulebook, key: dict[int, str]) -> set[str]:
    """IDs of the children both versions share that kept their order (the longest
    common subsequence): the others were moved among their siblings.  ``key`` gives
    an old item's ID in the new version (see :func:`_timing_aliases`)."""
    shared = {c.id for c in _siblings(new_parent, new)}
    a = [key[id(c)] for c in _siblings(old_parent, old) if key[id(c)] in shared]
    shared_old = set(a)
    b = [c.id for c in _siblings(new_parent, new) if c.id in shared_old]
    matcher = difflib.SequenceMatcher(a=a, b=b, autojunk=False)
    kept: set[str] = set()
    for block in matcher.get_matching_blocks():
        kept.update(a[block.a : block.a + block.size])
    return kept


def _generated(element: Item) -> bool:
    """A timing element whose ID was derived from its position (no ``id:`` given)."""
    return element.id == derived_timing_id(element)


def _timing_aliases(old: Rulebook, new: Rulebook) -> dict[str, str]:
    """Old timing-element ID → the new element it is.

    Timing elements have no IDs in the format; theirs come from their position,
    so inserting a step would otherwise make every later step look rewritten.
    Elements of the same structure are matched by their text instead (the
    longest common subsequence, then the rest pairwise where the counts agree),
    level by level."""
    aliases: dict[str, str] = {}
    new_index = {item.id: item for item in new.items() if item.timing}

    def align(a: list[Item], b: list[Item]) -> None:
        matcher = difflib.SequenceMatcher(
            a=[_source(e.text) for e in a], b=[_source(e.text) for e in b], autojunk=False
        )
        for op, i1, i2, j1, j2 in matcher.get_opcodes():
            if op == "equal" or (op == "replace" and i2 - i1 == j2 - j1):
                for x, y in zip(a[i1:i2], b[j1:j2], strict=True):
                    if x.id != y.id and _generated(x) and _generated(y):
                        aliases[x.id] = y.id
                    align(x.children, y.children)

    for owner in old.items():
        other = new_index.get(owner.id) if owner.timing else None
        if other is not None:
            align(owner.timing, other.timing)
    return aliases


def _keys(old: Rulebook, aliases: dict[str, str]) -> dict[int, str]:
    """Each old item's ID in the new version; an element left without a partner
    keeps an ID no new item has, so it is reported removed."""
    taken = set(aliases.values())
    keys: dict[int, str] = {}
    for item in old.items():
        if item.id in aliases:
            keys[id(item)] = aliases[item.id]
        elif item.id in taken:
            keys[id(item)] = f"{item.id} (old)"
        else:
            keys[id(item)] = item.id
    return keys


def diff_books(old: Rulebook, new: Rulebook) -> BookDiff:
    result = BookDiff(new.slug, new.title)
    key = _keys(old, _timing_aliases(old, new))
    old_items = {key[id(item)]: item for item in old.items()}
    new_items = {item.id: item for item in new.items()}
    order_cache: dict[str, set[str]] = {}
    moved_ids: set[str] = set()
    for item in new.items():  # document order: parents before children
        before = old_items.get(item.id)
        if before is None:
            result.added.append(_snapshot(item, new))
            continue
        was, now = _snapshot(before, old), _snapshot(item, new)
        if before.parent is not None:  # the parent as the new version calls it
            was = replace(was, parent=key[id(before.parent)])
        old_fields, new_fields = _fields(before, _Either(new, old)), _fields(item, new)
        changes = []
        for name in dict.fromkeys([*old_fields, *new_fields]):
            source_a, shown_a = old_fields.get(name, ("", ""))
            source_b, shown_b = new_fields.get(name, ("", ""))
            if source_a != source_b:
                changes.append(FieldChange(name, shown_a, shown_b, word_diff(shown_a, shown_b)))
        if changes:
            result.changed.append(Changed(was, now, tuple(changes)))
        if was.number == now.number:
            continue
        if was.parent != now.parent:
            reason = "moved"
        else:
            parent = now.parent
            if parent not in order_cache:
                order_cache[parent] = _in_order(before.parent, item.parent, old, new, key)
            if item.id not in order_cache[parent]:
                reason = "reordered"
            elif now.parent in moved_ids or _parent_number_moved(before, item):
                reason = "ancestor"
            else:
                reason = "shifted"
        entry = Moved(was, now, reason)
        if reason in ("moved", "reordered"):
            result.renumbered.append(entry)
        else:
            result.shifted.append(entry)
        moved_ids.add(item.id)
    result.removed = [_snapshot(i, old) for i in old.items() if key[id(i)] not in new_items]
    return result


def _parent_number_moved(before: Item, item: Item) -> bool:
    a = before.parent.number if before.parent else ""
    b = item.parent.number if item.parent else ""
    return a != b


def diff_versions(old: Sequence[Rulebook], new: Sequence[Rulebook]) -> list[BookDiff]:
    """Books matched by slug; a book in one version only is all added or removed."""
    by_slug = {book.slug: book for book in old}
    out = []
    for book in new:
        before = by_slug.pop(book.slug, None)
        out.append(diff_books(before or Rulebook(book.slug, book.title), book))
    for book in by_slug.values():
        out.append(diff_books(book, Rulebook(book.slug, book.title)))
    return out
