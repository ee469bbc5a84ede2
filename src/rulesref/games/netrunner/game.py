"""A game of Netrunner in progress, and the fluent API scenarios drive it with.

``Game.given(...)`` sets up a board; each public method is one action or effect:
it checks what the scenario passed, hands it to the procedure named after the
rules' section (:mod:`~rulesref.games.netrunner.procedures`: ``installing``,
``rezzing``, ``runs`` ...), and then settles (checkpoint, then pending
abilities), so a scenario can look at the result straight away.  Nothing is
decided here: outcomes come from the procedures and the card behaviours.  The
game is a :class:`~rulesref.games.netrunner.state.table.Table` (what the
procedures act on) with these actions; it wires the layers together by handing
the table the card catalog and the checkpoint checks.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rulesref.engine.errors import BadSetup, IllegalAction, IllegalChoice, RulesViolation
from rulesref.engine.transactions import fingerprint, transactional
from rulesref.games.netrunner.cards.base import trash_instruction
from rulesref.games.netrunner.cards.catalog import behaviour_class
from rulesref.games.netrunner.cards.run_events import RunEvent
from rulesref.games.netrunner.errors import UnimplementedCard
from rulesref.games.netrunner.procedures import (
    abilities,
    advancing,
    arranging,
    breach,
    breaking,
    damage,
    drawing,
    encounters,
    facedown,
    installing,
    movements,
    playing,
    rezzing,
    runs,
    scoring,
    searching,
    setup,
    traces,
    turns,
)
from rulesref.games.netrunner.procedures.choices import can_see, card_option
from rulesref.games.netrunner.procedures.hand_size import max_hand_size
from rulesref.games.netrunner.procedures.memory import memory_in_use, memory_limit
from rulesref.games.netrunner.procedures.state_checks import check_states
from rulesref.games.netrunner.procedures.strength import current_strength
from rulesref.games.netrunner.procedures.threat import threat_level
from rulesref.games.netrunner.state import arguments
from rulesref.games.netrunner.state.objects import CardLike, NetrunnerCard
from rulesref.games.netrunner.state.table import DRAW, Table
from rulesref.games.netrunner.state.targets import TargetsArg
from rulesref.games.netrunner.state.zones import ZoneType, deck_owner, zone_by_name
from rulesref.games.netrunner.timing.events import Event

#: The errors after which an action is undone: the rules refused it, or it needs a card
#: behaviour the engine does not have.
REFUSALS = (RulesViolation, UnimplementedCard)


def _refuse_when_over(game: Game) -> None:
    if game.winner == DRAW:
        raise IllegalAction("the game is over: it ended in a draw")
    if game.winner is not None:
        raise IllegalAction(f"the game is over: the {game.winner.title()} has won")


def _settle(game: Game) -> None:
    if game.winner is None:
        game.timing.settle()
        runs.settle_run(game)


#: A public action: refused if the game is over, settled after, and undone as a whole if
#: anything in it is refused (:func:`rulesref.engine.transactions.transactional`).
action = transactional(
    refusals=REFUSALS, settle=_settle, guard=_refuse_when_over, shared=Table._shared
)


class Game(Table):
    """One game of Netrunner: a table with the actions a scenario takes."""

    def __init__(self, *, seed: int = 0, active: str = "corp") -> None:
        super().__init__(behaviours=behaviour_class, checks=check_states, seed=seed, active=active)
        self.timing.on_used = lambda ability, cost: abilities.ability_used(
            self, ability.source, ability.label, cost
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
        ``runner`` (see :mod:`rulesref.games.netrunner.procedures.setup` for the keys)."""
        if turn not in ("corp", "runner"):
            raise BadSetup(f"turn must be 'corp' or 'runner', not {turn!r}", "turn")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise BadSetup(f"seed must be a whole number, not {seed!r}", "seed")
        game = cls(seed=seed, active=turn)
        setup.build(game, {} if corp is None else corp, {} if runner is None else runner)
        return game

    # -- looking at the game ---------------------------------------------------------------

    def knows(self, side: str, card: CardLike) -> bool:
        """Whether ``side`` knows which card ``card`` is (see
        :func:`~rulesref.games.netrunner.procedures.choices.can_see`)."""
        return can_see(self, arguments.side(side), self.card(card))

    def seen_by(self, side: str, card: CardLike) -> str:
        """How ``side`` names ``card`` when a choice offers it: by title if they can see
        it, otherwise by what is open information (its place, or a facedown card's origin)."""
        return card_option(self, arguments.side(side), self.card(card)).label

    def zone(self, name: str) -> list[NetrunnerCard]:
        """The cards in a zone, by the name the rules give it ("HQ", "heap", "set aside" ...)."""
        kind, owner = zone_by_name(name)
        return list(self.zones.get(kind, owner).cards)

    @property
    def zone_types(self) -> tuple[ZoneType, ...]:
        return tuple(ZoneType)

    def strength(self, card: CardLike) -> int | None:
        """The card's strength now (``None``: it has none, e.g. unrezzed ice)."""
        return current_strength(self, self.card(card))

    def max_hand_size(self, side: str) -> int:
        """``side``'s maximum hand size now."""
        return max_hand_size(self, arguments.side(side))

    @property
    def threat_level(self) -> int:
        """The greatest score of any player (rule_threat_level)."""
        return threat_level(self)

    @property
    def memory(self) -> str:
        """The Runner's memory units in use, and their memory limit ("3 of 4 MU")."""
        return f"{memory_in_use(self)} of {memory_limit(self)} MU"

    @property
    def window(self) -> str | None:
        """The paid ability window the run is waiting in, if any."""
        run = self.run
        return None if run is None or run.window is None else str(run.window)

    def events_this_turn(self) -> list[Event]:
        return [e for e in self.history.this_turn() if e.occurred]

    def movements_this_turn(self) -> list[str]:
        """The movements that took place this turn, in order."""
        return [e.kind for e in self.events_this_turn() if e.movement]

    def state(self) -> object:
        """Everything about the game right now, as a value two moments can be compared by
        (the answers queued for the players are not part of the game)."""
        return fingerprint(self, self._shared())

    # -- turns and drawing -----------------------------------------------------------------

    @action
    def begin_turn(self, side: str) -> None:
        """Start ``side``'s turn: clicks, "when your turn begins", and the Corp's mandatory draw."""
        turns.begin_turn(self, arguments.side(side))

    @action
    def end_turn(self, side: str) -> None:
        """End ``side``'s turn: "when this turn ends" abilities resolve."""
        turns.end_turn(self, arguments.side(side))

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

    # -- movements and other effects ---------------------------------------------------------

    @action
    def trash(self, *cards: CardLike, by: str, cause: str | None = None) -> None:
        chosen = [self.card(c) for c in cards]
        if not chosen or len({c.serial for c in chosen}) != len(chosen):
            raise IllegalChoice("trash names one or more different cards", "cards")
        movements.trash(
            self, chosen, by=arguments.side(by, "by"), cause=arguments.optional_text(cause, "cause")
        )

    @action
    def install(
        self,
        card: CardLike,
        *,
        server: str | None = None,
        facedown: bool | None = None,
        ignoring_costs: bool = False,
        host: CardLike | None = None,
        by: str | None = None,
        making_room: Sequence[CardLike] = (),
    ) -> None:
        """``making_room``: programs the Runner trashes, as part of installing a program,
        to make room in their memory."""
        c = self.card(card)
        if by is not None and arguments.side(by, "by") != c.owner:
            raise IllegalAction(
                f"the {by.title()} cannot install {c.title}: players install only their own cards",
                "movement_install",
            )
        installing.install(
            self,
            c,
            by=c.owner,
            server=server,
            facedown=facedown,
            ignoring_costs=ignoring_costs,
            host=self.card(host) if host else None,
            making_room=[self.card(p) for p in arguments.card_list(making_room, "making_room")],
        )

    @action
    def rez(self, card: CardLike, *, ignoring_costs: bool = False) -> None:
        rezzing.rez_by_choice(self, self.card(card), ignoring_costs=ignoring_costs)

    @action
    def derez(self, card: CardLike, *, cause: str | None = None) -> None:
        """Derez a card, as a card effect instructs (nothing else derezzes cards)."""
        rezzing.derez(self, self.card(card), cause=cause)

    @action
    def turn_facedown(self, card: CardLike) -> None:
        facedown.turn_facedown(self, self.card(card))

    @action
    def turn_faceup(self, card: CardLike) -> None:
        facedown.turn_faceup(self, self.card(card))

    @action
    def swap(self, a: CardLike, b: CardLike, *, by: str) -> None:
        first, second = self.card(a), self.card(b)
        if first is second:
            raise IllegalChoice(f"{first.title} cannot be swapped with itself", "movement_swap")
        arranging.swap(self, first, second, by=arguments.side(by, "by"))

    @action
    def arrange_ice(self, server: str, order: Sequence[CardLike], *, by: str = "corp") -> None:
        """Arrange the ice protecting ``server`` into ``order`` (position 1, innermost, first)."""
        target = self.server(server)
        cards = [self.card(c) for c in order]
        arranging.arrange_ice(self, target, cards, by=arguments.side(by, "by"))

    @action
    def arrange_top(self, deck: str, count: int, order: Sequence[CardLike], *, by: str) -> None:
        """Arrange the top ``count`` cards of ``deck`` ("R&D" or "stack") into ``order``
        (new top first)."""
        owner = deck_owner(deck)
        arguments.count(count, "count")
        cards = [self.card(c) for c in order]
        arranging.arrange_top(self, owner, count, cards, by=arguments.side(by, "by"))

    @action
    def add(self, card: CardLike, to: str, *, by: str, bottom: bool = False) -> None:
        """ "Add" or "move" a card to a zone: not a movement."""
        kind, owner = zone_by_name(to)
        c = self.card(card)
        index = None if bottom or kind is not ZoneType.DECK else 0
        movements.add(self, c, kind, owner, by=arguments.side(by, "by"), index=index)

    @action
    def discard(self, card: CardLike, *, by: str) -> None:
        movements.discard(self, self.card(card), by=arguments.side(by, "by"))

    @action
    def set_aside(self, card: CardLike, *, by: str) -> None:
        movements.set_aside(self, self.card(card), by=arguments.side(by, "by"))

    @action
    def remove_from_game(self, card: CardLike, *, by: str) -> None:
        movements.remove_from_game(self, self.card(card), by=arguments.side(by, "by"))

    @action
    def damage(self, damage_type: str, amount: int, *, source: str | None = None) -> None:
        arguments.choice(damage_type, arguments.DAMAGE_TYPES, "damage_type")
        arguments.count(amount, "amount")
        damage.damage(self, damage_type, amount, source=arguments.optional_text(source, "source"))

    @action
    def take_bad_publicity(self, amount: int = 1, *, cause: str = "an effect") -> None:
        """The Corp takes bad publicity, as an effect (standing for a card's) instructs."""
        arguments.count(amount, "amount", least=1)
        traces.take_bad_publicity(self, amount, cause=arguments.text(cause, "cause"))

    @action
    def take_tags(self, amount: int = 1, *, cause: str = "an effect") -> None:
        """The Runner takes tags, as an effect (standing for a card's) instructs."""
        arguments.count(amount, "amount", least=1)
        traces.give_tags(self, amount, cause=arguments.text(cause, "cause"))

    @action
    def advance(self, card: CardLike) -> None:
        """The Corp's basic action: a click and a credit to advance an installed card."""
        advancing.advance(self, self.card(card))

    @action
    def score(self, card: CardLike) -> None:
        scoring.score(self, self.card(card))

    @action
    def steal(self, card: CardLike) -> None:
        scoring.steal(self, self.card(card))

    @action
    def forfeit(self, card: CardLike) -> None:
        scoring.forfeit(self, self.card(card))

    @action
    def search(self, deck: str, title: str, *, by: str) -> None:
        owner = deck_owner(deck)
        searching.search(self, owner, arguments.text(title, "title"), by=arguments.side(by, "by"))

    # -- card abilities --------------------------------------------------------------------

    @action
    def play(self, card: CardLike, targets: TargetsArg = None) -> None:
        """Play an operation or event from hand as an action (a click and its play cost)."""
        c = self.card(card)
        playing.play(self, c, by=c.owner, targets=targets)

    @action
    def use(self, card: CardLike, ability: int = 1, targets: TargetsArg = None) -> None:
        """Trigger a paid ability: pay its cost, then resolve it."""
        abilities.use_paid_ability(self, self.card(card), ability, targets)

    @action
    def fire_subroutine(self, ice: CardLike, number: int = 1, targets: TargetsArg = None) -> None:
        """Resolve subroutine ``number`` of a rezzed piece of ice (as if it was not broken)."""
        abilities.fire_subroutine(self, self.card(ice), number, targets)

    @action
    def resolve_trash(
        self, card_type: str, count: int = 1, *, chooser: str, targets: TargetsArg = None
    ) -> None:
        """Resolve a bare instruction to trash ``count`` cards of ``card_type``, chosen by
        ``chooser`` (it states no zone, so only installed cards can be chosen)."""
        arguments.choice(card_type, arguments.CARD_TYPES, "card_type")
        arguments.count(count, "count", least=1)
        arguments.side(chooser, "chooser")
        instruction = trash_instruction(
            self, card_type, count, chooser=chooser, by=chooser, cause=f"trash {count} {card_type}"
        )
        playing.resolve_instruction(self, instruction, targets)

    # -- runs ------------------------------------------------------------------------------

    @action
    def run_on(self, server: str, *, as_action: bool = True) -> None:
        """Make a run on ``server`` (as an action, spending a click, unless ``as_action``
        is false); it stops in its first paid ability window."""
        runs.initiate(self, arguments.text(server, "server"), as_action=as_action is True)

    @action
    def play_run(self, event: str | NetrunnerCard, *, on: str) -> None:
        """Play an event that makes a run, choosing the server ``on`` as it is played."""
        on = arguments.text(on, "on")
        card = self.card(event)
        if not isinstance(card.behaviour, RunEvent):
            raise IllegalChoice(f"{card.title} is not an event that makes a run")
        card.behaviour.server = on
        try:
            self.play(card)
        finally:
            card.behaviour.server = None

    @action
    def proceed(self, targets: Mapping[int, object] | None = None) -> None:
        """Both players pass in the current window of the run, which goes on to its next
        window.  ``targets`` answers the Corp's choices for the subroutines that resolve
        now: ``{1: "Corroder"}`` for subroutine 1."""
        if targets is not None and not isinstance(targets, Mapping):
            raise IllegalChoice(
                f"targets must map subroutine numbers to targets, not {targets!r}", "targets"
            )
        chosen = {arguments.count(k, "targets", least=1): v for k, v in (targets or {}).items()}
        runs.proceed(self, chosen)

    @action
    def proceed_to_end(self) -> None:
        """Both players pass in every window until the run ends (no subroutine may need a
        choice on the way)."""
        while self.run is not None and self.run.phased and self.winner is None:
            self.proceed()

    def in_next_window(self, action: Callable[[], object]) -> None:
        """Plan ``action`` (e.g. ``lambda: game.break_subroutines("Mimic", 1)``) for the next
        paid ability window that opens while an instruction is still resolving (a forced
        encounter's): the game cannot wait there for a call, so the players act as planned,
        then pass."""
        if not callable(action):
            raise IllegalChoice(f"plan an action as a function to call, not {action!r}")
        self.plans.append(action)

    @action
    def access_additional(self, count: int, *, server: str, source: str = "an effect") -> None:
        """An effect (standing for a card's) lets the Runner access ``count`` additional
        cards when they breach ``server`` during the run in progress."""
        arguments.count(count, "count", least=1)
        breach.access_additional(
            self, self.server(server).name, count, source=arguments.text(source, "source")
        )

    @action
    def jack_out(self) -> None:
        """In the Movement Phase's first window: the Runner passes, and then jacks out."""
        runs.jack_out(self)

    @action
    def break_subroutines(self, breaker: str | NetrunnerCard, *numbers: int) -> None:
        """Use ``breaker`` to break the subroutines ``numbers`` (1 is the first) of the ice
        the Runner is encountering."""
        if not numbers:
            raise IllegalChoice("say which subroutines to break (1 is the first)", "numbers")
        wanted = [arguments.count(n, "numbers", least=1) for n in numbers]
        breaking.break_subroutines(self, self.card(breaker), wanted)

    # -- a run set up by hand, step by step, for a scenario about one step --------------------

    @action
    def start_run(self, server: str) -> None:
        runs.start_unphased(self, server)

    @action
    def encounter(self, ice: CardLike, *, cause: str = "an effect") -> None:
        """The Runner encounters ``ice`` without moving (a forced encounter), as an effect
        instructs."""
        card = self.card(ice)
        if not card.rezzed:
            raise IllegalAction(f"{card.title} is not rezzed ice", "rule_forced_encounter")
        encounters.forced_encounter(self, card, cause=arguments.text(cause, "cause"))

    @action
    def successful_run(self, server: str | None = None) -> None:
        """The run becomes successful, the Runner breaches the server, and the run ends.
        Starts a run on ``server`` first if none is in progress."""
        runs.succeed_and_end(self, server)

    @action
    def end_run(self) -> None:
        runs.end_run(self)


__all__ = ["REFUSALS", "CardLike", "Game", "action", "zone_by_name"]
