"""Card definitions (what is printed) and cards in play (one physical copy and its state).

The printed facts that the rules derive from (factions from the scrip kinds in the cost,
scrip cost as its sum) are computed, never stored, so they cannot disagree with the cost.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, TypeVar

from rulesref.engine.objects import Card as KernelCard
from rulesref.games.technomancy.state.abilities import Ability, Effect, TargetKind
from rulesref.games.technomancy.state.scrip import NO_SCRIP, Scrip, Scrips

if TYPE_CHECKING:  # for the ``Effect`` alias in annotations (autodoc resolves it from here)
    from rulesref.games.technomancy.state.table import Table  # noqa: F401


F = TypeVar("F", bound=Callable[..., Any])


def derived_by(*rules: str) -> Callable[[F], F]:
    """Mark a computed printed fact with the rules that define it, so a reader, and the
    mutation tool (which reads a decorator's rule IDs as the function's citations), can
    find the code behind rules 5.3 and 5.4.  It changes nothing at run time."""

    def mark(function: F) -> F:
        return function

    return mark


class CardType(StrEnum):
    """The four card types, each with its own timing and destination (rule 3.5)."""

    QUICKHACK = "Quickhack"
    PROGRAM = "Program"
    AGENT = "Agent"
    BUILDING = "Building"


class Zone(StrEnum):
    LIBRARY = "library"
    HAND = "hand"
    STACK = "stack"
    BATTLEFIELD = "battlefield"
    DISCARD = "discard pile"
    OUTSIDE = "outside the game"


@dataclass(frozen=True)
class CardDefinition:
    """A card as printed. ``resolve`` is what a Quickhack or Program does when it takes effect."""

    name: str
    type: CardType
    cost: Scrips = NO_SCRIP
    text: str = ""
    level: int = 1
    damage: int | None = None
    health: int | None = None
    abilities: tuple[Ability, ...] = ()
    target: TargetKind | None = None
    resolve: Effect | None = None
    created_only: bool = False

    def __post_init__(self) -> None:
        if (self.type is CardType.AGENT) != (self.health is not None and self.damage is not None):
            raise ValueError(f"{self.name}: Agents, and only Agents, have damage and health")

    def __deepcopy__(self, memo: dict[int, Any]) -> CardDefinition:
        return self  # printed cards never change; snapshots share them

    @property
    @derived_by("tm_5_3", "tm_5_3_1")
    def factions(self) -> frozenset[Scrip]:
        """The kinds of scrip in the cost (rule 5.3); none means factionless (rule 5.3.1)."""
        return self.cost.kinds

    @property
    @derived_by("tm_5_4", "tm_5_4_1")
    def scrip_cost(self) -> int:
        """The sum of all scrip in the cost (rule 5.4.1)."""
        return self.cost.total


class Card(KernelCard):
    """One physical card: the kernel's card object (its zone, its object identity) plus its
    printed definition and what has happened to it.

    ``id`` numbers the physical card for the whole game.  ``health`` is the agent's own
    health after damage and healing; effects that raise or lower health are layered on top
    of it when the card's view is computed.
    """

    def __init__(
        self,
        id: int,
        definition: CardDefinition,
        owner: str,
        object_id: int,
        *,
        created: bool = False,
    ) -> None:
        super().__init__(definition.name, owner, id, object_id)
        self.id = id
        self.definition = definition
        self.controller = owner
        self.tapped = False
        self.health: int | None = None
        self.timestamp = 0
        self.created = created

    @property
    def name(self) -> str:
        return self.definition.name

    @property
    def where(self) -> Zone:
        """The kind of zone the card is in."""
        return Zone(self.zone.kind) if self.zone is not None else Zone.OUTSIDE
