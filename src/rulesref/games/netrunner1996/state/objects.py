"""Cards: what is printed on them, and the kernel objects the copies in play are.

A card's keywords are the words in bold at the top of its text box (rule 2.1); ``keywords``
holds them and ``has_keyword`` is the only question effects may ask about a card's category.
Nothing in the engine reads a title to decide what an effect applies to.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from rulesref.engine.objects import Card as KernelCard
from rulesref.games.netrunner1996.state.costs import Cost

if TYPE_CHECKING:
    from rulesref.games.netrunner1996.state.table import Table

#: What a card does when played or used: it acts on the table, through the procedures.
Effect = Callable[["Table", "Card"], None]


class Side(StrEnum):
    CORP = "Corp"
    RUNNER = "Runner"

    @property
    def key(self) -> str:
        """How scenarios name the side: ``"corp"``, ``"runner"``."""
        return self.value.lower()


class CardType(StrEnum):
    AGENDA = "agenda"
    OPERATION = "operation"
    ICE = "ice"
    NODE = "node"
    PROGRAM = "program"
    PREP = "prep"


class Zone(StrEnum):
    """The kinds of zone; remote servers and the ice protecting a server are one zone
    each, told apart by the server's name."""

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


#: A subroutine of a piece of ice: what happens when the Runner does not break it.
END_THE_RUN = "end the run"


@dataclass(frozen=True)
class Ability:
    """A "cost(s): effect" ability of an installed card (rule 1.1)."""

    text: str
    cost: Cost
    resolve: Effect


@dataclass(frozen=True)
class Breaker:
    """A program's "cost: break a subroutine of <keyword> ice" ability."""

    ice_keyword: str
    cost: Cost


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
    #: A piece of ice's subroutines, in order.
    subroutines: tuple[str, ...] = ()
    breaker: Breaker | None = None

    def has_keyword(self, keyword: str) -> bool:
        """Whether ``keyword`` is on the keyword line. The title is never consulted (2.1)."""
        return keyword in self.keywords

    @property
    def can_be_advanced(self) -> bool:
        return self.type is CardType.AGENDA or self.advanceable


class Card(KernelCard):
    """One copy in the game: the kernel's card object plus its printed definition."""

    def __init__(self, definition: CardDefinition, serial: int, object_id: int) -> None:
        super().__init__(definition.title, definition.side.key, serial, object_id)
        self.definition = definition
        self.rezzed = False

    @property
    def advancement(self) -> int:
        return self.counters["advancement"]

    @property
    def installed(self) -> bool:
        return self.zone is not None and self.zone.kind in (Zone.SERVER, Zone.ICE)

    @property
    def server(self) -> str | None:
        """The server a card in a server or protecting one belongs to."""
        return self.zone.owner if self.installed and self.zone is not None else None

    def where(self) -> str:
        if self.zone is None:
            return "nowhere"
        kind = Zone(self.zone.kind)
        return f"{kind} ({self.server})" if self.installed else str(kind)

    def __repr__(self) -> str:
        d = self.definition
        parts = [f"{d.type} in {self.where()}"]
        if self.installed and d.rez_cost is not None:
            parts.append("rezzed" if self.rezzed else "unrezzed")
        if self.advancement:
            parts.append(f"{self.advancement} advancement counter" + "s" * (self.advancement != 1))
        return f"<{d.title}: {', '.join(parts)}>"
