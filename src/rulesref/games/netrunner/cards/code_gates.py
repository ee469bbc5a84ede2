"""Code gates whose subroutines restrict the Runner for the rest of the run."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import Announced, CardStatic, Instruction, implements
from rulesref.games.netrunner.cards.ice import IceBehaviour
from rulesref.games.netrunner.state.uses import SpendCredits
from rulesref.games.netrunner.timing.events import Event


class _NoSpendingThisRun(CardStatic):
    def forbids(self, event: Event) -> bool:
        return isinstance(event, SpendCredits) and event.player == "runner"


@implements
class Rsvp(IceBehaviour):
    """Its subroutine forbids the Runner to spend credits for the remainder of the run."""

    title = "RSVP"

    def subroutines(self) -> list[Instruction]:
        game, label = self.game, f"{self.title} subroutine 1"

        def forbid(_: Announced) -> None:
            run = game.run
            if run is None:
                game.log.record((), f"{label}: no run is in progress")
                return
            game.linger(_NoSpendingThisRun(self), lambda: game.run is run)
            game.log.record(
                (), f"{label}: the Runner cannot spend credits for the remainder of this run"
            )

        return [Instruction(label, forbid)]
