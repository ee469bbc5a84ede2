"""What changed between two versions of the rules, matched by ID.

``rulesref diff OLD NEW`` and the site's "Changes" page both start here.  Items
are matched by their permanent ID, so a rule that kept its ID is the same rule
even if every number around it moved.  Four kinds of change are reported:

* **added** / **removed**: an ID in only one version;
* **changed**: the words changed (title, text, snippet, table-of-contents
  entry or an example), with a word diff.  A reference whose target was merely
  renumbered is *not* a change: texts are compared as written (``{ref:id}``),
  while the diff shows them as the reader sees them ("rule 8.1.3");
* **renumbered**: the number changed because the item itself moved: to
  another parent, or to another place among the siblings it had before;
* **shifted**: the number changed only because an earlier item was inserted
  or removed (or an ancestor was renumbered).  These are listed apart, since a
  judge cares about them only to update a citation.

Versions are folders of books, or git revisions of one repository (``git
archive`` into a temporary folder, see :func:`checkout`).  Nothing here knows
docutils: the CLI prints text or JSON, :mod:`rulesref.sphinx.changes` renders a
page.
"""

from __future__ import annotations

import difflib
import io
import re
import subprocess
import tarfile
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from rulesref.books import discover_books, load_book
from rulesref.errors import Position, RulesSourceError, Severity
from rulesref.model import (
    Inline,
    Inlines,
    Item,
    NewText,
    Ref,
    Rulebook,
    plain_text,
)
from rulesref.numbering import Lookup, document_text

FORMAT_NAME = "rulesref-diff"
VERSION = 1

#: One piece of a word diff: "=" kept, "-" removed, "+" added.
Piece = tuple[str, str]


@dataclass(frozen=True)
class Snapshot:
    """An item as one version has it, enough to report and to link it."""

    id: str
    kind: str
    number: str
    word: str
    parent: str
    text: str

    @property
    def cite(self) -> str:
        return f"{self.word} {self.number}".strip()


@dataclass(frozen=True)
class FieldChange:
    field: str
    old: str
    new: str
    words: tuple[Piece, ...]


@dataclass(frozen=True)
class Changed:
    old: Snapshot
    new: Snapshot
    fields: tuple[FieldChange, ...]


@dataclass(frozen=True)
class Moved:
    old: Snapshot
    new: Snapshot
    #: "moved": to another parent; "reordered": among its siblings; "shifted": by
    #: an insertion or removal before it; "ancestor": its parent's number moved.
    reason: str


@dataclass
class BookDiff:
    slug: str
    title: str
    added: list[Snapshot] = field(default_factory=list)
    removed: list[Snapshot] = field(default_factory=list)
    changed: list[Changed] = field(default_factory=list)
    renumbered: list[Moved] = field(default_factory=list)
    shifted: list[Moved] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        return not (self.added or self.removed or self.changed or self.renumbered
                    or self.shifted)

    def summary(self) -> str:
        return (
            f"{len(self.added)} added, {len(self.removed)} removed, {len(self.changed)} "
            f"changed, {len(self.renumbered)} renumbered, {len(self.shifted)} shifted"
        )


# --------------------------------------------------------------------------
# Comparing


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
    return element.parent is not None and element.id == f"{element.parent.id}_{element.label}"


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


# --------------------------------------------------------------------------
# Versions: a folder, or a git revision


def load_version(folder: Path, only: str | None = None) -> list[Rulebook]:
    """Every book of one version (``only``: that slug); a book that cannot be read
    is an error, since a diff against half a version would report false removals."""
    configs, problems = discover_books(folder)
    for problem in problems:
        if problem.severity is Severity.ERROR:
            raise RulesSourceError(problem.pos, problem.message)
    books = [load_book(c) for c in configs if only is None or c.slug == only]
    if not configs:
        raise RulesSourceError(Position(str(folder)), "no book.toml in this version")
    return books


