"""Ice the rulebook's chapter on abilities names: subroutines, interrupts and values."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import Announced, Instruction, implements
from rulesref.games.netrunner.cards.ice import IceBehaviour
from rulesref.games.netrunner.procedures.costs import gain_credits


@implements
class LittleEngine(IceBehaviour):
    """https://netrunnerdb.com/en/card/08057 - two subroutines end the run, the third pays
    the Runner."""

    title = "Little Engine"

    def subroutines(self) -> list[Instruction]:
        game, label = self.game, f"{self.title} subroutine 3"

        def pay_runner(_: Announced) -> None:
            gain_credits(game, "runner", 5, cause=label)

        return [self.end_the_run(1), self.end_the_run(2), Instruction(label, pay_runner)]
