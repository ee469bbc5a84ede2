"""The kinds of ability a card can print, as data the procedures interpret.

Abilities are values, not methods on cards, so an effect that removes a card's abilities
(a card-properties effect, rule 6.2.2) can simply leave them out of the card's view, and the
procedures that look for triggers, cost changes or scrip find nothing to use.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Literal

from rulesref.games.technomancy.state.scrip import Scrip, Scrips

if TYPE_CHECKING:
    from rulesref.games.technomancy.state.effects import CardView, Layer
    from rulesref.games.technomancy.state.objects import CardDefinition
    from rulesref.games.technomancy.state.table import Table


@dataclass(frozen=True)
class Resolving:
    """What an effect knows when it takes effect: its source, who controls it, its target."""

    source: int
    controller: str
    target: int | None = None


Effect = Callable[["Table", Resolving], None]
TargetKind = Literal["agent", "card"]


class _Immutable:
    """Abilities hold functions and never change, so a rollback snapshot can share them."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Immutable:
        return self


class EventKind(StrEnum):
    """Moments that triggered abilities wait for, with the rule that makes them trigger."""

    BEGINNING_OF_TURN = "at the beginning of turn"
    BEGINNING_OF_DRAW_PHASE = "at the beginning of the draw phase"
    BEGINNING_OF_MAIN_PHASE = "at the beginning of the main phase"
    END_OF_TURN = "at the end of turn"
    RECOVERS = "when ~ recovers"
    DIES = "when ~ dies"
    DISCARDED_FROM_HAND = "when ~ is discarded from hand"

    @property
    def rule(self) -> str:
        return _EVENT_RULES[self]


_EVENT_RULES = {
    EventKind.BEGINNING_OF_TURN: "tm_3_3_2_1",
    EventKind.BEGINNING_OF_DRAW_PHASE: "tm_3_3_3_2",
    EventKind.BEGINNING_OF_MAIN_PHASE: "tm_3_3_4_1",
    EventKind.END_OF_TURN: "tm_3_3_5_1",
    EventKind.RECOVERS: "tm_4_1",
    EventKind.DIES: "tm_5_6_1",
    EventKind.DISCARDED_FROM_HAND: "tm_3_3_6_2",
}


@dataclass(frozen=True)
class Event:
    """Something that happened: which kind, to which card, in whose turn."""

    kind: EventKind
    card: int | None = None
    player: str | None = None


@dataclass(frozen=True)
class ScripAbility(_Immutable):
    """'Tap: add one <kind>.' Used while paying for a card (rule 3.6.2.3)."""

    kind: Scrip

    @property
    def text(self) -> str:
        return f"Tap: add one {self.kind}."


@dataclass(frozen=True)
class ActivatedAbility(_Immutable):
    """'Tap: <effect>.' Activated by the player with priority; it goes on the stack."""

    text: str
    resolve: Effect
    target: TargetKind | None = None


@dataclass(frozen=True)
class TriggeredAbility(_Immutable):
    """Waits for an event; ``condition(source view, event)`` says whether this one counts."""

    text: str
    event: EventKind
    resolve: Effect
    condition: Callable[[CardView, Event], bool]


@dataclass(frozen=True)
class StaticAbility(_Immutable):
    """A continuous effect that lasts while its card is on the battlefield.

    ``affects(source view, other view)`` and ``modify(view)`` run inside the layer system, so
    'agents you control' is read after control effects have been applied (rule 6.2).
    """

    text: str
    layer: Layer
    affects: Callable[[CardView, CardView], bool]
    modify: Callable[[CardView], None]


@dataclass(frozen=True)
class CostModifier(_Immutable):
    """Makes cards cost more (rule 3.6.2.1) or less (rule 3.6.2.2) to play."""

    text: str
    step: Literal["additional", "reduction"]
    amount: Scrips
    applies: Callable[[CardView, str, CardDefinition], bool]


class PlayerRuleKind(StrEnum):
    """Card instructions that change a rule of play for a player (rules 0.1 and 0.2)."""

    EXTRA_BUILDING = "may play an additional Building this turn"
    ONE_BUILDING_LIMIT = "can't play more than one Building each turn"

    @property
    def restricts(self) -> bool:
        """Restrictions take precedence over permissions (rule 0.2)."""
        return self is PlayerRuleKind.ONE_BUILDING_LIMIT


@dataclass(frozen=True)
class PlayerRule(_Immutable):
    """A static ability changing how a player may play, e.g. limiting Buildings."""

    text: str
    kind: PlayerRuleKind
    applies: Callable[[CardView, str], bool]


Ability = (
    ScripAbility | ActivatedAbility | TriggeredAbility | StaticAbility | CostModifier | PlayerRule
)
