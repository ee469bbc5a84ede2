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
    CHECKPOINT = "until the next checkpoint"


@dataclass(frozen=True)
class Boost:
    card: ObjectRef[NetrunnerCard]
    amount: int
    until: Until
    source: str
    #: The encounter or run it lasts for (by identity), the turn number, or the count of
    #: checkpoints when it began.
    scope: object
    #: Further durations it also lasts for (an icebreaker's own boost lasts until both its
    #: stated duration and the encounter have expired).
    also: tuple[tuple[Until, object], ...] = ()


class Boosts:
    """The lasting strength changes of one game."""

    def __init__(self) -> None:
        self._boosts: list[Boost] = []

    def append(self, boost: Boost) -> None:
        self._boosts.append(boost)

    def lasting(self, card: NetrunnerCard) -> list[Boost]:
        """The boosts given to ``card`` (this object).  One whose duration has passed is
        removed at the next checkpoint (:meth:`expire`); one given to an earlier object of
        the card never counts again, and is removed with its duration."""
        return [b for b in self._boosts if b.card.current is card]

    def expire(self, lasts: Callable[[Boost], bool]) -> list[Boost]:
        """Remove the boosts whose duration has passed, and return them."""
        gone = [b for b in self._boosts if not lasts(b)]
        self._boosts = [b for b in self._boosts if lasts(b)]
        return gone
