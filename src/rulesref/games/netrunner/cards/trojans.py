"""Trojans installed on ice, and the ice that will not host them."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import (
    Announced,
    CardBehaviour,
    CardConditional,
    Instruction,
    implements,
    trash_instruction,
)
from rulesref.games.netrunner.cards.ice import IceBehaviour
from rulesref.games.netrunner.procedures.hosting import CannotHost, HostedOnly
from rulesref.games.netrunner.procedures.movements import trash
from rulesref.games.netrunner.procedures.rezzing import RezInstead
from rulesref.games.netrunner.procedures.runs import end_the_run
from rulesref.games.netrunner.procedures.scoring import ForfeitAgenda
from rulesref.games.netrunner.procedures.strength import StrengthSource, current_strength
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.run_events import Encounter
from rulesref.games.netrunner.timing.abilities import Ability
from rulesref.games.netrunner.timing.costs import CostPart
from rulesref.games.netrunner.timing.events import Event


class _ChiselAtEncounter(CardConditional):
    """Whenever the Runner encounters the host ice: trash it if its strength is 0 or less,
    otherwise place 1 virus counter on Chisel."""

    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, Encounter) and event.ice is self.card.host

    def resolve(self, event: Event) -> None:
        assert isinstance(event, Encounter)
        game, ice = self.game, event.ice
        strength = current_strength(game, ice)
        if strength is not None and strength <= 0:
            game.log.record((), f"{self.label}: {ice.title} has {strength} strength")
            trash(game, [ice], by="runner", cause=self.label)
            return
        self.card.counters["virus"] += 1
        game.log.record((), f"{self.label}: 1 virus counter is placed on {self.card.title}")


@implements
class Chisel(CardBehaviour, HostedOnly, StrengthSource):
    """Installed only on a piece of ice, whose strength its virus counters lower."""

    title = "Chisel"

    def host_refusal(self, host: NetrunnerCard) -> str | None:
        return None if host.installed and host.is_a("ice") else "install only on a piece of ice"

    def strength_bonus(self, card: NetrunnerCard) -> int:
        return -self.card.counters["virus"] if card is self.card.host else 0

    def abilities(self) -> list[Ability]:
        return [_ChiselAtEncounter(self)] if self.active else []


@implements
class Tithonium(IceBehaviour, RezInstead, CannotHost):
    """The Corp may forfeit an agenda instead of paying its rez cost; it cannot host cards;
    its subroutines trash 2 programs, then a resource and end the run."""

    title = "Tithonium"

    def rez_instead(self) -> list[CostPart]:
        return [ForfeitAgenda(self.game, "corp")]

    def subroutines(self) -> list[Instruction]:
        game = self.game

        def trash_program(number: int) -> Instruction:
            return trash_instruction(
                game,
                "program",
                1,
                chooser="corp",
                by="corp",
                cause=f"{self.title} subroutine {number}",
                wording="installed program",
            )

        resource = trash_instruction(
            game, "resource", 1, chooser="corp", by="corp", cause=f"{self.title} subroutine 3"
        )

        def resource_and_end(announced: Announced) -> None:
            resource.resolve(announced)
            end_the_run(game, cause=f"{self.title} subroutine 3")

        third = Instruction(f"{self.title} subroutine 3", resource_and_end, resource.slots)
        return [trash_program(1), trash_program(2), third]
