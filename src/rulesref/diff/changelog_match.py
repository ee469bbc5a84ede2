"""Does the new version's changelog tell the changes a diff found?

A rules team publishes its changelog as the release notes, and a judge reads
it to know what to re-learn; a change it forgets, or an entry about a rule
that did not change, misleads both.  So ``rulesref diff`` sets the two side
by side: every change (an item added, removed, reworded, or moved to another
place) should be cited by an entry (``{ref:id}``) naming the item or one of
its ancestors ("Overhaul section 6.2" covers the rules of 6.2); every entry
that cites items should cite one that changed or holds a change.  Numbers that
only shifted are consequences, never expected in a changelog.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from rulesref.diff.model import BookDiff, Snapshot
from rulesref.model import Rulebook


@dataclass(frozen=True)
class Citation:
    """One changelog entry as the match sees it: its words and the IDs it cites."""

    text: str
    ids: tuple[str, ...]


@dataclass(frozen=True)
class Unmentioned:
    change: str  # "added", "removed", "changed", "moved"
    id: str
    cite: str


@dataclass
class ChangelogMatch:
    entries: int
    unmentioned: list[Unmentioned] = field(default_factory=list)
    #: Entries citing items none of which changed or holds a change.
    unchanged: list[Citation] = field(default_factory=list)
    #: The new version's changelog is the old version's own: nothing has been
    #: written for these changes yet (its entries are not judged).
    stale: str = ""

    @property
    def agrees(self) -> bool:
        return not self.unmentioned and not self.unchanged and not self.stale


def _lineage(book: Rulebook, item_id: str) -> set[str]:
    """The item's ID and its ancestors' (none when the book lacks it)."""
    item = book.get(item_id)
    if item is None:
        return set()
    return {item.id, *(a.id for a in item.ancestors())}


def match_changelog(
    diff: BookDiff,
    old: Rulebook,
    new: Rulebook,
    entries: Sequence[Citation],
    stale: str = "",
) -> ChangelogMatch:
    """Which changes of ``diff`` the ``entries`` do not cite, and which entries
    cite nothing that changed (IDs compared ignoring case, as references are).
    ``stale`` names the release whose changelog the new version still carries
    (the old one's): none was written for this diff, so every change is
    unmentioned and no entry is judged."""
    if stale:
        found = _changes(diff, old, new, [])
        found.stale = stale
        return found
    return _changes(diff, old, new, entries)


def _changes(
    diff: BookDiff, old: Rulebook, new: Rulebook, entries: Sequence[Citation]
) -> ChangelogMatch:
    cited = {ident.casefold() for entry in entries for ident in entry.ids}
    changes: list[tuple[str, Snapshot, set[str]]] = []
    changes += [("added", s, _lineage(new, s.id)) for s in diff.added]
    changes += [("removed", s, _lineage(old, s.id)) for s in diff.removed]
    changes += [("changed", c.new, _lineage(new, c.new.id)) for c in diff.changed]
    changes += [
        ("moved", m.new, _lineage(new, m.new.id) | _lineage(old, m.old.id))
        for m in diff.renumbered
        if m.reason in ("moved", "reordered")
    ]
    result = ChangelogMatch(len(entries))
    touched: set[str] = set()
    for kind, snapshot, lineage in changes:
        touched.update(ident.casefold() for ident in lineage)
        if not any(ident.casefold() in cited for ident in lineage):
            result.unmentioned.append(Unmentioned(kind, snapshot.id, snapshot.cite))
    for entry in entries:
        if entry.ids and not any(ident.casefold() in touched for ident in entry.ids):
            result.unchanged.append(entry)
    return result


def match_lines(match: ChangelogMatch) -> Iterable[str]:
    """The match as the text diff prints it."""
    if match.stale:
        yield (f"  changelog: the new version's is the old one's ({match.stale}): nothing is "
               "written for these changes yet")
    else:
        verdict = "agrees with the diff" if match.agrees else "does not tell every change"
        yield f"  changelog: {match.entries} entries; it {verdict}"
    for miss in match.unmentioned:
        yield f"    not in the changelog: {miss.change} {miss.cite} [{miss.id}]"
    for entry in match.unchanged:
        yield f"    cites nothing that changed: {entry.text}"
