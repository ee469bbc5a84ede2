"""Everything that changes during a game, in one object so it can be snapshotted.

Rule 3.6.3 sends the game "back to before the casting" when a cost cannot be paid. Keeping
all mutable state (cards, zones, stack, effects, counters, even the random generator) in one
``GameState`` makes that the kernel's snapshot taken at declaration and restored, in place,
on failure.  The zones are the kernel's (:mod:`rulesref.engine.zones`): each card is in
exactly one, and moving it makes it a new object.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from rulesref.engine.objects import ObjectIds
from rulesref.engine.zones import Visibility, Zones
from rulesref.engine.zones import Zone as KernelZone
from rulesref.games.technomancy.state.abilities import (
    ActivatedAbility,
    Event,
    PlayerRuleKind,
    TriggeredAbility,
)
from rulesref.games.technomancy.state.effects import ContinuousEffect
from rulesref.games.technomancy.state.modes import GameMode
from rulesref.games.technomancy.state.objects import Card, Zone
from rulesref.games.technomancy.state.phases import Phase
from rulesref.games.technomancy.state.scrip import NO_SCRIP, Scrips

#: Each player's own zones and who may look at them (rules 4.1-4.5).
PLAYER_ZONES = {
    Zone.LIBRARY: Visibility.HIDDEN,
    Zone.HAND: Visibility.SECRET,
    Zone.DISCARD: Visibility.PUBLIC,
}
#: The zones all players share.
SHARED_ZONES = {
    Zone.BATTLEFIELD: Visibility.PUBLIC,
    Zone.STACK: Visibility.PUBLIC,
    Zone.OUTSIDE: Visibility.PUBLIC,
}


def build_zones(names: list[str], ids: ObjectIds) -> Zones[Card]:
    zones: Zones[Card] = Zones(ids)
    for kind, visibility in SHARED_ZONES.items():
        zones.add(KernelZone(kind, str(kind), visibility))
    for name in names:
        for kind, visibility in PLAYER_ZONES.items():
            zones.add(KernelZone(kind, f"{name}'s {kind}", visibility, name, kind is Zone.LIBRARY))
    return zones


@dataclass
class PlayerState:
    name: str
    health: int
    hand_size: int
    #: The player's library, hand and discard pile (kernel zones).
    zones: dict[Zone, KernelZone[Card]] = field(default_factory=dict)
    scrip: Scrips = NO_SCRIP
    buildings_played: int = 0
    lost: bool = False

    @property
    def library(self) -> list[int]:
        """Card ids, top first."""
        return [c.id for c in self.zones[Zone.LIBRARY].cards]

    @property
    def hand(self) -> list[int]:
        return [c.id for c in self.zones[Zone.HAND].cards]

    @property
    def discard(self) -> list[int]:
        return [c.id for c in self.zones[Zone.DISCARD].cards]


@dataclass(frozen=True)
class StackItem:
    """A card or an ability waiting on the stack to take effect."""

    source: int
    controller: str
    description: str
    target: int | None = None
    ability: TriggeredAbility | ActivatedAbility | None = None


@dataclass(frozen=True)
class PendingTrigger:
    """A triggered ability waiting to be put on the stack (rule 3.4.3.2)."""

    source: int
    source_name: str
    controller: str
    ability: TriggeredAbility
    event: Event


@dataclass(frozen=True)
class PlayerEffect:
    """A resolved card's instruction about what a player may do, e.g. play another Building."""

    text: str
    player: str
    kind: PlayerRuleKind
    timestamp: int
    until_end_of_turn: bool = True


@dataclass
class GameState:
    mode: GameMode
    seats: list[str]
    players: dict[str, PlayerState]
    rng: random.Random
    zones: Zones[Card]
    #: Hands out object identities: a card that changes zone becomes a new object.
    ids: ObjectIds
    cards: dict[int, Card] = field(default_factory=dict)
    stack: list[StackItem] = field(default_factory=list)
    effects: list[ContinuousEffect] = field(default_factory=list)
    player_effects: list[PlayerEffect] = field(default_factory=list)
    pending: list[PendingTrigger] = field(default_factory=list)
    extra_turns: list[str] = field(default_factory=list)
    turn: int = 0
    active: str = ""
    phase: Phase = Phase.RECOVERY
    priority: str | None = None
    passes: int = 0
    clock: int = 0
    next_card_id: int = 1
    winner: str | None = None

    @property
    def battlefield(self) -> list[int]:
        """Card ids on the battlefield, in the order they arrived."""
        return [c.id for c in self.zones.get(Zone.BATTLEFIELD).cards]

    def zone(self, kind: Zone, owner: str) -> KernelZone[Card]:
        """The zone of ``kind`` a card of ``owner``'s goes to (shared zones have no owner)."""
        return self.zones.get(kind, None if kind in SHARED_ZONES else owner)

    def tick(self) -> int:
        """A fresh timestamp (rule 6.1): every new effect or arrival gets a later one."""
        self.clock += 1
        return self.clock

    @property
    def in_turn_order(self) -> list[str]:
        """Players still in the game, clockwise from the first seat (rule 1.3)."""
        return [p for p in self.seats if not self.players[p].lost]

    def after(self, player: str) -> str:
        """The next player clockwise who is still in the game."""
        order = self.seats
        i = order.index(player)
        for step in range(1, len(order) + 1):
            candidate = order[(i + step) % len(order)]
            if not self.players[candidate].lost:
                return candidate
        return player
