"""Tracer ice: subroutines that initiate a trace."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import Announced, Instruction, implements
from rulesref.games.netrunner.cards.ice import IceBehaviour
from rulesref.games.netrunner.procedures.damage import damage
from rulesref.games.netrunner.procedures.traces import trace


@implements
class Gemini(IceBehaviour):
    """Trace 2: if successful, 1 net damage; and, successful or not, 1 more net damage if
    the trace strength was 5 or greater."""

    title = "Gemini"

    def subroutines(self) -> list[Instruction]:
        game, label = self.game, f"{self.title} subroutine 1"

        def net_damage() -> None:
            damage(game, "net", 1, source=label)

        def if_strong(strength: int) -> None:
            if strength >= 5:
                net_damage()
            else:
                game.log.record((), f"{label}: trace strength {strength} is less than 5")

        def run_trace(_: Announced) -> None:
            trace(game, 2, source=label, if_successful=net_damage, either_way=if_strong)

        return [Instruction(label, run_trace)]
