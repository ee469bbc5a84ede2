"""Everything that changes during a game, in one object so it can be snapshotted.

Rule 3.6.3 sends the game "back to before the casting" when a cost cannot be paid. Keeping
all mutable state (cards, zones, stack, effects, counters, even the random generator) in one
``GameState`` makes that a deep copy taken at declaration and restored on failure.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from rulesref.games.technomancy.abilities import (
    ActivatedAbility,
    Event,
    PlayerRuleKind,
    TriggeredAbility,
)
from rulesref.games.technomancy.cards import Card
from rulesref.games.technomancy.layers import ContinuousEffect
from rulesref.games.technomancy.modes import GameMode
from rulesref.games.technomancy.phases import Phase
from rulesref.games.technomancy.scrip import NO_SCRIP, Scrips


@dataclass
class PlayerState:
    name: str
    health: int
    hand_size: int
    library: list[int] = field(default_factory=list)
    hand: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    scrip: Scrips = NO_SCRIP
    buildings_played: int = 0
    lost: bool = False


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


@dataclass(frozen=True)
class Decision:
    """The game is waiting for a player's choice before it can go on."""

    player: str
    count: int
    rule: str
    text: str

    def __repr__(self) -> str:
        return f"<{self.player} must {self.text} ({self.rule})>"


@dataclass
class GameState:
    mode: GameMode
    seats: list[str]
    players: dict[str, PlayerState]
    rng: random.Random
    cards: dict[int, Card] = field(default_factory=dict)
    battlefield: list[int] = field(default_factory=list)
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
    awaiting: Decision | None = None
    clock: int = 0
    next_card_id: int = 1
    winner: str | None = None

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
