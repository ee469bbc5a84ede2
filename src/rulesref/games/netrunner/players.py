"""The two players: their credits and clicks, their zones, and their plans.

A scenario tells a player in advance what they will choose (``will_use``,
``will_steal`` ...).  When nothing was planned, an optional ability that costs
nothing is used and one that costs something is not; a choice among several
equally legal options is never guessed, it is an error.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rulesref.engine.events import Event
from rulesref.engine.timing import Ability, Pending
from rulesref.games.netrunner.objects import NetrunnerCard
from rulesref.games.netrunner.zones import ZoneType

if TYPE_CHECKING:
    from rulesref.games.netrunner.game import Game


@dataclass
class Plan:
    """What a player will do when ``card``'s ability (or the named decision) comes up."""

    card: str
    use: bool = True
    choices: dict[str, Any] = field(default_factory=dict)
    #: How many more times the plan applies to an optional use.
    remaining: int = 1


class Player:
    def __init__(self, game: Game, side: str) -> None:
        self._game = game
        self.side = side
        self.credits = 5
        self.clicks = 0
        #: Clicks spent this turn (a "priority" card must be the first).
        self.clicks_spent = 0
        self.tags = 0
        self.plans: list[Plan] = []

    @property
    def label(self) -> str:
        return self.side.title()

    def __repr__(self) -> str:
        return f"<{self.label}: {self.credits} credits, {self.clicks} clicks>"

    # -- plans ---------------------------------------------------------------------------

    def will_use(self, card: str, /, *, times: int = 1, **choices: Any) -> None:
        """Plan to use ``card``'s optional ability, with the choices it will ask for."""
        self._game.card_facts(card)
        self.plans.append(Plan(card, True, dict(choices), times))

    def will_not_use(self, card: str) -> None:
        self._game.card_facts(card)
        self.plans.append(Plan(card, False))

    def will_steal(self, card: str) -> None:
        """Plan to pay the additional cost to steal ``card`` when accessing it."""
        self.plans.append(Plan(f"steal {self._game.card_facts(card).title}", True))

    def will_trash(self, card: str) -> None:
        """Plan to pay ``card``'s trash cost when accessing it."""
        self.plans.append(Plan(f"trash {self._game.card_facts(card).title}", True))

    def plan_for(self, label: str) -> Plan | None:
        for plan in self.plans:
            if plan.card.casefold() == label.casefold() and (plan.remaining > 0 or not plan.use):
                return plan
        return None

    def choice(self, label: str, key: str) -> Any:
        for plan in self.plans:
            if plan.card.casefold() == label.casefold() and key in plan.choices:
                return plan.choices[key]
        return None

    def _order_key(self, label: str) -> int:
        for index, plan in enumerate(self.plans):
            if plan.card.casefold() == label.casefold():
                return index
        return len(self.plans)

    # -- zones ---------------------------------------------------------------------------

    def _zone(self, kind: ZoneType) -> list[NetrunnerCard]:
        return list(self._game.zones.get(kind, self.side).cards)

    @property
    def deck(self) -> list[NetrunnerCard]:
        return self._zone(ZoneType.DECK)

    @property
    def hand(self) -> list[NetrunnerCard]:
        return self._zone(ZoneType.HAND)

    @property
    def discard(self) -> list[NetrunnerCard]:
        return self._zone(ZoneType.DISCARD)

    @property
    def score_area(self) -> list[NetrunnerCard]:
        return self._zone(ZoneType.SCORE_AREA)

    @property
    def agenda_points(self) -> int:
        return sum(card.facts.agenda_points or 0 for card in self.score_area)

    @property
    def installed(self) -> list[NetrunnerCard]:
        return [
            c
            for c in self._game.zones.get(ZoneType.PLAY_AREA).cards
            if c.owner == self.side and c.installed
        ]

    # the names each side's zones go by
    rnd = deck
    hq = hand
    archives = discard
    stack = deck
    grip = hand
    heap = discard
    rig = installed


class Plans:
    """The :class:`~rulesref.engine.timing.Decider` that reads the players' plans."""

    def __init__(self, game: Game) -> None:
        self._game = game

    def use_optional(self, ability: Ability, event: Event | None) -> bool:
        player = self._game.player(ability.controller)
        plan = player.plan_for(ability.label)
        cost = ability.cost(event)
        if plan is not None:
            if plan.use and (cost is None or not cost.obstacles()):
                plan.remaining -= 1  # spent only on a use that can be paid for
            return plan.use
        return cost is None

    def order(self, player: str, pending: Sequence[Pending]) -> list[Pending]:
        who = self._game.player(player)
        indexed = list(enumerate(pending))
        indexed.sort(key=lambda item: (who._order_key(item[1].ability.label), item[0]))
        return [p for _, p in indexed]
