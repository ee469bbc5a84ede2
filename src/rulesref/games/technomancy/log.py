"""The game log: the kernel's trace, with each step's turn and rules nested by number.

Every step cites the rule it applies, and the log refuses a citation that names no rule
of the Technomancy book, so a typo cannot pass for a trace.  Technomancy's rule IDs nest
by number (``tm_3_4`` holds ``tm_3_4_3_1``), so :meth:`citing` takes a rule together with
the rules nested under it; a scenario can print only one turn (:meth:`in_turn`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, overload

from rulesref.engine.log import Log as KernelLog
from rulesref.engine.log import LogEntry as KernelLogEntry
from rulesref.engine.log import LogExcerpt as KernelExcerpt
from rulesref.games.technomancy.rules import RULES


@dataclass(frozen=True)
class LogEntry(KernelLogEntry):
    """One step of play, the rule that licenses it, and the turn it happened in."""

    turn: int = 0

    @property
    def rule(self) -> str:
        return self.rules[0] if self.rules else ""

    @property
    def message(self) -> str:
        return self.text


class _Queries:
    """The questions a Technomancy scenario asks of the whole log or of an excerpt."""

    if TYPE_CHECKING:

        def _all(self) -> Sequence[KernelLogEntry]: ...

    def _entries_of(self) -> list[LogEntry]:
        return [e for e in self._all() if isinstance(e, LogEntry)]

    def citing(self, *rule_ids: str) -> LogExcerpt:
        """The entries citing any of ``rule_ids`` or a rule nested under one of them."""
        return LogExcerpt(
            e
            for e in self._entries_of()
            if any(r == w or r.startswith(w + "_") for r in e.rules for w in rule_ids)
        )

    def in_turn(self, turn: int) -> LogExcerpt:
        return LogExcerpt(e for e in self._entries_of() if e.turn == turn)

    def matching(self, text: str) -> LogExcerpt:
        return LogExcerpt(e for e in self._entries_of() if text in e.text)

    def rules(self) -> frozenset[str]:
        return frozenset(r for e in self._entries_of() for r in e.rules)

    @overload
    def __getitem__(self, index: int) -> LogEntry: ...
    @overload
    def __getitem__(self, index: slice) -> LogExcerpt: ...
    def __getitem__(self, index: int | slice) -> LogEntry | LogExcerpt:
        entries = self._entries_of()
        if isinstance(index, slice):
            return LogExcerpt(entries[index])
        return entries[index]


class LogExcerpt(_Queries, KernelExcerpt):
    """Some lines of the log; prints one per line, and can be narrowed again."""

    def __init__(self, entries: Iterable[LogEntry]) -> None:
        super().__init__(entries)

    def __repr__(self) -> str:
        return f"<Log: {len(self)} entries>"


class Log(_Queries, KernelLog):
    """The whole trace of one game; the game keeps :attr:`turn` current."""

    def __init__(self) -> None:
        super().__init__()
        self.turn = 0

    def record(self, rules: str | Sequence[str], text: str) -> None:
        cited = (rules,) if isinstance(rules, str) else tuple(rules)
        for rule in cited:
            if rule not in RULES:
                raise KeyError(f"no Technomancy rule {rule!r}")
        self._entries.append(LogEntry(cited, text, self._depth, self.turn))

    def add(self, rule: str, message: str) -> None:
        """Record one step citing ``rule``."""
        self.record(rule, message)

    def since(self, mark: int) -> LogExcerpt:
        return LogExcerpt(self._entries_of()[mark:])

    def __repr__(self) -> str:
        return f"<Log: {len(self)} entries>"
