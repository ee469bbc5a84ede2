"""Ice that ambushes the Runner who accesses it: the Corp may pay for the Runner to
encounter it where it is, installed or not (its subroutines are active during that
encounter: rule_active_exception_encounter_not_installed)."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import (
    Announced,
    Instruction,
    WhenAccessedOutsideArchives,
    implements,
)
from rulesref.games.netrunner.cards.ice import IceBehaviour
from rulesref.games.netrunner.procedures.choices import choose_card
from rulesref.games.netrunner.procedures.costs import Credits
from rulesref.games.netrunner.procedures.encounters import forced_encounter
from rulesref.games.netrunner.procedures.movements import add
from rulesref.games.netrunner.procedures.traces import trace
from rulesref.games.netrunner.state.zones import ZoneType
from rulesref.games.netrunner.timing.abilities import Ability
from rulesref.games.netrunner.timing.costs import Cost
from rulesref.games.netrunner.timing.events import Event


class _PayToEncounter(WhenAccessedOutsideArchives):
    def cost(self, event: Event | None) -> Cost | None:
        return Cost((Credits(self.game, "corp", 3),))

    def resolve(self, event: Event) -> None:
        forced_encounter(self.game, self.card, cause=f"{self.card.title} (accessed)")


@implements
class Archangel(IceBehaviour):
    title = "Archangel"
    revealed_when_accessed_in_rnd = True

    def abilities(self) -> list[Ability]:
        if self.card in self.game.accessing:
            return [_PayToEncounter(self, optional=True)]
        return []

    def subroutines(self) -> list[Instruction]:
        game, label = self.game, f"{self.card.title} subroutine 1"

        def trace_and_bounce(_: Announced) -> None:
            def bounce() -> None:
                installed = game.runner.installed
                if not installed:
                    game.log.record((), f"{label}: the Runner has no installed card")
                    return
                question = f"{label}: add which installed Runner card to the grip?"
                card = choose_card(game, "corp", question, label, installed)
                add(game, card, ZoneType.HAND, "runner", by="corp")

            trace(game, 6, source=label, if_successful=bounce)

        return [Instruction(label, trace_and_bounce)]
