"""A diff as text (``git diff --word-diff`` style) or as versioned JSON.

The JSON carries its own format name and version so that tools reading it
can refuse a shape they do not know instead of misreading it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rulesref.diff.changelog_match import ChangelogMatch, match_lines
from rulesref.diff.model import BookDiff, Moved, Piece, Snapshot


@dataclass(frozen=True)
class Missing:
    """Something one version left out, so the diff cannot speak for it."""

    version: str  # "old" or "new"
    where: str  # file:line:col
    message: str
    unit: str


def banner(missing: Sequence[Missing]) -> list[str]:
    """The lines that head a partial diff: what it cannot see, per version."""
    if not missing:
        return []
    lines = [
        "PARTIAL DIFF: these were left out, so what changed in them is not shown and "
        "their items may appear as added or removed:"
    ]
    lines += [f"  {m.version}: {m.where}: {m.message}" for m in missing]
    return lines

FORMAT_NAME = "rulesref-diff"
VERSION = 1


def _snap(snapshot: Snapshot) -> dict[str, Any]:
    return {"id": snapshot.id, "kind": snapshot.kind, "number": snapshot.number,
            "text": snapshot.text}


def _match(match: ChangelogMatch | None) -> dict[str, Any] | None:
    if match is None:
        return None
    return {
        "entries": match.entries,
        "agrees": match.agrees,
        "stale": match.stale,
        "unmentioned": [{"change": m.change, "id": m.id, "cite": m.cite}
                        for m in match.unmentioned],
        "unchanged": [{"text": c.text, "ids": list(c.ids)} for c in match.unchanged],
    }


def to_data(
    diffs: Sequence[BookDiff],
    old: str,
    new: str,
    missing: Sequence[Missing] = (),
    changelogs: Mapping[str, ChangelogMatch] | None = None,
) -> dict[str, Any]:
    return {
        "format": FORMAT_NAME,
        "version": VERSION,
        "old": old,
        "new": new,
        "partial": bool(missing),
        "missing": [
            {"version": m.version, "where": m.where, "message": m.message, "unit": m.unit}
            for m in missing
        ],
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
                "changelog": _match((changelogs or {}).get(d.slug)),
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


def to_text(
    diffs: Sequence[BookDiff],
    old: str,
    new: str,
    missing: Sequence[Missing] = (),
    changelogs: Mapping[str, ChangelogMatch] | None = None,
) -> str:
    lines = [f"rulesref diff {old} {new}", *banner(missing)]
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
        match = (changelogs or {}).get(d.slug)
        if match is not None:
            lines += match_lines(match)
    return "\n".join(lines) + "\n"
