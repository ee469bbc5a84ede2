"""What a scenario does outside a run: movements and other effects, and card abilities.

Mixed into :class:`~rulesref.games.netrunner.game.Game`, so ``game.trash("Corroder",
by="corp")`` reads like the game; each method is a public action
(:func:`~rulesref.games.netrunner.action.action`).  The rules live in the modules named
after the rules' sections (``movements``, ``installing``, ``rezzing``, ``playing`` ...);
these methods check the arguments a scenario gives and hand them on.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from rulesref.engine.costs import ensure_payable, pay
from rulesref.engine.errors import IllegalAction, IllegalChoice
from rulesref.games.netrunner import (
    arguments,
    arranging,
    damage,
    facedown,
    installing,
    movements,
    playing,
    rezzing,
    runs,
    scoring,
    searching,
)
from rulesref.games.netrunner.action import action
from rulesref.games.netrunner.cards import base
from rulesref.games.netrunner.cost_kinds import CostKind
from rulesref.games.netrunner.objects import CardLike
from rulesref.games.netrunner.targeting import TargetsArg
from rulesref.games.netrunner.zones import ZoneType, deck_owner, zone_by_name

if TYPE_CHECKING:
    from rulesref.games.netrunner.game import Game


class EffectActions:
    @property
    def _game(self) -> Game:
        return cast("Game", self)

    # -- movements and other effects ----------------------------------------------------

    @action
    def trash(self, *cards: CardLike, by: str, cause: str | None = None) -> None:
        game = self._game
        chosen = [game.card(c) for c in cards]
        if not chosen or len({c.serial for c in chosen}) != len(chosen):
            raise IllegalChoice("trash names one or more different cards", "cards")
        movements.trash(
            game, chosen, by=arguments.side(by, "by"), cause=arguments.optional_text(cause, "cause")
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
        game = self._game
        c = game.card(card)
        if by is not None and arguments.side(by, "by") != c.owner:
            raise IllegalAction(
                f"the {by.title()} cannot install {c.title}: players install only their own cards",
                "movement_install",
            )
        installing.install(
            game,
            c,
            by=c.owner,
            server=server,
            facedown=facedown,
            ignoring_costs=ignoring_costs,
            host=game.card(host) if host else None,
            making_room=[game.card(p) for p in arguments.card_list(making_room, "making_room")],
        )

    @action
    def rez(self, card: CardLike, *, ignoring_costs: bool = False) -> None:
        game = self._game
        c = game.card(card)
        allowed_by = runs.check_rez(game, c)
        rezzing.rez(game, c, ignoring_costs=ignoring_costs)
        if allowed_by:
            game.log.record("rule_rez_in_paw", allowed_by)

    @action
    def derez(self, card: CardLike, *, cause: str | None = None) -> None:
        """Derez a card, as a card effect instructs (nothing else derezzes cards)."""
        game = self._game
        rezzing.derez(game, game.card(card), cause=cause)

    @action
    def turn_facedown(self, card: CardLike) -> None:
        game = self._game
        facedown.turn_facedown(game, game.card(card))

    @action
    def turn_faceup(self, card: CardLike) -> None:
        game = self._game
        facedown.turn_faceup(game, game.card(card))

    @action
    def swap(self, a: CardLike, b: CardLike, *, by: str) -> None:
        game = self._game
        first, second = game.card(a), game.card(b)
        if first is second:
            raise IllegalChoice(f"{first.title} cannot be swapped with itself", "movement_swap")
        arranging.swap(game, first, second, by=arguments.side(by, "by"))

    @action
    def arrange_ice(self, server: str, order: Sequence[CardLike], *, by: str = "corp") -> None:
        """Arrange the ice protecting ``server`` into ``order`` (position 1, innermost, first)."""
        game = self._game
        arranging.arrange_ice(
            game, game.server(server), [game.card(c) for c in order], by=arguments.side(by, "by")
        )

    @action
    def arrange_top(self, deck: str, count: int, order: Sequence[CardLike], *, by: str) -> None:
        """Arrange the top ``count`` cards of ``deck`` ("R&D" or "stack") into ``order``
        (new top first)."""
        game = self._game
        owner = deck_owner(deck)
        arguments.count(count, "count")
        arranging.arrange_top(
            game, owner, count, [game.card(c) for c in order], by=arguments.side(by, "by")
        )

    @action
    def add(self, card: CardLike, to: str, *, by: str, bottom: bool = False) -> None:
        """ "Add" or "move" a card to a zone: not a movement."""
        game = self._game
        kind, owner = zone_by_name(to)
        c = game.card(card)
        index = None if bottom or kind is not ZoneType.DECK else 0
        movements.add(game, c, kind, owner, by=arguments.side(by, "by"), index=index)

    @action
    def discard(self, card: CardLike, *, by: str) -> None:
        game = self._game
        movements.discard(game, game.card(card), by=arguments.side(by, "by"))

    @action
    def set_aside(self, card: CardLike, *, by: str) -> None:
        game = self._game
        movements.set_aside(game, game.card(card), by=arguments.side(by, "by"))

    @action
    def remove_from_game(self, card: CardLike, *, by: str) -> None:
        game = self._game
        movements.remove_from_game(game, game.card(card), by=arguments.side(by, "by"))

    @action
    def damage(self, damage_type: str, amount: int, *, source: str | None = None) -> None:
        game = self._game
        arguments.choice(damage_type, arguments.DAMAGE_TYPES, "damage_type")
        arguments.count(amount, "amount")
        damage.damage(game, damage_type, amount, source=arguments.optional_text(source, "source"))

    @action
    def score(self, card: CardLike) -> None:
        game = self._game
        scoring.score(game, game.card(card))

    @action
    def steal(self, card: CardLike) -> None:
        game = self._game
        scoring.steal(game, game.card(card))

    @action
    def forfeit(self, card: CardLike) -> None:
        game = self._game
        scoring.forfeit(game, game.card(card))

    @action
    def search(self, deck: str, title: str, *, by: str) -> None:
        game = self._game
        owner = deck_owner(deck)
        searching.search(game, owner, arguments.text(title, "title"), by=arguments.side(by, "by"))

    # -- card abilities -----------------------------------------------------------------

    @action
    def play(self, card: CardLike, targets: TargetsArg = None) -> None:
        """Play an operation or event from hand as an action (a click and its play cost)."""
        game = self._game
        c = game.card(card)
        playing.play(game, c, by=c.owner, targets=targets)

    @action
    def use(self, card: CardLike, ability: int = 1, targets: TargetsArg = None) -> None:
        """Trigger a paid ability: pay its cost, then resolve it."""
        game = self._game
        c = game.card(card)
        if c.behaviour is None or not c.behaviour.active:
            raise IllegalAction(f"{c.title}'s abilities are not active")
        abilities = c.behaviour.paid_abilities()
        if not 1 <= arguments.count(ability, "ability", least=1) <= len(abilities):
            raise IllegalChoice(f"{c.title} has {len(abilities)} paid abilities")
        paid = abilities[ability - 1]
        key = c.behaviour.key(f"paid {ability}")
        if paid.once_per_turn and game.history.uses_this_turn(key):
            raise IllegalAction(f"{paid.label} can be used only once per turn")
        cost = paid.cost()
        ensure_payable(
            cost, payer=c.owner.title(), purpose=f"using {paid.label}", timing=game.timing
        )
        game.log.record((), f"{c.owner.title()} uses {paid.label}")
        game.history.note_use(key)
        with game.log.nested():
            pay(
                cost,
                payer=c.owner.title(),
                purpose=f"using {paid.label}",
                timing=game.timing,
                kind=CostKind.TRIGGER.phrase,
            )
            playing.resolve_instruction(game, paid.instruction, targets)

    @action
    def fire_subroutine(self, ice: CardLike, number: int = 1, targets: TargetsArg = None) -> None:
        """Resolve subroutine ``number`` of a rezzed piece of ice (as if it was not broken)."""
        game = self._game
        c = game.card(ice)
        if not c.rezzed:
            raise IllegalAction(f"{c.title} is not rezzed ice")
        assert c.behaviour is not None
        subroutines = c.behaviour.subroutines()
        if not 1 <= arguments.count(number, "number", least=1) <= len(subroutines):
            raise IllegalChoice(f"{c.title} has {len(subroutines)} subroutines")
        game.log.record((), f"{c.title}'s subroutine {number} resolves")
        with game.log.nested():
            playing.resolve_instruction(game, subroutines[number - 1], targets)

    @action
    def resolve_trash(
        self, card_type: str, count: int = 1, *, chooser: str, targets: TargetsArg = None
    ) -> None:
        """Resolve a bare instruction to trash ``count`` cards of ``card_type``, chosen by
        ``chooser`` (it states no zone, so only installed cards can be chosen)."""
        game = self._game
        arguments.choice(card_type, arguments.CARD_TYPES, "card_type")
        arguments.count(count, "count", least=1)
        arguments.side(chooser, "chooser")
        instruction = base.trash_instruction(
            game, card_type, count, chooser=chooser, by=chooser, cause=f"trash {count} {card_type}"
        )
        playing.resolve_instruction(game, instruction, targets)
