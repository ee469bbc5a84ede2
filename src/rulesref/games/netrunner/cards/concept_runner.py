"""Runner cards of the rulebook's chapter on game concepts: a memory chip, a resource
whose abilities cost trashing it, an action on a resource, a fracter breaking two
subroutines at once, and a plain draw event."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import (
    Announced,
    CardBehaviour,
    CardConditional,
    CardInterrupt,
    Instruction,
    PaidAbility,
    implements,
)
from rulesref.games.netrunner.cards.icebreakers import _Boosting
from rulesref.games.netrunner.procedures.breaking import BreakAbility
from rulesref.games.netrunner.procedures.choices import choose_card
from rulesref.games.netrunner.procedures.costs import Clicks, SufferDamage, TrashSelf, gain_credits
from rulesref.games.netrunner.procedures.drawing import draw
from rulesref.games.netrunner.procedures.hand_size import HandSizeSource
from rulesref.games.netrunner.procedures.memory import MemorySource
from rulesref.games.netrunner.procedures.movements import trash
from rulesref.games.netrunner.state.events import Damage, Trash
from rulesref.games.netrunner.state.objects import CardView
from rulesref.games.netrunner.timing.abilities import Ability
from rulesref.games.netrunner.timing.costs import Cost
from rulesref.games.netrunner.timing.events import Event


@implements
class Diesel(CardBehaviour):
    title = "Diesel"

    def play(self) -> Instruction:
        game = self.game
        return Instruction(self.title, lambda _: draw(game, {"runner": 3}), chooser="runner")


@implements
class T400MemoryDiamond(CardBehaviour, MemorySource, HandSizeSource):
    """One more memory unit and one more card of maximum hand size."""

    title = "T400 Memory Diamond"

    def memory_units(self) -> int:
        return 1

    def hand_size_change(self, side: str) -> int:
        return 1 if side == "runner" else 0


class _PreventResourceTrash(CardInterrupt):
    """Trash Fall Guy: prevent a player from trashing another installed resource."""

    prevents = True

    def _other_resource(self, view: CardView) -> bool:
        return view.installed and view.is_a("resource") and view.ref.card is not self.card

    def applies_to(self, event: Event) -> bool:
        return isinstance(event, Trash) and any(
            self._other_resource(v) for v in event.views_of_remaining()
        )

    def cost(self, event: Event | None) -> Cost | None:
        return Cost((TrashSelf(self.game, self.card),))

    def interrupt(self, event: Event) -> None:
        assert isinstance(event, Trash)
        views = [v for v in event.views_of_remaining() if self._other_resource(v)]
        card = choose_card(
            self.game,
            "runner",
            f"{self.label}: prevent trashing which card?",
            f"{self.label}'s ability",
            [v.ref.card for v in views],
        )
        self.game.log.record((), f"{self.card.title} prevents trashing {card.title}")
        event.prevent(self.label, part=card)


@implements
class FallGuy(CardBehaviour):
    """Both abilities cost trashing it: one saves another resource, one gains 2 credits."""

    title = "Fall Guy"

    def abilities(self) -> list[Ability]:
        return [_PreventResourceTrash(self, optional=True)] if self.active else []

    def paid_abilities(self) -> list[PaidAbility]:
        game, card = self.game, self.card
        return [
            PaidAbility(
                f"{card.title}: gain 2 credits",
                lambda: Cost((TrashSelf(game, card),)),
                Instruction(
                    card.title,
                    lambda _: gain_credits(game, "runner", 2, cause=card.title),
                    chooser="runner",
                ),
            )
        ]


@implements
class ProfessionalContacts(CardBehaviour):
    """An action on a resource: a click for 1 credit and a card."""

    title = "Professional Contacts"

    def paid_abilities(self) -> list[PaidAbility]:
        game, card = self.game, self.card

        def gain_and_draw(_: Announced) -> None:
            gain_credits(game, "runner", 1, cause=card.title)
            draw(game, {"runner": 1})

        return [
            PaidAbility(
                f"{card.title}: gain 1 credit and draw 1 card",
                lambda: Cost((Clicks(game, "runner", 1),)),
                Instruction(card.title, gain_and_draw, chooser="runner"),
            )
        ]


@implements
class Cleaver(_Boosting):
    """Breaks up to 2 barrier subroutines for 1 credit; 2 credits: +1 strength."""

    title = "Cleaver"
    breaks = (BreakAbility("barrier", 1, count=2),)
    boost_credits = 2


@implements
class Zer0(CardBehaviour):
    """Once per turn, a click and 1 net damage: 1 credit and 2 cards."""

    title = "Zer0"

    def paid_abilities(self) -> list[PaidAbility]:
        game, card = self.game, self.card

        def gain_and_draw(_: Announced) -> None:
            gain_credits(game, "runner", 1, cause=card.title)
            draw(game, {"runner": 2})

        return [
            PaidAbility(
                f"{card.title}: gain 1 credit and draw 2 cards",
                lambda: Cost((Clicks(game, "runner", 1), SufferDamage(game, "net", 1))),
                Instruction(card.title, gain_and_draw, chooser="runner"),
                once_per_turn=True,
            )
        ]


class _PowerOnDamage(CardConditional):
    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, Damage) and event.player == "runner" and event.amount > 0

    def resolve(self, event: Event) -> None:
        self.card.counters["power"] += 1
        self.game.log.record(
            (), f"{self.card.title} gets 1 power counter ({self.card.counters['power']} in all)"
        )


@implements
class ClanVengeance(CardBehaviour):
    """A power counter whenever the Runner suffers damage; trashed, as many random cards of
    HQ are trashed."""

    title = "Clan Vengeance"

    def abilities(self) -> list[Ability]:
        return [_PowerOnDamage(self)] if self.active else []

    def paid_abilities(self) -> list[PaidAbility]:
        game, card = self.game, self.card
        counted: list[int] = []

        def cost() -> Cost:
            # Paying trashes the card and its counters: they are counted as it was.
            counted[:] = [card.counters["power"]]
            return Cost((TrashSelf(game, card),))

        def trash_from_hq(_: Announced) -> None:
            hq = game.corp.hq
            hit = game.rng.sample(hq, min(counted[0], len(hq)))
            if hit:
                trash(game, hit, by="runner", cause=f"{card.title}, at random")

        return [
            PaidAbility(
                f"{card.title}: trash cards from HQ at random",
                cost,
                Instruction(card.title, trash_from_hq, chooser="runner"),
            )
        ]
