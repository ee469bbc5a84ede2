"""Events whose play ability creates a conditional ability lasting the rest of the turn.

Such a delayed ability states its duration, so it is not spent by resolving: it
becomes pending every time its condition is met until the turn ends
(rule_delayed_conditional_ability_specified_duration)."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import (
    Announced,
    CardBehaviour,
    CardConditional,
    Instruction,
    implements,
)
from rulesref.games.netrunner.procedures.choices import choose_name
from rulesref.games.netrunner.procedures.costs import gain_credits
from rulesref.games.netrunner.procedures.drawing import draw
from rulesref.games.netrunner.procedures.playing import has_x_cost
from rulesref.games.netrunner.procedures.turns import lasts_this_turn
from rulesref.games.netrunner.state.events import Install
from rulesref.games.netrunner.timing.events import Event

DRAW, GAIN = "draw 1 card", "gain 1 credit"


class _RewardEachInstall(CardConditional):
    """Once for each card costing 1 credit or more in an install (the timing counts its
    instances only)."""

    def instances(self, event: Event) -> int:
        if not isinstance(event, Install) or event.player != self.controller:
            return 0
        return sum(not has_x_cost(c) and (c.facts.cost or 0) >= 1 for c in event.cards)

    def resolve(self, event: Event) -> None:
        game = self.game
        if choose_name(game, "runner", f"{self.label}: which?", self.label, [DRAW, GAIN]) == DRAW:
            draw(game, {"runner": 1})
        else:
            gain_credits(game, "runner", 1, cause=self.label)


@implements
class InTheGroove(CardBehaviour):
    title = "In the Groove"

    def play_restriction(self) -> str | None:
        if self.game.runner.clicks_spent:
            return "it can be played only as the Runner's first click of the turn"
        return None

    def play(self) -> Instruction:
        game = self.game

        def for_the_turn(_: Announced) -> None:
            game.log.record(
                "rule_delayed_conditional_ability_specified_duration",
                f"{self.title}: for the rest of this turn, each install of a card costing 1 "
                "credit or more meets its condition",
            )
            ability = _RewardEachInstall(self, label=f"{self.title} (this turn)")
            game.linger(ability, lasts_this_turn(game))

        return Instruction(self.title, for_the_turn, chooser="runner")
