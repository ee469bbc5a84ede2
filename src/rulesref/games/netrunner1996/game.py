"""A minimal 1996 Netrunner game on the rules kernel: enough to play out the excerpt.

Actions are the unit of a turn: the Corp has 3 per turn and the Runner 4. Playing an
operation or prep, advancing, and making a run are basic actions costing one each; rezzing
costs bits but no action. Card abilities cost what they print, nothing more. Every public
action is all or nothing: if the rules refuse any part of it, the game is put back exactly
as it was (:mod:`rulesref.engine.transactions`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, TypedDict, cast

from rulesref.engine.decisions import Decision, Script
from rulesref.engine.errors import IllegalAction
from rulesref.engine.log import Log
from rulesref.engine.objects import ObjectIds
from rulesref.engine.transactions import fingerprint, transactional
from rulesref.engine.zones import Visibility, Zones
from rulesref.engine.zones import Zone as KernelZone
from rulesref.games.netrunner1996 import board, procedures, runs
from rulesref.games.netrunner1996.cards import Card, CardDefinition, CardType, Side, Zone
from rulesref.games.netrunner1996.costs import Cost
from rulesref.games.netrunner1996.rules import RULES
from rulesref.games.netrunner1996.sample_cards import SAMPLE_CARDS

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


class CorpSetup(TypedDict, total=False):
    """``servers`` maps a remote server's name to its cards and ``ice`` a server's name to
    the ice protecting it (innermost first); entries may say ``"Project Nightfall
    (2 counters)"`` or ``"Data Wall (rezzed)"``. R&D is top first."""

    hq: list[str]
    rd: list[str]
    archives: list[str]
    servers: dict[str, list[str]]
    ice: dict[str, list[str]]
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
    bits: int = 5
    actions: int = 0
    points: int = 0


class Player:
    """How a side answers the decisions the rules ask of it (``game.corp.answers(...)``)."""

    def __init__(self, game: Game, side: Side) -> None:
        self._game = game
        self.side = side

    def answers(self, *answers: object) -> None:
        """Queue answers for this side's next decisions: a title of a card it can see,
        the card object, ``True``/``False`` or ``"yes"``/``"no"``."""
        self._game.decider.answer(self.side.key, answers)

    def decides_with(self, callback: Callable[[Decision], object] | None) -> None:
        self._game.decider.use(self.side.key, callback)

    @property
    def unused_answers(self) -> list[object]:
        return self._game.decider.unused(self.side.key)


#: A public action: undone as a whole if the rules refuse any part of it.
action = transactional(shared=lambda game: game._shared())


