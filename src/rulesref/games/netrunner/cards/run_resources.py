"""Resources that act on runs and breaches."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import (
    Announced,
    CardBehaviour,
    CardConditional,
    Instruction,
    PaidAbility,
    implements,
)
from rulesref.games.netrunner.procedures.breach import breach_server
from rulesref.games.netrunner.procedures.choices import choose_card
from rulesref.games.netrunner.procedures.costs import TrashSelf, plural
from rulesref.games.netrunner.procedures.positions import ice_in_same_position
from rulesref.games.netrunner.procedures.progress import move_to_ice, offer_jack_out
from rulesref.games.netrunner.procedures.targeting import card_slot, cards_of, still_valid
from rulesref.games.netrunner.procedures.traces import expose
from rulesref.games.netrunner.state.breaches import Prohibition
from rulesref.games.netrunner.state.events import TakeBadPublicity
from rulesref.games.netrunner.state.run_events import PassIce
from rulesref.games.netrunner.state.targets import Slot
from rulesref.games.netrunner.timing.abilities import Ability
from rulesref.games.netrunner.timing.costs import Cost
from rulesref.games.netrunner.timing.events import Event


class _SlipToTheSamePosition(CardConditional):
    """After each pass of rezzed ice, the Runner may trash it to
    jump to ice of a central server at the same depth, approach
    it, and then may jack out."""

    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, PassIce) and bool(event.ice.rezzed)

    def cost(self, event: Event | None) -> Cost | None:
        return Cost((TrashSelf(self.game, self.card),))

    def resolve(self, event: Event) -> None:
        assert isinstance(event, PassIce)
        game, passed = self.game, event.ice
        position = None if passed.server is None else passed.server.position_of(passed)
        choices = (
            []
            if position is None
            else [
                c
                for c in ice_in_same_position(game, position, central_only=True)
                if c is not passed
            ]
        )
        if not choices:
            game.log.record(
                "rule_count_positions",
                f"{self.card.title}: no central server has ice at the depth of {passed.title}",
            )
            return
        assert position is not None
        game.log.record(
            "rule_count_positions",
            f"{self.card.title}: ice of the central servers at the depth of "
            f"{passed.title} ({plural(position.index, 'position')} inward from each): "
            + ", ".join(c.title for c in choices),
        )
        ice = choose_card(
            game,
            "runner",
            f"{self.card.title}: move to which piece of ice?",
            self.card.title,
            choices,
        )
        if move_to_ice(game, ice, cause=self.card.title):
            offer_jack_out(game, self.card.title)


@implements
class Slipstream(CardBehaviour):
    title = "Slipstream"

    def abilities(self) -> list[Ability]:
        return [_SlipToTheSamePosition(self, optional=True)] if self.active else []


class _BreachHQOnBadPublicity(CardConditional):
    """Each time the Corp gets bad publicity, the Runner breaches HQ, with no access to
    the cards in its root."""

    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, TakeBadPublicity)

    def resolve(self, event: Event) -> None:
        game = self.game
        root = [c.ref() for c in game.server("HQ").root]
        no_root = Prohibition(
            f"{self.card.title} (not the root of HQ)", lambda c: any(r.current is c for r in root)
        )
        breach_server(game, "HQ", cause=self.card.title, prohibitions=[no_root])


@implements
class RaymondFlint(CardBehaviour):
    """Bad publicity for the Corp means a breach of HQ (not its root); trashing it
    exposes 1 card."""

    title = "Raymond Flint"

    def abilities(self) -> list[Ability]:
        return [_BreachHQOnBadPublicity(self)] if self.active else []

    def paid_abilities(self) -> list[PaidAbility]:
        game, card = self.game, self.card

        def slots() -> dict[str, Slot]:
            return {
                "card": card_slot(
                    "installed unrezzed card", 1, lambda c: c.installed and c.rezzed is False
                )
            }

        def expose_it(announced: Announced) -> None:
            for chosen in cards_of(still_valid(game, announced["card"])):
                expose(game, chosen, cause=card.title)

        return [
            PaidAbility(
                f"{card.title}: expose 1 card",
                lambda: Cost((TrashSelf(game, card),)),
                Instruction(card.title, expose_it, slots, chooser="runner"),
            )
        ]
