"""Agendas that care whether the Runner is tagged, and the condition counter that tags
whoever accesses its host.

Quantum Predictive Model's trigger condition includes the tag: it is met only if the
Runner is already tagged at the moment of the access
(rule_condition_requirements_part_of_condition), so tags given by an ability the same
access sets off come too late."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import (
    Announced,
    CardBehaviour,
    CardConditional,
    Instruction,
    implements,
)
from rulesref.games.netrunner.procedures.choices import choose_card, choose_name
from rulesref.games.netrunner.procedures.installing import NEW_REMOTE, install
from rulesref.games.netrunner.procedures.movements import add
from rulesref.games.netrunner.procedures.traces import give_tags
from rulesref.games.netrunner.state.events import Access
from rulesref.games.netrunner.state.zones import ZoneType
from rulesref.games.netrunner.timing.abilities import Ability
from rulesref.games.netrunner.timing.events import Event


class _ScoredIfTagged(CardConditional):
    def is_met_by(self, event: Event) -> bool:
        if not isinstance(event, Access) or not any(c is self.card for c in event.cards):
            return False
        tagged = self.game.runner.tags > 0
        self.game.log.record(
            "rule_condition_requirements_part_of_condition",
            f"{self.card.title} is accessed while the Runner has {self.game.runner.tags} "
            f"tag{'' if self.game.runner.tags == 1 else 's'}: its condition is "
            f"{'' if tagged else 'not '}met",
        )
        return tagged

    def resolve(self, event: Event) -> None:
        add(self.game, self.card, ZoneType.SCORE_AREA, "corp", by="corp")


@implements
class QuantumPredictiveModel(CardBehaviour):
    title = "Quantum Predictive Model"
    revealed_when_accessed_in_rnd = True

    def abilities(self) -> list[Ability]:
        if self.card in self.game.accessing:
            return [_ScoredIfTagged(self)]
        return []


class _TagWhoeverAccessesHost(CardConditional):
    def is_met_by(self, event: Event) -> bool:
        host = self.card.host
        return isinstance(event, Access) and any(c is host for c in event.cards)

    def resolve(self, event: Event) -> None:
        give_tags(self.game, 2, cause=self.card.title)


@implements
class CastingCall(CardBehaviour):
    title = "Casting Call"

    @property
    def active(self) -> bool:
        """As a condition counter on its agenda, its ability is active."""
        card = self.card
        return card.host is not None and card.zone_type is ZoneType.PLAY_AREA

    def abilities(self) -> list[Ability]:
        return [_TagWhoeverAccessesHost(self)] if self.active else []

    def not_trashed_until(self) -> str | None:
        return "its host agenda leaves play" if self.card.host is not None else None

    def play(self) -> Instruction:
        game, card = self.game, self.card

        def install_and_host(_: Announced) -> None:
            agendas = [c for c in game.corp.hq if c.is_a("agenda")]
            if not agendas:
                game.log.record((), f"{card.title}: HQ holds no agenda")
                return
            agenda = choose_card(
                game, "corp", f"{card.title}: install which agenda?", card.title, agendas
            )
            remotes = [s.name for s in game.servers.values() if not s.is_central]
            server = choose_name(
                game,
                "corp",
                f"{card.title}: install {agenda.title} in which server?",
                card.title,
                [*remotes, NEW_REMOTE],
            )
            where = "new" if server == NEW_REMOTE else server
            game.server(where, create=True)
            if install(game, agenda, by="corp", server=where, facedown=False, cause=card.title):
                card.host = agenda
                game.log.record(
                    ("rule_host_relationship",),
                    f"{card.title} is hosted on {agenda.title} as a condition counter",
                )

        return Instruction(card.title, install_and_host, chooser="corp")
