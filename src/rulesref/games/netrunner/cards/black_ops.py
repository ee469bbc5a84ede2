"""Black ops: operations that punish the Runner with meat damage."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import Announced, CardBehaviour, Instruction, implements
from rulesref.games.netrunner.procedures.costs import Clicks
from rulesref.games.netrunner.procedures.damage import damage
from rulesref.games.netrunner.timing.costs import CostPart


@implements
class Boom(CardBehaviour):
    """Only against a Runner with at least 2 tags; an extra click to play it; 7 meat
    damage."""

    title = "BOOM!"

    def play_restriction(self) -> str | None:
        tags = self.game.runner.tags
        return None if tags >= 2 else f"the Runner has {tags} tags, fewer than 2"

    def additional_cost(self) -> list[CostPart]:
        return [Clicks(self.game, "corp", 1)]

    def play(self) -> Instruction:
        game = self.game

        def seven_meat(_: Announced) -> None:
            damage(game, "meat", 7, source=self.title)

        return Instruction(self.title, seven_meat)
