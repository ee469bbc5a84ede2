"""A minimal 1996 Netrunner game: enough to play out the excerpt's examples.

Actions are the unit of a turn: the Corp has 3 per turn and the Runner 4. Playing an
operation or prep, advancing, and making a run are basic actions costing one each; rezzing
costs bits but no action. Card abilities cost what they print, nothing more.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, TypedDict

from rulesref.games.netrunner1996 import procedures
from rulesref.games.netrunner1996.cards import Card, CardDefinition, CardType, Side, Zone
from rulesref.games.netrunner1996.costs import Cost
from rulesref.games.netrunner1996.errors import IllegalAction
from rulesref.games.netrunner1996.log import Log
from rulesref.games.netrunner1996.sample_cards import SAMPLE_CARDS

#: Actions each side has per turn: Corp 3, Runner 4.
ACTIONS_PER_TURN: Mapping[Side, int] = {Side.CORP: 3, Side.RUNNER: 4}


class CorpSetup(TypedDict, total=False):
    """``servers`` maps a remote server's name to its cards; entries may say
    ``"Project Nightfall (2 counters)"`` or ``"Data Wall (rezzed)"``. R&D is top first."""

    hq: list[str]
    rd: list[str]
    archives: list[str]
    servers: dict[str, list[str]]
    ice: list[str]
    bits: int
    actions: int


class RunnerSetup(TypedDict, total=False):
    grip: list[str]
    stack: list[str]
    heap: list[str]
    rig: list[str]
    bits: int
    actions: int


@dataclass
class SideState:
    side: Side
    bits: int
    actions: int
    points: int = 0


@dataclass
class GameState:
    turn: Side
    sides: dict[Side, SideState]
    rng: random.Random
    cards: dict[int, Card] = field(default_factory=dict)
    stolen_this_turn: list[int] = field(default_factory=list)
    clock: int = 0


class Game:
    """Build one with :meth:`given`; act with :meth:`play`, :meth:`use`, :meth:`advance`,
    :meth:`run`, :meth:`rez` and :meth:`end_turn`."""

    def __init__(self, state: GameState, catalog: Mapping[str, CardDefinition]) -> None:
        self.state = state
        self.catalog = catalog
        self.log = Log()

    @classmethod
    def given(
        cls,
        *,
        turn: str | Side = Side.CORP,
        corp: CorpSetup | None = None,
        runner: RunnerSetup | None = None,
        seed: int = 0,
        catalog: Mapping[str, CardDefinition] = SAMPLE_CARDS,
    ) -> Game:
        """A game in the middle of ``turn``'s turn (``"corp"`` or ``"runner"``); by default
        the side whose turn it is has all its actions left and the other has none."""
        side = Side(turn.title()) if isinstance(turn, str) else turn
        corp = corp or CorpSetup()
        runner = runner or RunnerSetup()
        default = {s: ACTIONS_PER_TURN[s] if s is side else 0 for s in Side}
        state = GameState(
            turn=side,
            sides={
                Side.CORP: SideState(
                    Side.CORP, corp.get("bits", 5), corp.get("actions", default[Side.CORP])
                ),
                Side.RUNNER: SideState(
                    Side.RUNNER, runner.get("bits", 5), runner.get("actions", default[Side.RUNNER])
                ),
            },
            rng=random.Random(seed),
        )
        game = cls(state, catalog)
        for zone, titles in (
            (Zone.HQ, corp.get("hq", [])),
            (Zone.RD, corp.get("rd", [])),
            (Zone.ARCHIVES, corp.get("archives", [])),
            (Zone.ICE, corp.get("ice", [])),
            (Zone.GRIP, runner.get("grip", [])),
            (Zone.STACK, runner.get("stack", [])),
            (Zone.HEAP, runner.get("heap", [])),
            (Zone.RIG, runner.get("rig", [])),
        ):
            for entry in titles:
                game._new_card(entry, zone)
        for server, titles in corp.get("servers", {}).items():
            for entry in titles:
                game._new_card(entry, Zone.SERVER, server)
        return game

    def _new_card(self, entry: str, zone: Zone, server: str | None = None) -> Card:
        title, rezzed, counters = _parse_entry(entry)
        st = self.state
        st.clock += 1
        card = Card(
            id=len(st.cards) + 1,
            definition=self.catalog[title],
            zone=zone,
            server=server,
            rezzed=rezzed,
            counters=counters,
            order=st.clock,
        )
        st.cards[card.id] = card
        return card

    # ----------------------------------------------------------------- asking

    @property
    def turn(self) -> Side:
        return self.state.turn

    def actions(self, side: str | Side) -> int:
        return self.state.sides[_side(side)].actions

    def bits(self, side: str | Side) -> int:
        return self.state.sides[_side(side)].bits

    def points(self, side: str | Side) -> int:
        return self.state.sides[_side(side)].points

    def card(self, title: str) -> Card:
        found = [c for c in self.state.cards.values() if c.title == title]
        if len(found) != 1:
            raise LookupError(f"{len(found)} cards titled {title!r}")
        return found[0]

    def cards_in(self, zone: Zone) -> list[Card]:
        """The cards in a zone, top (or first) first."""
        return sorted((c for c in self.state.cards.values() if c.zone is zone), key=_order)

    def titles_in(self, zone: str | Zone) -> list[str]:
        """Titles in a zone, top first; ``zone`` may be a name: "hq", "grip", "heap"…"""
        if isinstance(zone, str) and not isinstance(zone, Zone):
            zone = Zone[zone.upper().replace("&", "")]
        return [c.title for c in self.cards_in(zone)]

    def installed_card(self, title: str) -> Card:
        card = self.card(title)
        if card.zone not in (Zone.SERVER, Zone.ICE):
            raise IllegalAction(None, f"{title} is not installed")
        return card

    def move(self, card: Card, zone: Zone) -> None:
        self.state.clock += 1
        card.zone, card.server, card.order = zone, None, self.state.clock

    # ----------------------------------------------------------------- doing

    def play(self, title: str, **choices: Any) -> None:
        """Play an operation (Corp) or prep (Runner) from hand: a basic action plus its cost."""
        card = self.card(title)
        d = card.definition
        side = d.side
        hand = Zone.HQ if side is Side.CORP else Zone.GRIP
        if d.type not in (CardType.OPERATION, CardType.PREP) or card.zone is not hand:
            raise IllegalAction(None, f"{title} is not an operation or prep in {hand}")
        cost = Cost(actions=1, bits=d.play_cost)
        what = f"playing {title}"
        procedures.check_can_pay(self, side, cost, what)
        if d.check is not None:
            d.check(self, card, choices)
        procedures.pay(self, side, cost, what)
        self.log.add(
            procedures.RESOLVING,
            f"resolving {title} before anything else: no actions beyond the one just paid",
        )
        if d.on_play is not None:
            d.on_play(self, card, choices)
        self.move(card, Zone.ARCHIVES if side is Side.CORP else Zone.HEAP)

    def use(self, title: str, **choices: Any) -> None:
        """Use a "cost(s): effect" ability of an installed card (rule 1.1)."""
        card = self.card(title)
        d = card.definition
        if card.zone not in (Zone.RIG, Zone.SERVER, Zone.ICE) or not d.abilities:
            raise IllegalAction(None, f"{title} has no ability in play to use")
        if d.side is Side.CORP and not card.rezzed:
            raise IllegalAction(None, f"{title} is not rezzed")
        ability = d.abilities[0]
        procedures.pay(self, d.side, ability.cost, f"{title}'s ability")
        self.log.add(
            procedures.RESOLVING,
            f"resolving {title}: {ability.text.split(':', 1)[1].strip().rstrip('.')} "
            "(no actions beyond its cost)",
        )
        ability.resolve(self, card, choices)

    def advance(self, title: str) -> None:
        """The Corp's basic action: one action and one bit for one advancement counter."""
        card = self.installed_card(title)
        if not card.definition.can_be_advanced:
            raise IllegalAction(None, f"{title} cannot be advanced")
        procedures.pay(self, Side.CORP, Cost(actions=1, bits=1), f"advancing {title}")
        card.counters += 1
        self.log.add(None, f"the Corp advances {title} ({card.counters} counters)")

    def run(self, server: str) -> None:
        """The Runner's basic action: one action to make a run."""
        procedures.pay(self, Side.RUNNER, Cost(actions=1), f"a run on {server}")
        procedures.make_run(self, server)

    def rez(self, title: str) -> None:
        """Rezzing costs bits, never an action, so the Corp may rez in either turn."""
        procedures.rez(self, self.installed_card(title))

    def end_turn(self) -> None:
        st = self.state
        ending, starting = st.turn, _other(st.turn)
        st.sides[ending].actions = 0
        st.turn = starting
        st.sides[starting].actions = ACTIONS_PER_TURN[starting]
        st.stolen_this_turn = []
        self.log.add(
            None,
            f"the {ending}'s turn ends; the {starting}'s turn begins with "
            f"{ACTIONS_PER_TURN[starting]} actions",
        )

    def __repr__(self) -> str:
        st = self.state
        return (
            f"<Netrunner 1996 game: {st.turn}'s turn, "
            f"Corp {st.sides[Side.CORP].actions} actions/{st.sides[Side.CORP].bits} bits, "
            f"Runner {st.sides[Side.RUNNER].actions} actions/{st.sides[Side.RUNNER].bits} bits>"
        )


def _order(card: Card) -> int:
    return card.order


def _side(side: str | Side) -> Side:
    return side if isinstance(side, Side) else Side(side.title())


def _other(side: Side) -> Side:
    return Side.RUNNER if side is Side.CORP else Side.CORP


_ENTRY = re.compile(r"^(?P<title>[^()]+?)\s*(?:\((?P<state>[^()]*)\))?$")


def _parse_entry(entry: str) -> tuple[str, bool, int]:
    m = _ENTRY.match(entry)
    if m is None:
        raise ValueError(f"cannot read {entry!r}")
    rezzed, counters = False, 0
    for part in filter(None, (p.strip() for p in (m["state"] or "").split(","))):
        if part == "rezzed":
            rezzed = True
        elif (c := re.fullmatch(r"(\d+) counters?", part)) is not None:
            counters = int(c[1])
        else:
            raise ValueError(f"unknown state {part!r} in {entry!r}")
    return m["title"], rezzed, counters
