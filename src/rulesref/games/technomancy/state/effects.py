"""Continuous effects, the layers they apply in, and the view of a card they change.

A battlefield card's current properties are a :class:`CardView`, built fresh from its
printed values each time it is asked; the effects and the layers (rule 6.2) that change it
are data here, applied by :func:`~rulesref.games.technomancy.procedures.layers.compute_views`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import IntEnum

from rulesref.games.technomancy.state.abilities import Ability
from rulesref.games.technomancy.state.objects import Card, CardType
from rulesref.games.technomancy.state.scrip import Scrip


class Layer(IntEnum):
    """The steps of rule 6.2 that apply effects; the value is the step's number."""

    CARD_PROPERTIES = 2
    CONTROL = 3
    ALLEGIANCE = 4
    POWER_HEALTH = 5
    OTHER = 6

    @property
    def rule(self) -> str:
        return f"tm_6_2_{self.value}"

    @property
    def label(self) -> str:
        return self.name.lower().replace("_", " ").replace("power health", "power/health")


@dataclass
class CardView:
    """A battlefield card's current properties; built fresh each time, never stored."""

    card_id: int
    name: str
    type: CardType
    owner: str
    controller: str
    factions: frozenset[Scrip]
    damage: int | None
    health: int | None
    max_health: int | None
    abilities: tuple[Ability, ...]
    tapped: bool
    flags: set[str] = field(default_factory=set)
    #: How many triggered or activated abilities are on the stack (a static ability may
    #: depend on it).
    abilities_on_stack: int = 0

    @classmethod
    def printed(cls, card: Card, abilities_on_stack: int = 0) -> CardView:
        d = card.definition
        return cls(
            card_id=card.id,
            name=d.name,
            type=d.type,
            owner=card.owner,
            controller=card.controller,
            factions=d.factions,
            damage=d.damage,
            health=card.health,
            max_health=d.health,
            abilities=d.abilities,
            tapped=card.tapped,
            abilities_on_stack=abilities_on_stack,
        )


@dataclass(frozen=True)
class ContinuousEffect:
    """An effect a resolved card left on one card, e.g. '+2 damage until end of turn'."""

    text: str
    layer: Layer
    timestamp: int
    source: int
    affected: int
    modify: Callable[[CardView], None]
    until_end_of_turn: bool = True


@dataclass(frozen=True)
class Application:
    """One effect applied to one card, recorded so the order can be shown (rule 6.2)."""

    layer: Layer
    timestamp: int
    source: str
    text: str
    affected: str
