"""The game log: each step with the excerpt rule it applies, or none when it applies none."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from rulesref.games.netrunner1996.rules import RULES

#: How a step governed by no rule of the excerpt is shown (e.g. a basic run action).
NOT_IN_EXCERPT = "not in excerpt"


@dataclass(frozen=True)
class LogEntry:
    rule: str | None
    message: str

    def __str__(self) -> str:
        return f"[{self.rule or NOT_IN_EXCERPT}] {self.message}"


class Log:
    """Append-only; slices and filters print the same way."""

    def __init__(self, entries: Iterable[LogEntry] = ()) -> None:
        self._entries = list(entries)

    def add(self, rule: str | None, message: str) -> None:
        if rule is not None and rule not in RULES:
            raise KeyError(f"no rule {rule!r} in the 1996 excerpt")
        self._entries.append(LogEntry(rule, message))

    def mark(self) -> int:
        return len(self._entries)

    def since(self, mark: int) -> Log:
        return Log(self._entries[mark:])

    def citing(self, rule: str) -> Log:
        return Log(
            e for e in self._entries if e.rule and (e.rule == rule or e.rule.startswith(rule + "_"))
        )

    def __iter__(self) -> Iterator[LogEntry]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def __str__(self) -> str:
        return "\n".join(str(e) for e in self._entries)

    def __repr__(self) -> str:
        return f"<Log: {len(self._entries)} entries>"
