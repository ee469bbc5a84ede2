"""What a diff reports, apart from how it is found or shown.

The Sphinx "Changes" page and the CLI's text and JSON read these records, so
they hold plain strings (numbers, IDs, text as the reader sees it), never the
model's items: a diff outlives the two books it was computed from.
"""

from __future__ import annotations

from dataclasses import dataclass, field

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
