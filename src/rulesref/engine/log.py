"""The game's trace: one line per step, each citing the rule IDs it applies.

The trace is how a reader checks the engine against the rulebook, so a step
that applies a rule says which; steps that only carry out a card's own words
name the card instead.  Every game writes this one log: a game that knows the
whole list of its book's rule IDs hands it over (``known``), so a citation with
a typo is refused instead of passing for a trace, and a book whose IDs nest by
number (``tm_3_4`` holds ``tm_3_4_3_1``) asks :meth:`~Log.citing` to take a
rule together with the rules numbered under it (``nesting``).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import overload

from rulesref.engine.state_copy import copied_as_itself


@copied_as_itself
@dataclass(frozen=True)
class LogEntry:
    """One step: the rules it applies, what happened, and the turn it happened in (0 when
    the game does not number turns in its log)."""

    rules: tuple[str, ...]
    text: str
    depth: int = 0
    turn: int = 0

    @property
    def rule(self) -> str:
        """The first rule cited (``""`` when none is)."""
        return self.rules[0] if self.rules else ""

    @property
    def message(self) -> str:
        return self.text

    def __str__(self) -> str:
        cited = f"[{', '.join(self.rules)}] " if self.rules else ""
        return f"{'  ' * self.depth}{cited}{self.text}"


def exact(cited: str, wanted: str) -> bool:
    """A citation answers a question about ``wanted`` only if it is that rule."""
    return cited == wanted


def numbered_under(cited: str, wanted: str) -> bool:
    """A citation answers a question about ``wanted`` if it is that rule or a rule
    numbered under it (``tm_3_4_3_1`` is under ``tm_3_4``)."""
    return cited == wanted or cited.startswith(wanted + "_")


class _Lines:
    """What the whole trace and an excerpt of it share."""

    #: How a cited rule answers ``citing(wanted)`` (see :func:`exact`, :func:`numbered_under`).
    _nesting: Callable[[str, str], bool]

    def _all(self) -> Sequence[LogEntry]:
        raise NotImplementedError

    def _excerpt(self, entries: Iterable[LogEntry]) -> LogExcerpt:
        return LogExcerpt(entries, self._nesting)

    def __len__(self) -> int:
        return len(self._all())

    def __iter__(self) -> Iterator[LogEntry]:
        return iter(self._all())

    @overload
    def __getitem__(self, index: int) -> LogEntry: ...
    @overload
    def __getitem__(self, index: slice) -> LogExcerpt: ...
    def __getitem__(self, index: int | slice) -> LogEntry | LogExcerpt:
        if isinstance(index, slice):
            return self._excerpt(self._all()[index])
        return self._all()[index]

    def __str__(self) -> str:
        return "\n".join(str(entry) for entry in self._all())

    def citing(self, *rule_ids: str) -> LogExcerpt:
        """The lines that cite any of ``rule_ids`` (or, in a book whose IDs nest, a rule
        numbered under one of them)."""
        nesting = self._nesting
        return self._excerpt(
            e for e in self._all() if any(nesting(r, w) for r in e.rules for w in rule_ids)
        )

    def mentioning(self, text: str) -> LogExcerpt:
        return self._excerpt(e for e in self._all() if text in e.text)

    #: The name Technomancy's scenarios use for :meth:`mentioning`.
    matching = mentioning

    def in_turn(self, turn: int) -> LogExcerpt:
        """The lines of one turn (for a game that keeps :attr:`Log.turn` current)."""
        return self._excerpt(e for e in self._all() if e.turn == turn)

    def rule_ids(self) -> frozenset[str]:
        return frozenset(rule for entry in self._all() for rule in entry.rules)

    #: The name Technomancy's tests use for :meth:`rule_ids`.
    rules = rule_ids


class LogExcerpt(_Lines):
    """Some lines of the trace; ``print()`` shows one per line, and it can be narrowed again."""

    def __init__(
        self, entries: Iterable[LogEntry], nesting: Callable[[str, str], bool] = exact
    ) -> None:
        self._entries = tuple(entries)
        self._nesting = nesting

    def _all(self) -> Sequence[LogEntry]:
        return self._entries

    def __repr__(self) -> str:
        return f"<log excerpt: {len(self._entries)} lines>"


class Log(_Lines):
    """The whole trace of one game, which grows as the game goes on.

    ``known``: every rule ID the game's book has; recording any other is a bug in the
    engine (``KeyError``), named after ``book``.  ``nesting``: how a citation answers
    :meth:`citing` (:func:`exact` by default, :func:`numbered_under` for a book whose IDs
    nest by number).
    """

    def __init__(
        self,
        *,
        known: Collection[str] | None = None,
        book: str = "the rulebook",
        nesting: Callable[[str, str], bool] = exact,
    ) -> None:
        self._entries: list[LogEntry] = []
        self._depth = 0
        self._known = known
        self._book = book
        self._nesting = nesting
        #: The turn new lines belong to; a game that numbers its turns keeps it current.
        self.turn = 0

    def _all(self) -> Sequence[LogEntry]:
        return self._entries

    def record(self, rules: str | Sequence[str], text: str) -> None:
        cited = (rules,) if isinstance(rules, str) else tuple(rules)
        if self._known is not None:
            for rule in cited:
                if rule not in self._known:
                    raise KeyError(f"no rule {rule!r} in {self._book}")
        self._entries.append(LogEntry(cited, text, self._depth, self.turn))

    def add(self, rule: str, text: str) -> None:
        """Record one step citing one rule."""
        self.record(rule, text)

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
        return self._excerpt(self._entries[mark:])

    def __repr__(self) -> str:
        return f"<game log: {len(self._entries)} lines>"
