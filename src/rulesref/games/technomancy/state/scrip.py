"""Scrip: the five currencies a card's cost is written in, and amounts of them.

A cost and a player's pool are the same kind of thing (so many of each kind), so one value
type serves both; its kinds give a card's factions and its total gives the scrip cost.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from enum import StrEnum


class Scrip(StrEnum):
    """The five kinds of scrip, one per megacorp (rule 5.5)."""

    CORP1 = "CORP1"
    CORP2 = "CORP2"
    CORP3 = "CORP3"
    CORP4 = "CORP4"
    CORP5 = "CORP5"

    @property
    def rule(self) -> str:
        """The rule naming this kind: CORP1 is rule 5.5.1, and so on."""
        return f"tm_5_5_{list(Scrip).index(self) + 1}"


@dataclass(frozen=True)
class Scrips:
    """So much scrip of each kind; immutable so a cost can never be paid by accident."""

    counts: tuple[int, int, int, int, int] = (0, 0, 0, 0, 0)

    @classmethod
    def of(cls, amounts: Mapping[Scrip | str, int] | None = None, /, **kinds: int) -> Scrips:
        """``Scrips.of(CORP1=2)`` or ``Scrips.of({"CORP1": 2})``."""
        merged: dict[Scrip, int] = {}
        for key, n in {**(amounts or {}), **kinds}.items():
            kind = Scrip(key)
            if n < 0:
                raise ValueError(f"negative amount of {kind}: {n}")
            merged[kind] = merged.get(kind, 0) + n
        return cls(_five(merged.get(k, 0) for k in Scrip))

    def items(self) -> Iterator[tuple[Scrip, int]]:
        """The kinds present, with their amounts, in CORP1..CORP5 order."""
        return ((k, n) for k, n in zip(Scrip, self.counts, strict=True) if n)

    @property
    def kinds(self) -> frozenset[Scrip]:
        return frozenset(k for k, _ in self.items())

    @property
    def total(self) -> int:
        return sum(self.counts)

    def __add__(self, other: Scrips) -> Scrips:
        return Scrips(_five(a + b for a, b in zip(self.counts, other.counts, strict=True)))

    def reduced_by(self, other: Scrips) -> Scrips:
        """A cost after a reduction; a kind never drops below nothing."""
        return Scrips(_five(max(0, a - b) for a, b in zip(self.counts, other.counts, strict=True)))

    def covers(self, cost: Scrips) -> bool:
        """Whether a pool holds at least this cost in every kind (scrip does not convert)."""
        return all(a >= b for a, b in zip(self.counts, cost.counts, strict=True))

    def __sub__(self, cost: Scrips) -> Scrips:
        if not self.covers(cost):
            raise ValueError(f"{self} does not cover {cost}")
        return Scrips(_five(a - b for a, b in zip(self.counts, cost.counts, strict=True)))

    def as_dict(self) -> dict[str, int]:
        return {str(k): n for k, n in self.items()}

    def __str__(self) -> str:
        return " + ".join(f"{n} {k}" for k, n in self.items()) or "nothing"

    def __repr__(self) -> str:
        return f"Scrips({self.as_dict()})"


NO_SCRIP = Scrips()


def _five(values: Iterable[int]) -> tuple[int, int, int, int, int]:
    a, b, c, d, e = values
    return (a, b, c, d, e)
