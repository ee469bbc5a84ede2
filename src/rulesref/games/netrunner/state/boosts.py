"""Lasting strength changes: how much, to which object, and for how long.

A boost names how long it lasts ("until the end of the encounter", "for the
remainder of this run", "until the end of the turn"); it simply stops counting
once that encounter, run or turn is over, or once the card it was given to has
become a new object.  Strength itself is worked out when asked
(:mod:`rulesref.games.netrunner.procedures.strength`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from rulesref.engine.objects import ObjectRef
from rulesref.games.netrunner.state.objects import NetrunnerCard


class Until(StrEnum):
    ENCOUNTER = "until the end of the encounter"
    RUN = "for the remainder of the run"
    TURN = "until the end of the turn"


@dataclass(frozen=True)
class Boost:
    card: ObjectRef[NetrunnerCard]
    amount: int
    until: Until
    source: str
    #: The encounter or run it lasts for (by identity), or the turn number.
    scope: object


class Boosts:
    """The lasting strength changes of one game."""

    def __init__(self) -> None:
        self._boosts: list[Boost] = []

    def append(self, boost: Boost) -> None:
        self._boosts.append(boost)

    def lasting(self, card: NetrunnerCard, lasts: Callable[[Boost], bool]) -> list[Boost]:
        """The boosts given to ``card`` (this object) that still last; the others are
        forgotten."""
        self._boosts = [b for b in self._boosts if b.card.current is not None and lasts(b)]
        return [b for b in self._boosts if b.card.current is card]

    def expire(self, lasts: Callable[[Boost], bool]) -> list[Boost]:
        """Remove the boosts whose duration has passed, and return them."""
        gone = [b for b in self._boosts if not lasts(b)]
        self._boosts = [b for b in self._boosts if lasts(b)]
        return gone
