"""The two players: their credits and clicks, their zones, and how they answer decisions.

Nothing is chosen in advance: when the rules ask a player something, the game
asks its decider (see :mod:`rulesref.engine.decisions`).  A scenario queues the
answers with ``game.runner.answers(...)`` or gives a callback with
``decides_with``; a question with no answer is an error, never a guess.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from rulesref.engine.decisions import Decision, Script
from rulesref.engine.zones import Zones
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.zones import ZoneType


class Player:
    def __init__(self, side: str, zones: Zones[NetrunnerCard], decider: Script) -> None:
        self._zones = zones
        self._decider = decider
        self.side = side
        self.credits = 5
        self.clicks = 0
        #: Clicks spent this turn (a "priority" card must be the first).
        self.clicks_spent = 0
        self.tags = 0
        #: Core damage counters (the Runner's): each lowers their maximum hand size by 1.
        self.core_damage = 0
        #: Bad publicity counters (the Corp's).
        self.bad_publicity = 0
        #: Object IDs of hidden cards this player knows (an order they arranged); a card
        #: that moves becomes a new object, so what was known of it is forgotten.
        self.known: set[int] = set()

    @property
    def label(self) -> str:
        return self.side.title()

    def __repr__(self) -> str:
        return f"<{self.label}: {self.credits} credits, {self.clicks} clicks>"

    # -- decisions ---------------------------------------------------------------------

    def answers(self, *answers: object) -> None:
        """Queue answers for the next decisions the rules ask this player, in order.

        An answer names one legal option: ``True``/``False`` (or ``"yes"``/``"no"``), a
        card object, a title of a card the player can see, a deck position of a hidden
        card, or a number.
        """
        self._decider.answer(self.side, answers)

    def decides_with(self, callback: Callable[[Decision], object] | None) -> None:
        """Answer this player's decisions with ``callback(decision)`` once the queued
        answers are used up (``None`` removes it)."""
        self._decider.use(self.side, callback)

    @property
    def unused_answers(self) -> list[object]:
        """Queued answers no decision has asked for yet."""
        return self._decider.unused(self.side)

    def learn(self, cards: Iterable[NetrunnerCard]) -> None:
        self.known.update(card.object_id for card in cards)

    # -- zones ---------------------------------------------------------------------------

    def _zone(self, kind: ZoneType) -> list[NetrunnerCard]:
        return list(self._zones.get(kind, self.side).cards)

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
        return sum(
            card.behaviour.agenda_points() if card.behaviour is not None else 0
            for card in self.score_area
        )

    @property
    def installed(self) -> list[NetrunnerCard]:
        return [
            c
            for c in self._zones.get(ZoneType.PLAY_AREA).cards
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
