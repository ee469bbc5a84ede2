"""The game's trace: one line per step, each citing the rule IDs it applies.

The trace is how a reader checks the engine against the rulebook, so a step
that applies a rule says which; steps that only carry out a card's own words
name the card instead.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass


@dataclass(frozen=True)
class LogEntry:
    rules: tuple[str, ...]
    text: str
    depth: int = 0

    def __str__(self) -> str:
        cited = f"[{', '.join(self.rules)}] " if self.rules else ""
        return f"{'  ' * self.depth}{cited}{self.text}"


class _Lines:
    """What the whole trace and an excerpt of it share."""

    def _all(self) -> Sequence[LogEntry]:
        raise NotImplementedError

    def __len__(self) -> int:
        return len(self._all())

    def __iter__(self) -> Iterator[LogEntry]:
        return iter(self._all())

    def __getitem__(self, index: slice) -> LogExcerpt:
        return LogExcerpt(self._all()[index])

    def __str__(self) -> str:
        return "\n".join(str(entry) for entry in self._all())

    def citing(self, *rule_ids: str) -> LogExcerpt:
        """The lines that cite any of ``rule_ids``."""
        wanted = set(rule_ids)
        return LogExcerpt(e for e in self._all() if wanted.intersection(e.rules))

    def mentioning(self, text: str) -> LogExcerpt:
        return LogExcerpt(e for e in self._all() if text in e.text)

    def rule_ids(self) -> frozenset[str]:
        return frozenset(rule for entry in self._all() for rule in entry.rules)


class LogExcerpt(_Lines):
    """Some lines of the trace; ``print()`` shows one per line."""

    def __init__(self, entries: Iterable[LogEntry]) -> None:
        self._entries = tuple(entries)

    def _all(self) -> Sequence[LogEntry]:
        return self._entries

    def __repr__(self) -> str:
        return f"<log excerpt: {len(self._entries)} lines>"


class Log(_Lines):
    """The whole trace of one game, which grows as the game goes on."""

    def __init__(self) -> None:
        self._entries: list[LogEntry] = []
        self._depth = 0

    def _all(self) -> Sequence[LogEntry]:
        return self._entries

    def record(self, rules: str | Sequence[str], text: str) -> None:
        cited = (rules,) if isinstance(rules, str) else tuple(rules)
        self._entries.append(LogEntry(cited, text, self._depth))

    @contextmanager
    def nested(self) -> Iterator[None]:
        """Indent what an ability does under the line that started it."""
        self._depth += 1
        try:
            yield
        finally:
            self._depth -= 1

    def mark(self) -> int:
        """A bookmark for :meth:`since`, so a scenario can print just what one step did."""
        return len(self._entries)

    def since(self, mark: int) -> LogExcerpt:
        return LogExcerpt(self._entries[mark:])

    def __repr__(self) -> str:
        return f"<game log: {len(self._entries)} lines>"
