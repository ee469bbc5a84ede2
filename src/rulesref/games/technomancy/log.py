"""The game log: every step the engine takes, each citing the rule it applies.

A scenario prints slices of it so a reader can check the engine's reasoning against the
rulebook line by line, not just its final answer.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import overload

from rulesref.games.technomancy.rules import RULES


@dataclass(frozen=True)
class LogEntry:
    """One step of play and the rule that licenses it."""

    rule: str
    message: str
    turn: int = 0

    def __str__(self) -> str:
        return f"[{self.rule}] {self.message}"


class Log:
    """An append-only trace; slicing gives a smaller log that prints the same way."""

    def __init__(self, entries: Iterable[LogEntry] = ()) -> None:
        self._entries: list[LogEntry] = list(entries)
        self.turn = 0  # the game keeps this current, so entries can be grouped by turn

    def add(self, rule: str, message: str) -> None:
        # A citation must name a real rule: a trace that cites nothing proves nothing.
        if rule not in RULES:
            raise KeyError(f"no Technomancy rule {rule!r}")
        self._entries.append(LogEntry(rule, message, self.turn))

    def mark(self) -> int:
        """A bookmark for :meth:`since`, so a scenario can print only what one action did."""
        return len(self._entries)

    def since(self, mark: int) -> Log:
        return Log(self._entries[mark:])

    def citing(self, rule: str) -> Log:
        """The entries citing ``rule`` or any rule nested under it."""
        return Log(e for e in self._entries if e.rule == rule or e.rule.startswith(rule + "_"))

    def in_turn(self, turn: int) -> Log:
        return Log(e for e in self._entries if e.turn == turn)

    def matching(self, text: str) -> Log:
        return Log(e for e in self._entries if text in e.message)

    def rules(self) -> frozenset[str]:
        return frozenset(e.rule for e in self._entries)

    @overload
    def __getitem__(self, index: int) -> LogEntry: ...
    @overload
    def __getitem__(self, index: slice) -> Log: ...
    def __getitem__(self, index: int | slice) -> LogEntry | Log:
        if isinstance(index, slice):
            return Log(self._entries[index])
        return self._entries[index]

    def __iter__(self) -> Iterator[LogEntry]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def __str__(self) -> str:
        return "\n".join(str(e) for e in self._entries)

    def __repr__(self) -> str:
        return f"<Log: {len(self._entries)} entries>"
