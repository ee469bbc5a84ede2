"""Events (the Runner's one-shot cards)."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import Announced, CardBehaviour, Instruction, implements
from rulesref.games.netrunner.procedures.costs import gain_credits
from rulesref.games.netrunner.procedures.drawing import draw
from rulesref.games.netrunner.procedures.rezzing import derez
from rulesref.games.netrunner.procedures.targeting import card_slot, cards_of, still_valid
from rulesref.games.netrunner.state.run_events import SuccessfulRun
from rulesref.games.netrunner.state.targets import Slot


@implements
class FiskInvestmentSeminar(CardBehaviour):
    """Both players draw at the same time."""

    title = "Fisk Investment Seminar"

    def play_restriction(self) -> str | None:
        if self.game.runner.clicks_spent:
            return "a priority card must be played as the first click of the turn"
        return None

    def play(self) -> Instruction:
        game = self.game

        def both_draw(_: Announced) -> None:
            draw(game, {"corp": 3, "runner": 3})

        return Instruction(self.title, both_draw, chooser="runner")


@implements
class EmergencyShutdown(CardBehaviour):
    """Its play condition is a question to the turn's history."""

    title = "Emergency Shutdown"

    def play_restriction(self) -> str | None:
        runs = self.game.history.occurred_this_turn(SuccessfulRun, lambda e: e.server == "HQ")
        return None if runs else "the Runner has not made a successful run on HQ this turn"

    def play(self) -> Instruction:
        game = self.game

        def slots() -> dict[str, Slot]:
            return {
                "ice": card_slot(
                    "installed rezzed piece of ice",
                    1,
                    lambda c: c.installed and c.is_a("ice") and bool(c.rezzed),
                )
            }

        def derez_it(announced: Announced) -> None:
            for ice in cards_of(still_valid(game, announced["ice"])):
                derez(game, ice, cause=self.title)

        return Instruction(self.title, derez_it, slots, chooser="runner")


@implements
class ProcessAutomation(CardBehaviour):
    """https://netrunnerdb.com/en/card/13023 - one instruction: gain 2 credits and draw 1
    card."""

    title = "Process Automation"

    def play(self) -> Instruction:
        game = self.game

        def gain_and_draw(_: Announced) -> None:
            gain_credits(game, "runner", 2, cause=self.title)
            draw(game, {"runner": 1})

        return Instruction(self.title, gain_and_draw, chooser="runner")
