"""One 1996 game as the procedures see it: sides, zones, the log and the decisions.

The table holds what the rules act on and answers the questions procedures ask
(how many bits has this side? which cards are installed?); it carries out no rule
itself.  The game facade (:class:`rulesref.games.netrunner1996.Game`) is a table
with the public actions, and hands it the card catalog.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass

from rulesref.engine.decisions import Decision, Script
from rulesref.engine.errors import IllegalAction
from rulesref.engine.log import Log
from rulesref.engine.objects import ObjectIds
from rulesref.engine.zones import Visibility, Zones
from rulesref.engine.zones import Zone as KernelZone
from rulesref.games.netrunner1996.rules import RULES
from rulesref.games.netrunner1996.state.objects import Card, CardDefinition, Side, Zone

#: Actions each side has per turn: Corp 3, Runner 4.
ACTIONS_PER_TURN: Mapping[Side, int] = {Side.CORP: 3, Side.RUNNER: 4}

_PILES = {
    Zone.HQ: ("corp", Visibility.SECRET),
    Zone.RD: ("corp", Visibility.HIDDEN),
    Zone.ARCHIVES: ("corp", Visibility.PUBLIC),
    Zone.CORP_SCORE: ("corp", Visibility.PUBLIC),
    Zone.GRIP: ("runner", Visibility.SECRET),
    Zone.STACK: ("runner", Visibility.HIDDEN),
    Zone.HEAP: ("runner", Visibility.PUBLIC),
    Zone.RIG: ("runner", Visibility.PUBLIC),
    Zone.RUNNER_SCORE: ("runner", Visibility.PUBLIC),
}


@dataclass
class SideState:
    side: Side
    bits: int = 5
    actions: int = 0
    points: int = 0


class Player:
    """How a side answers the decisions the rules ask of it (``game.corp.answers(...)``)."""

    def __init__(self, decider: Script, side: Side) -> None:
        self._decider = decider
        self.side = side

    def answers(self, *answers: object) -> None:
        """Queue answers for this side's next decisions: a title of a card it can see,
        the card object, ``True``/``False`` or ``"yes"``/``"no"``."""
        self._decider.answer(self.side.key, answers)

    def decides_with(self, callback: Callable[[Decision], object] | None) -> None:
        self._decider.use(self.side.key, callback)

    @property
    def unused_answers(self) -> list[object]:
        return self._decider.unused(self.side.key)


class Table:
    """Everything one game's rules act on; no global state."""

    def __init__(self, *, turn: Side, catalog: Mapping[str, CardDefinition], seed: int = 0) -> None:
        self.catalog = catalog
        self.turn = turn
        self.sides = {side: SideState(side) for side in Side}
        self.rng = random.Random(seed)
        self.ids = ObjectIds()
        self.zones: Zones[Card] = Zones(self.ids)
        for kind, (owner, visibility) in _PILES.items():
            self.zones.add(KernelZone(kind, str(kind), visibility, owner, ordered=kind is Zone.RD))
        self.log = Log(known=RULES, book="the 1996 excerpt")
        self.decider = Script()
        self.corp = Player(self.decider, Side.CORP)
        self.runner = Player(self.decider, Side.RUNNER)
        #: Serials of the agendas stolen this turn.
        self.stolen_this_turn: list[int] = []
        self._serials = 0

    def new_card(self, definition: CardDefinition, zone: KernelZone[Card]) -> Card:
        self._serials += 1
        card = Card(definition, self._serials, self.ids.next())
        self.zones.put(card, zone)
        return card

    def _shared(self) -> list[object]:
        """Not copied by a rollback: printed facts, and the players' script of answers."""
        return [
            self.catalog,
            self.decider,
            self.corp,
            self.runner,
            RULES,
            *self.catalog.values(),
        ]

    # ----------------------------------------------------------------- asking

    def actions(self, side: str | Side) -> int:
        return self.sides[side_named(side)].actions

    def bits(self, side: str | Side) -> int:
        return self.sides[side_named(side)].bits

    def points(self, side: str | Side) -> int:
        return self.sides[side_named(side)].points

    def zone(self, kind: Zone, owner: str) -> KernelZone[Card]:
        """One zone; a server's zone (its root, or its ice) is made when first asked for."""
        try:
            return self.zones.get(kind, owner)
        except KeyError:
            if kind not in (Zone.SERVER, Zone.ICE):
                raise
            return self.zones.add(KernelZone(kind, f"{kind} ({owner})", Visibility.PUBLIC, owner))

    def all_cards(self) -> Iterator[Card]:
        return self.zones.cards()

    def card(self, title: str) -> Card:
        found = [c for c in self.zones.cards() if c.title == title]
        if len(found) != 1:
            raise LookupError(f"{len(found)} cards titled {title!r}")
        return found[0]

    def cards_in(self, kind: Zone) -> list[Card]:
        """The cards in every zone of a kind, top (or first) first."""
        return [card for zone in self.zones if zone.kind == kind for card in zone.cards]

    def installed(self) -> list[Card]:
        return [*self.cards_in(Zone.SERVER), *self.cards_in(Zone.ICE)]

    def titles_in(self, zone: str | Zone) -> list[str]:
        """Titles in a zone, top first; ``zone`` may be a name: "hq", "grip", "heap"…"""
        if not isinstance(zone, Zone):
            zone = Zone[zone.upper().replace("&", "")]
        return [c.title for c in self.cards_in(zone)]

    def installed_card(self, title: str) -> Card:
        card = self.card(title)
        if not card.installed:
            raise IllegalAction(f"{title} is not installed")
        return card

    def move(self, card: Card, zone: KernelZone[Card]) -> None:
        """A card changes zone: the kernel makes it a new object, with no counters."""
        self.zones.move(card, zone)
        card.rezzed = False

    def __repr__(self) -> str:
        corp, runner = self.sides[Side.CORP], self.sides[Side.RUNNER]
        return (
            f"<Netrunner 1996 game: {self.turn}'s turn, "
            f"Corp {corp.actions} actions/{corp.bits} bits, "
            f"Runner {runner.actions} actions/{runner.bits} bits>"
        )


def side_named(side: str | Side) -> Side:
    """The side a scenario names ("corp", "Runner" or the enum); anything else is refused."""
    if isinstance(side, Side):
        return side
    if not isinstance(side, str) or side.lower() not in ("corp", "runner"):
        raise IllegalAction(f"a side is 'corp' or 'runner', not {side!r}")
    return Side(side.title())