@contextmanager
def checkout(spec: str, books: Path) -> Iterator[Path]:
    """The books folder of version ``spec``: ``spec`` itself when it is a folder,
    else git revision ``spec`` of the repository holding ``books`` (``REV`` or
    ``REV:path``), extracted with ``git archive`` into a temporary folder."""
    folder = Path(spec)
    if folder.is_dir():
        yield folder
        return
    revision, _, path = spec.partition(":")
    where = books if books.is_dir() else books.parent
    top = _git(where, "rev-parse", "--show-toplevel").strip()
    relative = path or Path(books.resolve()).relative_to(Path(top).resolve()).as_posix()
    data = _git_bytes(Path(top), "archive", "--format=tar", revision, "--", relative or ".")
    with tempfile.TemporaryDirectory(prefix="rulesref-diff-") as tmp:
        with tarfile.open(fileobj=io.BytesIO(data)) as tar:
            tar.extractall(tmp, filter="data")
        yield Path(tmp) / relative


def _git(cwd: Path, *args: str) -> str:
    return _git_bytes(cwd, *args).decode("utf-8", errors="replace")


def _git_bytes(cwd: Path, *args: str) -> bytes:
    try:
        done = subprocess.run(["git", *args], cwd=cwd, capture_output=True, check=False)
    except OSError as exc:
        raise RulesSourceError(Position(str(cwd)), f"cannot run git: {exc}") from None
    if done.returncode != 0:
        message = done.stderr.decode("utf-8", errors="replace").strip().splitlines()
        detail = message[-1] if message else f"git {args[0]} failed"
        raise RulesSourceError(Position(str(cwd)), f"not a folder or git revision: {detail}")
    return done.stdout


# --------------------------------------------------------------------------
# Output


def _snap(snapshot: Snapshot) -> dict[str, Any]:
    return {"id": snapshot.id, "kind": snapshot.kind, "number": snapshot.number,
            "text": snapshot.text}


def to_data(diffs: Sequence[BookDiff], old: str, new: str) -> dict[str, Any]:
    return {
        "format": FORMAT_NAME,
        "version": VERSION,
        "old": old,
        "new": new,
        "books": [
            {
                "slug": d.slug,
                "title": d.title,
                "added": [_snap(s) for s in d.added],
                "removed": [_snap(s) for s in d.removed],
                "changed": [
                    {
                        "id": c.new.id,
                        "kind": c.new.kind,
                        "number": c.new.number,
                        "old_number": c.old.number,
                        "fields": [
                            {"field": f.field, "old": f.old, "new": f.new,
                             "words": [list(p) for p in f.words]}
                            for f in c.fields
                        ],
                    }
                    for c in d.changed
                ],
                "renumbered": [_moved(m) for m in d.renumbered],
                "shifted": [_moved(m) for m in d.shifted],
            }
            for d in diffs
        ],
    }


def _moved(moved: Moved) -> dict[str, Any]:
    return {"id": moved.new.id, "kind": moved.new.kind, "old_number": moved.old.number,
            "number": moved.new.number, "reason": moved.reason,
            "old_parent": moved.old.parent, "parent": moved.new.parent}


def render_words(words: Sequence[Piece]) -> str:
    """A word diff as text: ``[-old-]{+new+}`` as ``git diff --word-diff`` writes it."""
    marks = {"=": ("", ""), "-": ("[-", "-]"), "+": ("{+", "+}")}
    return "".join(f"{marks[op][0]}{text}{marks[op][1]}" for op, text in words)


def to_text(diffs: Sequence[BookDiff], old: str, new: str) -> str:
    lines = [f"rulesref diff {old} {new}"]
    for d in diffs:
        lines += ["", f"{d.title} ({d.slug}): {d.summary()}"]
        lines += [f"  added      {s.cite} [{s.id}]: {s.text}" for s in d.added]
        lines += [f"  removed    {s.cite} [{s.id}]: {s.text}" for s in d.removed]
        for c in d.changed:
            lines.append(f"  changed    {c.new.cite} [{c.new.id}]")
            lines += [f"    {f.field}: {render_words(f.words)}" for f in c.fields]
        lines += [
            f"  renumbered {m.old.number} -> {m.new.number} [{m.new.id}] ({m.reason})"
            for m in d.renumbered
        ]
        if d.shifted:
            lines.append("  shifted by insertions or removals before them:")
            lines += [f"    {m.old.number} -> {m.new.number} [{m.new.id}]" for m in d.shifted]
    return "\n".join(lines) + "\n"


