"""A game of Netrunner in progress, and the fluent API scenarios drive it with.

``Game.given(...)`` sets up a board; each public method carries out one action
or effect through the procedures in the modules named after the rules' sections
(:mod:`~rulesref.games.netrunner.installing`, ``rezzing``, ``drawing`` ...)
and then settles (checkpoint, then pending abilities), so a scenario can look
at the result straight away.  Nothing is looked up: outcomes come from the rules
and the card behaviours.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from rulesref.cards import CardFacts, card_table
from rulesref.engine.costs import modified_value
from rulesref.engine.decisions import Script
from rulesref.engine.errors import BadSetup, IllegalAction, IllegalChoice
from rulesref.engine.events import Event, History
from rulesref.engine.log import Log
from rulesref.engine.objects import ObjectIds
from rulesref.engine.timing import Ability, Timing
from rulesref.engine.transactions import fingerprint
from rulesref.engine.zones import Zones
from rulesref.games.netrunner import (
    arguments,
    drawing,
    turns,
)
from rulesref.games.netrunner.action import REFUSALS, action
from rulesref.games.netrunner.cards import base
from rulesref.games.netrunner.choices import can_see, card_option
from rulesref.games.netrunner.citations import NETRUNNER_CITATIONS
from rulesref.games.netrunner.effect_actions import EffectActions
from rulesref.games.netrunner.events import Draw
from rulesref.games.netrunner.hosting import host_leaves_play
from rulesref.games.netrunner.objects import CardLike, NetrunnerCard
from rulesref.games.netrunner.players import Player
from rulesref.games.netrunner.run_actions import RunActions
from rulesref.games.netrunner.runs import Run
from rulesref.games.netrunner.state_checks import check_states
from rulesref.games.netrunner.strength import Boosts, current_strength
from rulesref.games.netrunner.zones import (
    CENTRAL_SERVERS,
    ZONE_NAMES,
    Server,
    ZoneType,
    build_zones,
    zone_by_name,
)

#: A move leaves a card in exactly one zone, never in two or in none.
ONE_ZONE = ("rule_card_in_one_zone", "rule_move_instantaneous")

class Game(EffectActions, RunActions):
    """One game: its zones, players, servers, history, timing and log.  No global state."""

    def __init__(self, *, seed: int = 0, active: str = "corp") -> None:
        if active not in ("corp", "runner"):
            raise ValueError(f"turn must be 'corp' or 'runner', not {active!r}")
        self.seed = seed
        self.rng = random.Random(seed)
        self.ids = ObjectIds()
        self.zones: Zones[NetrunnerCard] = build_zones(self.ids)
        self.servers: dict[str, Server] = {name: Server(name) for name in CENTRAL_SERVERS}
        self.log = Log()
        self.history = History()
        self.history.begin_turn(1)
        self.corp = Player(self, "corp")
        self.runner = Player(self, "runner")
        self.active = active
        self.winner: str | None = None
        self.run: Run | None = None
        #: Lasting strength changes ("+1 strength for the remainder of this run").
        self.boosts = Boosts()
        #: Cards being accessed right now (their "when accessed" abilities are in force).
        self.accessing: list[NetrunnerCard] = []
        #: Draws whose cards are set aside right now.
        self.draws: list[Draw] = []
        self._serials = 0
        #: Answers the scenario gave for the decisions the rules will ask.
        self.decider = Script()
        self.timing = Timing(
            log=self.log,
            history=self.history,
            abilities=self._abilities,
            decider=self.decider,
            players_in_order=self.players_in_order,
            cites=NETRUNNER_CITATIONS,
            on_checkpoint=self._check_agenda_points,
        )

    @classmethod
    def given(
        cls,
        corp: Mapping[str, Any] | None = None,
        runner: Mapping[str, Any] | None = None,
        *,
        turn: str = "corp",
        seed: int = 0,
    ) -> Game:
        """A game in the middle of ``turn``'s turn, with the board described by ``corp`` and
        ``runner`` (see :mod:`rulesref.games.netrunner.setup` for the keys)."""
        from rulesref.games.netrunner.setup import build

        if turn not in ("corp", "runner"):
            raise BadSetup(f"turn must be 'corp' or 'runner', not {turn!r}", "turn")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise BadSetup(f"seed must be a whole number, not {seed!r}", "seed")
        game = cls(seed=seed, active=turn)
        build(game, {} if corp is None else corp, {} if runner is None else runner)
        return game

    def __repr__(self) -> str:
        return (
            f"<Netrunner game, turn {self.history.turn} ({self.active}), {len(self.log)} log lines>"
        )

    # -- looking things up --------------------------------------------------------------

    def card_facts(self, title: str) -> CardFacts:
        arguments.text(title, "title")
        facts = card_table().get(title)
        if facts is None:
            raise IllegalChoice(f"no card is called {title!r}")
        return facts

    def new_card(self, title: str, owner: str) -> NetrunnerCard:
        facts = self.card_facts(title)
        behaviour_cls = base.behaviour_class(facts.title)
        side = "runner" if facts.side == "runner" else "corp"
        if side != owner:
            raise IllegalChoice(
                f"{facts.title} is a {side.title()} card, not a {owner.title()} card"
            )
        self._serials += 1
        card = NetrunnerCard(facts, owner, self._serials, self.ids.next())
        card.behaviour = behaviour_cls(self, card)
        return card

    def cards(self, title: str) -> list[NetrunnerCard]:
        wanted = arguments.text(title, "title").casefold()
        return [c for c in self.zones.cards() if c.title.casefold() == wanted]

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

    def knows(self, side: str, card: CardLike) -> bool:
        """Whether ``side`` knows which card ``card`` is (see
        :func:`~rulesref.games.netrunner.choices.can_see`)."""
        return can_see(self, arguments.side(side), self.card(card))

    def seen_by(self, side: str, card: CardLike) -> str:
        """How ``side`` names ``card`` when a choice offers it: by title if they can see
        it, otherwise by what is open information (its place, or a facedown card's origin)."""
        return card_option(self, arguments.side(side), self.card(card)).label

    def player(self, side: str) -> Player:
        return self.corp if arguments.side(side) == "corp" else self.runner

    def players_in_order(self) -> list[str]:
        """The active player first: they act first in a reaction window."""
        return [self.active, "runner" if self.active == "corp" else "corp"]

    def server(self, name: str, *, create: bool = False) -> Server:
        arguments.text(name, "server")
        if name == "new":
            name = f"Server {sum(not s.is_central for s in self.servers.values()) + 1}"
        if name not in self.servers:
            if not create:
                raise IllegalChoice(f"there is no server called {name!r}")
            self.servers[name] = Server(name)
        return self.servers[name]

    def zone(self, name: str) -> list[NetrunnerCard]:
        arguments.text(name, "zone")
        """The cards in a zone, by the name the rules give it ("HQ", "heap", "set aside" ...)."""
        kind, owner = zone_by_name(name)
        return list(self.zones.get(kind, owner).cards)

    @property
    def zone_types(self) -> tuple[ZoneType, ...]:
        return tuple(ZoneType)

    def strength(self, card: CardLike) -> int | None:
        """The card's strength now (``None``: it has none, e.g. unrezzed ice)."""
        return current_strength(self, self.card(card))

    def events_this_turn(self) -> list[Event]:
        return [e for e in self.history.this_turn() if e.occurred]

    def movements_this_turn(self) -> list[str]:
        """The movements that took place this turn, in order."""
        return [e.kind for e in self.events_this_turn() if e.movement]

    # -- bookkeeping the procedures rely on ---------------------------------------------

    def _abilities(self) -> list[Ability]:
        found: list[Ability] = []
        for card in self.zones.cards():
            if card.behaviour is not None:
                found.extend(card.behaviour.abilities())
        return found

    def access_abilities(self) -> list[base.AccessAbility]:
        found: list[base.AccessAbility] = []
        for card in self.zones.cards():
            if card.behaviour is not None and card.owner == "runner" and card.behaviour.active:
                found.extend(card.behaviour.access_abilities())
        return found

    def relocate(
        self,
        card: NetrunnerCard,
        kind: ZoneType,
        owner: str | None,
        *,
        index: int | None = None,
        faceup: bool | None = None,
    ) -> bool:
        """Change a card's zone (it becomes a new object), keeping servers and draws in step.

        Returns whether the card left a set of drawn cards other than into the hand, for the
        caller to report with :meth:`log_left_draw` after its own line."""
        if kind in (ZoneType.DECK, ZoneType.HAND, ZoneType.DISCARD) and owner != card.owner:
            raise IllegalAction(
                f"{card.title} belongs to the {card.owner.title()}: it cannot go to "
                f"{ZONE_NAMES[(kind, owner)]}, which is the other player's",
                "rule_player_zones",
            )
        leaving_play = card.zone_type is ZoneType.PLAY_AREA and kind is not ZoneType.PLAY_AREA
        if leaving_play:
            host_leaves_play(self, card)
            card.installed = False
            if card.server is not None:
                card.server.remove(card)
            card.server = None
            card.host = None
        drawn_in = self.draw_holding(card)
        if card.zone is not None:
            card.entered_from = card.zone.name
        self.zones.move(card, self.zones.get(kind, owner), index)
        if sum(card in zone for zone in self.zones) != 1:
            raise AssertionError(f"{card.title} is not in exactly one zone ({', '.join(ONE_ZONE)})")
        if faceup is not None:
            card.faceup = faceup
        if drawn_in is not None and kind is not ZoneType.SET_ASIDE:
            drawn_in.drawn.remove(card)
            return kind is not ZoneType.HAND
        return False

    def log_left_draw(self, card: NetrunnerCard) -> None:
        self.log.record(
            "rule_card_leaves_drawn_set",
            f"{card.title} has left the set-aside zone, so it is no longer drawn; it stays in "
            f"{card.location} when the drawn cards are added to the hand",
        )

    def draw_holding(self, card: NetrunnerCard) -> Draw | None:
        for draw in self.draws:
            if any(c is card for c in draw.drawn) and card.zone_type is ZoneType.SET_ASIDE:
                return draw
        return None

    def still_drawn(self, draw: Draw) -> list[NetrunnerCard]:
        return [c for c in draw.drawn if c.zone_type is ZoneType.SET_ASIDE]

    def cost_with_modifiers(self, kind: str, card: NetrunnerCard, base_cost: int) -> int:
        ups: list[int] = []
        downs: list[int] = []
        for ability in self._abilities():
            if isinstance(ability, base.CostModifier):
                change = ability.change(kind, card)
                if change > 0:
                    ups.append(change)
                elif change < 0:
                    downs.append(-change)
        return modified_value(
            base_cost,
            ups,
            downs,
            log=self.log,
            cites=self.timing.cites,
            what=f"{kind} cost of {card.title}",
        )

    def require_run(self) -> Run:
        if self.run is None:
            raise IllegalAction("there is no run in progress")
        return self.run

    def win(self, side: str, rules: Sequence[str], reason: str) -> None:
        if self.winner is None:
            self.winner = side
            self.log.record(rules, f"the {side.title()} wins: {reason}")

    def _check_agenda_points(self) -> None:
        check_states(self)
        for player in (self.corp, self.runner):
            if player.agenda_points >= 7:
                self.win(player.side, (), f"{player.agenda_points} agenda points")

    def state(self) -> object:
        """Everything about the game right now, as a value two moments can be compared by
        (the answers queued for the players are not part of the game)."""
        return fingerprint(self, self._shared())

    def _shared(self) -> list[object]:
        """What a rollback snapshot does not copy: printed facts never change, and the
        script of answers belongs to the players, not to the game."""
        return [self.decider, *(card.facts for card in self.zones.cards())]

    # -- turns and drawing ---------------------------------------------------------------

    @action
    def begin_turn(self, side: str) -> None:
        """Start ``side``'s turn: clicks, "when your turn begins", and the Corp's mandatory draw."""
        turns.begin_turn(self, arguments.side(side))

    @action
    def draw(self, side: str, count: int = 1) -> None:
        drawing.draw(self, {arguments.side(side): arguments.count(count, "count")})

    @action
    def draw_simultaneously(self, **counts: int) -> None:
        """Players draw at the same time, e.g. ``draw_simultaneously(corp=3, runner=3)``."""
        for side, count in counts.items():
            arguments.side(side, "draw_simultaneously's keywords")
            arguments.count(count, side)
        drawing.draw(self, counts)


__all__ = ["REFUSALS", "CardLike", "Game", "action", "zone_by_name"]
