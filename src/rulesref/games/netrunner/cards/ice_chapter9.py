"""Ice the rulebook's chapter on abilities names: subroutines, interrupts and values."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import Announced, Instruction, implements
from rulesref.games.netrunner.cards.ice import IceBehaviour
from rulesref.games.netrunner.procedures.choices import choose_card
from rulesref.games.netrunner.procedures.costs import gain_credits
from rulesref.games.netrunner.procedures.damage import damage, damage_for_each
from rulesref.games.netrunner.procedures.memory import memory_in_use, memory_limit
from rulesref.games.netrunner.procedures.movements import trash
from rulesref.games.netrunner.procedures.progress import end_the_run
from rulesref.games.netrunner.procedures.traces import trace


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


@implements
class Flare(IceBehaviour):
    """https://netrunnerdb.com/en/card/02117 - a trace that, if successful, trashes a piece
    of hardware, does meat damage no ability can prevent, and ends the run."""

    title = "Flare"

    def subroutines(self) -> list[Instruction]:
        game, label = self.game, f"{self.title} subroutine 1"

        def punish() -> None:
            hardware = [c for c in game.runner.installed if c.is_a("hardware")]
            if hardware:
                chosen = choose_card(
                    game, "corp", f"{label}: trash which hardware?", label, hardware
                )
                trash(game, [chosen], by="corp", cause=label)
            damage(game, "meat", 2, source=label, unpreventable=f"{self.title}'s damage")
            end_the_run(game, cause=label)

        def trace_then_punish(_: Announced) -> None:
            trace(game, 6, source=label, if_successful=punish)

        return [Instruction(label, trace_then_punish)]


@implements
class CortexLock(IceBehaviour):
    """https://netrunnerdb.com/en/card/08014 - net damage counted from the Runner's unused
    memory units, done as one amount."""

    title = "Cortex Lock"

    def subroutines(self) -> list[Instruction]:
        game, label = self.game, f"{self.title} subroutine 1"

        def net_damage(_: Announced) -> None:
            unused = max(0, memory_limit(game) - memory_in_use(game))
            damage_for_each(game, "net", unused, "unused MU the Runner has", source=label)

        return [Instruction(label, net_damage)]
