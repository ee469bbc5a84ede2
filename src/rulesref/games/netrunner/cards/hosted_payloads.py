"""Runner cards whose [trash] ability uses what they host: their counters, or the
cards on them.  Paying the cost sets those aside, still counted as hosted for the
ability (:mod:`~rulesref.games.netrunner.procedures.trigger_costs`)."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import (
    Announced,
    CardBehaviour,
    CardConditional,
    Instruction,
    PaidAbility,
    implements,
)
from rulesref.games.netrunner.cards.link_hardware import LowerInstallCost
from rulesref.games.netrunner.cards.turn_begins import WhenTurnBegins
from rulesref.games.netrunner.procedures.choices import choose_card, choose_number
from rulesref.games.netrunner.procedures.costs import Clicks, TrashSelf, gain_credits
from rulesref.games.netrunner.procedures.installing import install
from rulesref.games.netrunner.procedures.movements import relocate
from rulesref.games.netrunner.procedures.targeting import card_slot, cards_of, still_valid
from rulesref.games.netrunner.procedures.trigger_costs import hosted_cards, hosted_counters
from rulesref.games.netrunner.state.events import Damage, Install
from rulesref.games.netrunner.state.targets import Slot
from rulesref.games.netrunner.state.zones import ZoneType
from rulesref.games.netrunner.timing.abilities import Ability
from rulesref.games.netrunner.timing.costs import Cost
from rulesref.games.netrunner.timing.events import Event


class _WhenInstalled(CardConditional):
    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, Install) and any(c is self.card for c in event.cards)


def _one_virus_counter(ability: CardConditional) -> None:
    ability.card.counters["virus"] += 1
    ability.game.log.record(
        (),
        f"{ability.card.title} gets 1 virus counter ({ability.card.counters['virus']} in all)",
    )


class _VirusWhenInstalled(_WhenInstalled):
    def resolve(self, event: Event) -> None:
        _one_virus_counter(self)


class _VirusWhenTurnBegins(WhenTurnBegins):
    def resolve(self, event: Event) -> None:
        _one_virus_counter(self)


@implements
class Fermenter(CardBehaviour):
    title = "Fermenter"

    def abilities(self) -> list[Ability]:
        if not self.active:
            return []
        return [_VirusWhenInstalled(self), _VirusWhenTurnBegins(self)]

    def paid_abilities(self) -> list[PaidAbility]:
        game, card = self.game, self.card

        def cash_in(_: Announced) -> None:
            virus = hosted_counters(game, card, "virus")
            gain_credits(game, "runner", 2 * virus, cause=f"{card.title} ({virus} virus)")

        return [
            PaidAbility(
                card.title,
                lambda: Cost((Clicks(game, "runner", 1), TrashSelf(game, card))),
                Instruction(card.title, cash_in, chooser="runner"),
            )
        ]


class _HostTopThree(_WhenInstalled):
    def resolve(self, event: Event) -> None:
        game, peddler = self.game, self.card
        top = list(game.runner.stack[:3])
        for card in top:
            relocate(game, card, ZoneType.PLAY_AREA, None, faceup=False)
            card.host = peddler
        game.runner.learn(top)
        game.log.record(
            ("rule_host_relationship",),
            f"{peddler.title} hosts the top {len(top)} cards of the stack facedown",
        )


@implements
class StreetPeddler(CardBehaviour):
    title = "Street Peddler"

    def abilities(self) -> list[Ability]:
        return [_HostTopThree(self)] if self.active else []

    def paid_abilities(self) -> list[PaidAbility]:
        game, peddler = self.game, self.card

        def install_one(_: Announced) -> None:
            hosted = [
                c for c in hosted_cards(game, peddler) if c.is_a("program", "hardware", "resource")
            ]
            if not hosted:
                game.log.record((), f"{peddler.title} hosts no card the Runner can install")
                return
            question = f"{peddler.title}: install which hosted card?"
            card = choose_card(game, "runner", question, peddler.title, hosted)
            installing = [True]
            game.linger(LowerInstallCost(self, card, 1), lambda: installing[0])
            card.host = None
            try:
                install(game, card, by="runner", cause=peddler.title)
            finally:
                installing[0] = False

        return [
            PaidAbility(
                peddler.title,
                lambda: Cost((TrashSelf(game, peddler),)),
                Instruction(peddler.title, install_one, chooser="runner"),
            )
        ]


class _TokenOnMeatDamage(CardConditional):
    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, Damage) and event.damage_type == "meat" and event.amount > 0

    def resolve(self, event: Event) -> None:
        self.card.counters["advancement"] += 1
        self.game.log.record(
            "rule_placing_advancement_counter",
            f"{self.card.title}: 1 advancement counter is placed on it (it is not advanced)",
        )


@implements
class ReconstructionContract(CardBehaviour):
    title = "Reconstruction Contract"

    def abilities(self) -> list[Ability]:
        return [_TokenOnMeatDamage(self, optional=True)] if self.active else []

    def paid_abilities(self) -> list[PaidAbility]:
        game, contract = self.game, self.card

        def slots() -> dict[str, Slot]:
            return {
                "card": card_slot(
                    "card that can be advanced",
                    1,
                    lambda c: (
                        c.installed
                        and c is not contract
                        and c.behaviour is not None
                        and c.behaviour.can_be_advanced()
                    ),
                )
            }

        def move_tokens(announced: Announced) -> None:
            have = hosted_counters(game, contract, "advancement")
            for target in cards_of(still_valid(game, announced["card"])):
                question = f"{contract.title}: move how many advancement counters?"
                moved = choose_number(game, "corp", question, contract.title, 0, have)
                target.counters["advancement"] += moved
                game.log.record(
                    "rule_placing_advancement_counter",
                    f"{contract.title}: {moved} set-aside advancement counters are moved to "
                    f"{target.title} (it is not advanced)",
                )

        return [
            PaidAbility(
                contract.title,
                lambda: Cost((TrashSelf(game, contract),)),
                Instruction(contract.title, move_tokens, slots, chooser="corp"),
            )
        ]
