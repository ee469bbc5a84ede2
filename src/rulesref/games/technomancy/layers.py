"""What a card on the battlefield is right now: printed values plus continuous effects.

Rule 6.2 orders the effects: sort them by timestamp (6.2.1), then apply card-property effects,
control, allegiance, power and health, and other effects, in that order. Each layer reads the
views left by the layers before it, so "agents you control" sees control already changed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from enum import IntEnum

from rulesref.games.technomancy.abilities import Ability, StaticAbility
from rulesref.games.technomancy.cards import Card, CardType, derived_by
from rulesref.games.technomancy.scrip import Scrip


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


@dataclass(frozen=True)
class _Pending:
    timestamp: int
    source: str
    text: str
    affects: Callable[[CardView], bool]
    modify: Callable[[CardView], None]


@derived_by("tm_6_2", "tm_6_2_1")
def compute_views(
    battlefield: Iterable[Card],
    effects: Iterable[ContinuousEffect],
    names: Mapping[int, str],
    record: list[Application] | None = None,
    abilities_on_stack: int = 0,
) -> dict[int, CardView]:
    """Apply every continuous effect to the battlefield's printed views, in rule 6.2 order."""
    cards = list(battlefield)
    views = {c.id: CardView.printed(c, abilities_on_stack) for c in cards}
    timestamps = {c.id: c.timestamp for c in cards}
    effects = [e for e in effects if e.affected in views]
    for layer in Layer:
        pending = [
            _Pending(e.timestamp, names[e.source], e.text, _is(e.affected), e.modify)
            for e in effects
            if e.layer is layer
        ]
        # Static abilities are gathered per layer from the views as they stand, so a card
        # that lost its abilities in an earlier layer contributes nothing to later ones.
        for source in list(views.values()):
            for ability in source.abilities:
                if isinstance(ability, StaticAbility) and ability.layer is layer:
                    pending.append(
                        _Pending(
                            timestamps[source.card_id],
                            source.name,
                            ability.text,
                            _static_affects(ability, source),
                            ability.modify,
                        )
                    )
        for p in sorted(pending, key=lambda p: p.timestamp):  # rule 6.2.1
            for view in views.values():
                if p.affects(view):
                    p.modify(view)
                    if record is not None:
                        record.append(Application(layer, p.timestamp, p.source, p.text, view.name))
    return views


def _is(card_id: int) -> Callable[[CardView], bool]:
    return lambda view: view.card_id == card_id


def _static_affects(ability: StaticAbility, source: CardView) -> Callable[[CardView], bool]:
    return lambda view: ability.affects(source, view)
