"""One game of Netrunner as the procedures see it: everything the rules act on.

The table holds the zones, the two players, the servers, the run in progress,
the turn's history, the timing structure and the log, and answers the questions
every procedure asks of it (which card is called this? which abilities are in
force? what does this cost after its modifiers?).  It does nothing by itself:
the procedures (:mod:`rulesref.games.netrunner.procedures`) take it and change
it, and the game facade (:class:`rulesref.games.netrunner.Game`) is a table with
the public actions a scenario calls.  The two things the table needs from the
layers above it are handed to it: how a card title becomes its behaviour (the
card catalog) and the checks every checkpoint makes.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rulesref.cards import CardFacts, card_table, title_key
from rulesref.engine.decisions import Script
from rulesref.engine.errors import IllegalAction, IllegalChoice
from rulesref.engine.log import Log
from rulesref.engine.objects import ObjectIds
from rulesref.engine.zones import Zones
from rulesref.games.netrunner.rules import NETRUNNER_CITATIONS
from rulesref.games.netrunner.state import arguments
from rulesref.games.netrunner.state.behaviour import (
    AccessAbility,
    CardBehaviour,
    CostModifier,
    SubtypeChange,
)
from rulesref.games.netrunner.state.boosts import Boosts
from rulesref.games.netrunner.state.breaches import BreachState
from rulesref.games.netrunner.state.events import Draw
from rulesref.games.netrunner.state.objects import CardLike, NetrunnerCard
from rulesref.games.netrunner.state.players import Player
from rulesref.games.netrunner.state.runs import IceEncounter, Run
from rulesref.games.netrunner.state.zones import CENTRAL_SERVERS, Server, ZoneType, build_zones
from rulesref.games.netrunner.timing.abilities import Ability, RemovesAbilities
from rulesref.games.netrunner.timing.checkpoints import Timing
from rulesref.games.netrunner.timing.costs import modified_value
from rulesref.games.netrunner.timing.events import History

#: How a card title becomes the behaviour of one copy (the card catalog).
Behaviours = Callable[[str], type[CardBehaviour]]
#: What every checkpoint checks (state-based conditions, the memory limit, agenda points).
Checks = Callable[["Table"], None]


#: What ``Table.winner`` holds when the game ended in a draw.
DRAW = "draw"


@dataclass(eq=False)
class Lingering:
    """A lingering effect: an ability that exists beyond the instruction that created it,
    for as long as ``lasts`` says."""

    ability: Ability
    lasts: Callable[[], bool]


class Table:
    """One game: its zones, players, servers, history, timing and log.  No global state."""

    def __init__(
        self,
        *,
        behaviours: Behaviours,
        checks: Checks,
        seed: int = 0,
        active: str = "corp",
    ) -> None:
        if active not in ("corp", "runner"):
            raise ValueError(f"turn must be 'corp' or 'runner', not {active!r}")
        self._behaviours = behaviours
        self._checks = checks
        self.seed = seed
        self.rng = random.Random(seed)
        self.ids = ObjectIds()
        self.zones: Zones[NetrunnerCard] = build_zones(self.ids)
        self.servers: dict[str, Server] = {name: Server(name) for name in CENTRAL_SERVERS}
        #: Remote servers that ceased to exist, by name, as they were (empty).
        self.ceased: dict[str, Server] = {}
        self.log = Log()
        self.history = History()
        self.history.begin_turn(1)
        #: Answers the scenario gave for the decisions the rules will ask.
        self.decider = Script()
        self.corp = Player("corp", self.zones, self.decider)
        self.runner = Player("runner", self.zones, self.decider)
        self.active = active
        #: The side that won, :data:`DRAW`, or ``None`` while the game goes on.
        self.winner: str | None = None
        self.run: Run | None = None
        #: Forced encounters under way (during a run or not), innermost last.
        self.forced: list[IceEncounter] = []
        #: Lasting strength changes ("+1 strength for the remainder of this run").
        self.boosts = Boosts()
        #: Cards being accessed right now (their "when accessed" abilities are in force).
        self.accessing: list[NetrunnerCard] = []
        #: Lingering effects an instruction created, each with how long it lasts.
        self.lingering: list[Lingering] = []
        #: Actions planned for the next paid ability window that opens inside a resolving
        #: instruction, where the game cannot wait for the players.
        self.plans: list[Callable[[], object]] = []
        #: What the trigger cost of a card's ability set aside from it, by the card's
        #: serial, while that ability resolves (its counters, its hosted cards).
        self.kept_hosted: dict[int, tuple[Counter[str], list[NetrunnerCard]]] = {}
        #: Ice whose subroutines are resolving right now, innermost last (rule_is_resolving).
        self.resolving_subroutines: list[NetrunnerCard] = []
        #: Breaches under way.
        self.breaching: list[BreachState] = []
        #: Draws whose cards are set aside right now.
        self.draws: list[Draw] = []
        self._serials = 0
        self._reading_subtypes = False
        #: How many times a card became active (so "most recently active" can be told).
        self.activations = 0
        self.timing = Timing(
            log=self.log,
            history=self.history,
            abilities=self.abilities,
            decider=self.decider,
            players_in_order=self.players_in_order,
            cites=NETRUNNER_CITATIONS,
            on_checkpoint=self._checkpoint,
            state=self._counters_in_play,
        )

    def __repr__(self) -> str:
        return (
            f"<Netrunner game, turn {self.history.turn} ({self.active}), {len(self.log)} log lines>"
        )

    # -- the cards -----------------------------------------------------------------------

    def card_facts(self, title: str) -> CardFacts:
        arguments.text(title, "title")
        facts = card_table().get(title)
        if facts is None:
            raise IllegalChoice(f"no card is called {title!r}")
        return facts

    def new_card(self, title: str, owner: str) -> NetrunnerCard:
        facts = self.card_facts(title)
        behaviour_cls = self._behaviours(facts.title)
        side = "runner" if facts.side == "runner" else "corp"
        if side != owner:
            raise IllegalChoice(
                f"{facts.title} is a {side.title()} card, not a {owner.title()} card"
            )
        self._serials += 1
        card = NetrunnerCard(facts, owner, self._serials, self.ids.next())
        card.behaviour = behaviour_cls(self, card)
        card.subtype_changes = self.subtype_changes
        return card

    def subtype_changes(self, card: NetrunnerCard) -> dict[str, int]:
        """What the abilities in force add to and take from ``card``'s subtypes.  While
        they are being gathered, subtypes read as printed (no ability's presence depends
        on subtypes that abilities change)."""
        if self._reading_subtypes:
            return {}
        changers = [
            c.behaviour
            for c in self.zones.cards()
            if c.behaviour is not None and c.behaviour.changes_subtypes
        ]
        if not changers and not self.lingering:
            return {}
        self._reading_subtypes = True
        try:
            found = [ability for b in changers for ability in b.abilities()]
            found += [e.ability for e in self.lingering if e.lasts()]
        finally:
            self._reading_subtypes = False
        totals: dict[str, int] = {}
        for ability in found:
            if isinstance(ability, SubtypeChange):
                for subtype, amount in ability.changes(card).items():
                    totals[subtype] = totals.get(subtype, 0) + amount
        return totals

    def cards(self, title: str) -> list[NetrunnerCard]:
        """Every card called ``title`` (written as rules authors write names: any kind of
        apostrophe or quotation mark, accents or not, any case)."""
        wanted = title_key(arguments.text(title, "title"))
        return [c for c in self.zones.cards() if title_key(c.title) == wanted]

    def card(self, title: CardLike) -> NetrunnerCard:
        """The one card with this title, wherever it is."""
        if isinstance(title, NetrunnerCard):
            if not any(c is title for c in self.zones.cards()):
                raise IllegalChoice(f"{title!r} is not a card of this game", "card")
            return title
        if not isinstance(title, str):
            raise IllegalChoice(
                f"a card is named by its title or given as a card object, not {title!r}", "card"
            )
        found = self.cards(title)
        if not found:
            self.card_facts(title)
            raise IllegalChoice(
                f"there is no {title} in this game: a card outside the game cannot be affected",
                "rule_outside_game",
            )
        if len(found) > 1:
            raise IllegalChoice(f"there are {len(found)} cards called {title}: use game.cards()")
        return found[0]

    # -- players and servers ----------------------------------------------------------------

    def player(self, side: str) -> Player:
        return self.corp if arguments.side(side) == "corp" else self.runner

    def players_in_order(self) -> list[str]:
        """The active player first: they act first in a reaction window."""
        return [self.active, "runner" if self.active == "corp" else "corp"]

    def server(self, name: str, *, create: bool = False) -> Server:
        arguments.text(name, "server")
        if name == "new":
            name = self._new_remote_name()
        if name not in self.servers:
            if not create:
                raise IllegalChoice(f"there is no server called {name!r}")
            if name in self.ceased:
                raise IllegalChoice(
                    f"{name} ceased to exist: a card goes to a new remote server instead",
                    "rule_remote_server_cease_to_exist",
                )
            self.servers[name] = Server(name)
        return self.servers[name]

    def server_record(self, name: str) -> Server:
        """The server ``name``, or the empty one that ceased to exist under that name: what a
        run, breach or effect still under way on it sees (it holds no cards)."""
        found = self.servers.get(name) or self.ceased.get(name)
        return found if found is not None else self.server(name)

    def _new_remote_name(self) -> str:
        """The lowest "Server N" no server has had: one that ceased to exist keeps its
        name (in ``ceased``), so it never lends it to a new one."""
        number = 1
        while f"Server {number}" in self.servers or f"Server {number}" in self.ceased:
            number += 1
        return f"Server {number}"

    def current_encounter(self) -> IceEncounter | None:
        """The encounter under way: the innermost forced one, else the run's own."""
        if self.forced:
            return self.forced[-1]
        return None if self.run is None else self.run.encounter

    def require_run(self) -> Run:
        if self.run is None:
            raise IllegalAction("there is no run in progress")
        return self.run

    def win(self, side: str, rules: Sequence[str], reason: str) -> None:
        if self.winner is None:
            self.winner = side
            self.log.record(rules, f"the {side.title()} wins: {reason}")

    def end_in_a_draw(self, rules: Sequence[str], reason: str) -> None:
        """The game is over and nobody won (``winner`` is :data:`DRAW`)."""
        if self.winner is None:
            self.winner = DRAW
            self.log.record(rules, f"the game ends in a draw: {reason}")

    # -- what the cards' abilities make true now ---------------------------------------------

    def abilities(self) -> list[Ability]:
        """Every interrupt, condition and static ability in force now: the cards', and the
        lingering effects that still last."""
        found: list[Ability] = []
        for card in self.zones.cards():
            if card.behaviour is not None:
                found.extend(card.behaviour.abilities())
        found.extend(effect.ability for effect in self.lingering if effect.lasts())
        # rule_lose_ability: an ability its object lost is ignored entirely.
        removers = [a for a in found if isinstance(a, RemovesAbilities)]
        if removers:
            found = [a for a in found if not any(r.removes(a.source) for r in removers)]
        return found

    def linger(self, ability: Ability, lasts: Callable[[], bool]) -> None:
        """An instruction creates a lingering effect: ``ability`` applies while ``lasts()``
        holds, independently of its source."""
        self.lingering.append(Lingering(ability, lasts))

    def access_abilities(self) -> list[AccessAbility]:
        found: list[AccessAbility] = []
        for card in self.zones.cards():
            if card.behaviour is not None and card.owner == "runner" and card.behaviour.active:
                found.extend(card.behaviour.access_abilities())
        return found

    def cost_with_modifiers(
        self, kind: str, card: NetrunnerCard, base_cost: int, *, quiet: bool = False
    ) -> int:
        """``quiet``: only to know what it would be, without recording it."""
        ups: list[int] = []
        downs: list[int] = []
        for ability in self.abilities():
            if isinstance(ability, CostModifier):
                change = ability.change(kind, card)
                if change > 0:
                    ups.append(change)
                elif change < 0:
                    downs.append(-change)
        return modified_value(
            base_cost,
            ups,
            downs,
            log=None if quiet else self.log,
            cites=self.timing.cites,
            what=f"{kind} cost of {card.title}",
        )

    # -- drawn cards ------------------------------------------------------------------------

    def draw_holding(self, card: NetrunnerCard) -> Draw | None:
        """The draw whose set-aside cards ``card`` is one of, if any."""
        for draw in self.draws:
            if any(c is card for c in draw.drawn):
                return draw
        return None

    def still_drawn(self, draw: Draw) -> list[NetrunnerCard]:
        """The cards of ``draw`` still drawn: a card that left the set-aside zone was
        taken out of it as it moved (:func:`~rulesref.games.netrunner.procedures.
        movements.relocate`, the one place a card changes zones)."""
        return list(draw.drawn)

    # -- checkpoints and rollback ------------------------------------------------------------

    def _counters_in_play(self) -> dict[object, dict[str, int]]:
        """Each card's counters as a checkpoint sees them, by the card's serial."""
        return {
            card.serial: dict(card.counters)
            for card in self.zones.get(ZoneType.PLAY_AREA).cards
            if card.counters
        }

    def _checkpoint(self) -> None:
        self._checks(self)

    def _shared(self) -> list[object]:
        """What a rollback snapshot does not copy: printed facts never change, and the
        script of answers belongs to the players, not to the game."""
        return [self.decider, *(card.facts for card in self.zones.cards())]
