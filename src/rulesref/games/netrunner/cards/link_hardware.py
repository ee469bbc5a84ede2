"""Runner cards that add link or memory, and those that bring them into play at the start
of a turn, so an ability's requirement of link can be met after it became pending."""

from __future__ import annotations

from rulesref.engine.errors import IllegalAction
from rulesref.games.netrunner.cards.base import (
    Announced,
    CardBehaviour,
    CostModifier,
    Instruction,
    PaidAbility,
    implements,
)
from rulesref.games.netrunner.cards.turn_begins import WhenTurnBegins
from rulesref.games.netrunner.procedures.choices import choose_card, choose_card_or_none
from rulesref.games.netrunner.procedures.costs import Clicks, gain_credits
from rulesref.games.netrunner.procedures.hosting import hosted_on
from rulesref.games.netrunner.procedures.installing import install
from rulesref.games.netrunner.procedures.memory import MemorySource
from rulesref.games.netrunner.procedures.movements import relocate
from rulesref.games.netrunner.procedures.traces import LinkSource, link_value
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.zones import ZoneType
from rulesref.games.netrunner.timing.abilities import Ability
from rulesref.games.netrunner.timing.costs import Cost
from rulesref.games.netrunner.timing.events import Event


@implements
class DysonMemChip(CardBehaviour, MemorySource, LinkSource):
    title = "Dyson Mem Chip"

    def memory_units(self) -> int:
        return 1

    def link(self) -> int:
        return 1


class _CreditIfTwoLink(WhenTurnBegins):
    """The link is a requirement of the instruction, checked as it resolves
    (rule_condition_requirements_part_of_effect), not of the trigger condition."""

    def resolve(self, event: Event) -> None:
        game, link = self.game, link_value(self.game)
        if link < 2:
            game.log.record(
                "rule_condition_requirements_part_of_effect",
                f"{self.card.title}: the Runner has {link} link as it resolves, not 2: no credit",
            )
            return
        game.log.record(
            "rule_condition_requirements_part_of_effect",
            f"{self.card.title}: the Runner has {link} link as it resolves",
        )
        gain_credits(game, "runner", 1, cause=self.card.title)


@implements
class UnderworldContact(CardBehaviour):
    title = "Underworld Contact"

    def abilities(self) -> list[Ability]:
        return [_CreditIfTwoLink(self)] if self.active else []


class LowerInstallCost(CostModifier):
    def __init__(self, behaviour: CardBehaviour, card: NetrunnerCard, amount: int) -> None:
        super().__init__(behaviour.card.title, "runner", source=behaviour.card)
        self.card, self.amount = card, amount

    def change(self, kind: str, card: NetrunnerCard) -> int:
        return -self.amount if kind == "install" and card is self.card else 0


class _InstallHostedCard(WhenTurnBegins):
    def resolve(self, event: Event) -> None:
        game, supplier = self.game, self.card
        hosted = [c for c in hosted_on(game, supplier) if not c.installed]
        if not hosted:
            game.log.record((), f"{supplier.title} hosts no card to install")
            return
        card = choose_card_or_none(
            game,
            "runner",
            f"{supplier.title}: install which hosted card?",
            supplier.title,
            hosted,
        )
        if card is None:
            return
        installing: list[bool] = [True]
        game.linger(LowerInstallCost(self.behaviour, card, 2), lambda: installing[0])
        card.host = None  # installed in the rig, no longer hosted
        try:
            install(game, card, by="runner", cause=supplier.title)
        finally:
            installing[0] = False


@implements
class TheSupplier(CardBehaviour):
    title = "The Supplier"

    def abilities(self) -> list[Ability]:
        return [_InstallHostedCard(self, optional=True)] if self.active else []

    def paid_abilities(self) -> list[PaidAbility]:
        game, supplier = self.game, self.card

        def host_from_grip(announced: Announced) -> None:
            grip = [c for c in game.runner.grip if c.is_a("resource", "hardware")]
            if not grip:
                raise IllegalAction(f"{supplier.title}: the grip holds no resource or hardware")
            question = f"{supplier.title}: host which card?"
            card = choose_card(game, "runner", question, supplier.title, grip)
            relocate(game, card, ZoneType.PLAY_AREA, None, faceup=True)
            card.host = supplier
            game.log.record(
                ("rule_host_relationship",),
                f"{supplier.title}: {card.title} is hosted on it, not installed",
            )

        return [
            PaidAbility(
                supplier.title,
                lambda: Cost((Clicks(game, "runner", 1),)),
                Instruction(supplier.title, host_from_grip, chooser="runner"),
            )
        ]
