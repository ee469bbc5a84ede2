"""Cards: what is printed on them, and where each copy is now.

A card's keywords are the words in bold at the top of its text box (rule 2.1); ``keywords``
holds them and ``has_keyword`` is the only question effects may ask about a card's category.
Nothing in the engine reads a title to decide what an effect applies to.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from rulesref.games.netrunner1996.costs import Cost

if TYPE_CHECKING:
    from rulesref.games.netrunner1996.game import Game

Choices = Mapping[str, Any]
Effect = Callable[["Game", "Card", Choices], None]


class Side(StrEnum):
    CORP = "Corp"
    RUNNER = "Runner"


class CardType(StrEnum):
    AGENDA = "agenda"
    OPERATION = "operation"
    ICE = "ice"
    NODE = "node"
    PROGRAM = "program"
    PREP = "prep"


class Zone(StrEnum):
    HQ = "HQ"
    RD = "R&D"
    ARCHIVES = "Archives"
    SERVER = "a server"
    ICE = "installed ice"
    CORP_SCORE = "the Corp's score area"
    GRIP = "the grip"
    STACK = "the stack"
    HEAP = "the heap"
    RIG = "the rig"
    RUNNER_SCORE = "the Runner's score area"


@dataclass(frozen=True)
class Ability:
    """A "cost(s): effect" ability of an installed card (rule 1.1)."""

    text: str
    cost: Cost
    resolve: Effect


@dataclass(frozen=True)
class CardDefinition:
    title: str
    side: Side
    type: CardType
    keywords: tuple[str, ...] = ()
    text: str = ""
    play_cost: int = 0
    rez_cost: int | None = None
    agenda_points: int | None = None
    advanceable: bool = False
    abilities: tuple[Ability, ...] = ()
    on_play: Effect | None = None
    check: Effect | None = None

    def has_keyword(self, keyword: str) -> bool:
        """Whether ``keyword`` is on the keyword line. The title is never consulted (2.1)."""
        return keyword in self.keywords

    @property
    def can_be_advanced(self) -> bool:
        return self.type is CardType.AGENDA or self.advanceable


@dataclass
class Card:
    id: int
    definition: CardDefinition
    zone: Zone
    server: str | None = None
    rezzed: bool = False
    counters: int = 0
    order: int = 0  # position within its zone: lower is nearer the top

    @property
    def title(self) -> str:
        return self.definition.title

    def __repr__(self) -> str:
        d = self.definition
        where = f"{self.zone}" + (f" ({self.server})" if self.server else "")
        parts = [f"{d.type} in {where}"]
        if self.zone in (Zone.SERVER, Zone.ICE) and d.rez_cost is not None:
            parts.append("rezzed" if self.rezzed else "unrezzed")
        if self.counters:
            parts.append(f"{self.counters} advancement counter" + "s" * (self.counters != 1))
        return f"<{d.title}: {', '.join(parts)}>"