class Game:
    """Build one with :meth:`given`; act with :meth:`play`, :meth:`use`, :meth:`advance`,
    :meth:`run`, :meth:`rez` and :meth:`end_turn`; answer decisions with
    ``game.corp.answers(...)`` and ``game.runner.answers(...)``."""

    def __init__(
        self, *, turn: Side, seed: int = 0, catalog: Mapping[str, CardDefinition] = SAMPLE_CARDS
    ) -> None:
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
        self.corp = Player(self, Side.CORP)
        self.runner = Player(self, Side.RUNNER)
        #: Serials of the agendas stolen this turn.
        self.stolen_this_turn: list[int] = []
        self._serials = 0

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
        side = _side(turn)
        game = cls(turn=side, seed=seed, catalog=catalog)
        for each, setup in ((Side.CORP, corp), (Side.RUNNER, runner)):
            default = ACTIONS_PER_TURN[each] if each is side else 0
            board.set_up(game, each, cast(Mapping[str, Any], setup or {}), default)
        return game

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

    def state(self) -> object:
        """Everything about the game now, as a value two moments compare by."""
        return fingerprint(self, self._shared())

    # ----------------------------------------------------------------- asking

    def actions(self, side: str | Side) -> int:
        return self.sides[_side(side)].actions

    def bits(self, side: str | Side) -> int:
        return self.sides[_side(side)].bits

    def points(self, side: str | Side) -> int:
        return self.sides[_side(side)].points

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

    # ----------------------------------------------------------------- doing

    @action
    def play(self, title: str) -> None:
        """Play an operation (Corp) or prep (Runner) from hand: a basic action plus its cost."""
        card = self.card(title)
        d = card.definition
        hand = Zone.HQ if d.side is Side.CORP else Zone.GRIP
        if (
            d.type not in (CardType.OPERATION, CardType.PREP)
            or card.zone is None
            or (card.zone.kind != hand)
        ):
            raise IllegalAction(f"{title} is not an operation or prep in {hand}")
        procedures.pay(self, d.side, Cost(actions=1, bits=d.play_cost), f"playing {title}")
        self.log.record(
            procedures.RESOLVING,
            f"resolving {title} before anything else: no actions beyond the one just paid",
        )
        if d.on_play is not None:
            d.on_play(self, card)
        discard = Zone.ARCHIVES if d.side is Side.CORP else Zone.HEAP
        self.move(card, self.zone(discard, d.side.key))

    @action
    def use(self, title: str) -> None:
        """Use a "cost(s): effect" ability of an installed card (rule 1.1)."""
        card = self.card(title)
        d = card.definition
        in_play = card.installed or (card.zone is not None and card.zone.kind == Zone.RIG)
        if not in_play or not d.abilities:
            raise IllegalAction(f"{title} has no ability in play to use")
        if d.side is Side.CORP and not card.rezzed:
            raise IllegalAction(f"{title} is not rezzed")
        ability = d.abilities[0]
        procedures.pay(self, d.side, ability.cost, f"{title}'s ability")
        self.log.record(
            procedures.RESOLVING,
            f"resolving {title}: {ability.text.split(':', 1)[1].strip().rstrip('.')} "
            "(no actions beyond its cost)",
        )
        ability.resolve(self, card)

    @action
    def advance(self, title: str) -> None:
        """The Corp's basic action: one action and one bit for one advancement counter."""
        card = self.installed_card(title)
        if not card.definition.can_be_advanced:
            raise IllegalAction(f"{title} cannot be advanced")
        procedures.pay(self, Side.CORP, Cost(actions=1, bits=1), f"advancing {title}")
        card.counters["advancement"] += 1
        self.log.record((), f"the Corp advances {title} ({card.advancement} counters)")

    @action
    def run(self, server: str) -> None:
        """The Runner's basic action: one action to make a run."""
        procedures.pay(self, Side.RUNNER, Cost(actions=1), f"a run on {server}")
        runs.make_run(self, server)

    @action
    def rez(self, title: str) -> None:
        """Rezzing costs bits, never an action, so the Corp may rez in either turn."""
        procedures.rez(self, self.installed_card(title))

    @action
    def end_turn(self) -> None:
        ending, starting = self.turn, _other(self.turn)
        self.sides[ending].actions = 0
        self.turn = starting
        self.sides[starting].actions = ACTIONS_PER_TURN[starting]
        self.stolen_this_turn = []
        self.log.record(
            (),
            f"the {ending}'s turn ends; the {starting}'s turn begins with "
            f"{ACTIONS_PER_TURN[starting]} actions",
        )

    def __repr__(self) -> str:
        corp, runner = self.sides[Side.CORP], self.sides[Side.RUNNER]
        return (
            f"<Netrunner 1996 game: {self.turn}'s turn, "
            f"Corp {corp.actions} actions/{corp.bits} bits, "
            f"Runner {runner.actions} actions/{runner.bits} bits>"
        )


def _side(side: str | Side) -> Side:
    if isinstance(side, Side):
        return side
    if not isinstance(side, str) or side.lower() not in ("corp", "runner"):
        raise IllegalAction(f"a side is 'corp' or 'runner', not {side!r}")
    return Side(side.title())


def _other(side: Side) -> Side:
    return Side.RUNNER if side is Side.CORP else Side.CORP
