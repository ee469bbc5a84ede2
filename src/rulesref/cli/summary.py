"""``rulesref check --summary``: the problems of a book by kind, for a rules team
reading a thousand-rule book's report: how many of each kind, and where the first
few are, instead of one line for each."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rulesref.errors import Diagnostic, Severity

#: How many places of each kind the summary shows.
PLACES = 3
#: Errors first, then warnings, then notes.
_RANK = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.NOTE: 2}


@dataclass(frozen=True)
class KindSummary:
    """One kind (subtype) of problem at one severity: its count and its first places."""

    kind: str
    severity: Severity
    count: int
    first: tuple[Diagnostic, ...]


def summarise(diagnostics: Iterable[Diagnostic], places: int = PLACES) -> list[KindSummary]:
    """Kinds by severity, then the most frequent first (then by name); each keeps
    its first ``places`` diagnostics in the order given."""
    groups: dict[tuple[Severity, str], list[Diagnostic]] = {}
    for diagnostic in diagnostics:
        groups.setdefault((diagnostic.severity, diagnostic.subtype), []).append(diagnostic)
    ordered = sorted(
        groups.items(), key=lambda group: (_RANK[group[0][0]], -len(group[1]), group[0][1])
    )
    return [
        KindSummary(kind, severity, len(found), tuple(found[:places]))
        for (severity, kind), found in ordered
    ]


def summary_lines(diagnostics: Iterable[Diagnostic], places: int = PLACES) -> list[str]:
    """``rules.unknown-card: 12 warnings`` and below it the first places, each as
    ``file:line:col: message``, then how many more there are."""
    lines: list[str] = []
    for group in summarise(diagnostics, places):
        noun = group.severity.value if group.count == 1 else f"{group.severity.value}s"
        lines.append(f"rules.{group.kind}: {group.count} {noun}")
        for diagnostic in group.first:
            why = f" ({diagnostic.reason})" if diagnostic.reason else ""
            lines.append(f"    {diagnostic.pos}: {diagnostic.message}{why}")
        if group.count > len(group.first):
            lines.append(f"    ... and {group.count - len(group.first)} more")
    return lines
