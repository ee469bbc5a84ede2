"""Gray ops the Corp can play only while the Runner is tagged."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import (
    Announced,
    CardBehaviour,
    Instruction,
    implements,
    trash_instruction,
)
from rulesref.games.netrunner.procedures.choices import choose_card_or_none
from rulesref.games.netrunner.procedures.install_and_rez import install_and_rez
from rulesref.games.netrunner.procedures.memory import MemoryLimitChange
from rulesref.games.netrunner.procedures.playing import play, playable
from rulesref.games.netrunner.procedures.turns import lasts_this_turn


class WhileTagged(CardBehaviour):
    def play_restriction(self) -> str | None:
        return None if self.game.runner.tags else "the Runner is not tagged"


@implements
class BadTimes(WhileTagged):
    """The memory limit goes down by 2 for the rest of the turn: a lingering effect that
    outlives the operation."""

    title = "Bad Times"

    def play(self) -> Instruction:
        game = self.game

        def reduce(_: Announced) -> None:
            game.linger(MemoryLimitChange(self.title, -2), lasts_this_turn(game))
            game.log.record(
                "rule_playing_lingering_effects",
                f"{self.title}: the Runner's memory limit is 2 lower until the end of the turn",
            )

        return Instruction(self.title, reduce)


@implements
class Subcontract(WhileTagged):
    """Plays up to 2 operations from HQ, paying their costs, each played (and resolved)
    before the next is chosen."""

    title = "Subcontract"

    def play(self) -> Instruction:
        game = self.game

        def play_two(_: Announced) -> None:
            for done in range(2):
                offered = [c for c in game.corp.hq if playable(game, c, by="corp")]
                chosen = choose_card_or_none(
                    game,
                    "corp",
                    f"{self.title}: play which operation from HQ ({done} of up to 2 played)?",
                    "rule_playing_one_at_a_time",
                    offered,
                    none="no more",
                )
                if chosen is None:
                    return
                game.log.record(
                    ("rule_playing_one_at_a_time", "rule_split_up_instruction"),
                    f"{self.title} plays {chosen.title}, operation {done + 1} of up to 2, "
                    "all the way through before another is chosen",
                )
                with game.log.nested():
                    play(game, chosen, by="corp", targets=None, as_action=False)

        return Instruction(self.title, play_two)


@implements
class TrustOperation(WhileTagged):
    """Trashes 1 installed resource, then installs and rezzes 1 card from Archives,
    ignoring all costs."""

    title = "Trust Operation"

    def play(self) -> Instruction:
        game = self.game
        resource = trash_instruction(
            game, "resource", 1, chooser="corp", by="corp", cause=self.title
        )

        def trash_then_install(announced: Announced) -> None:
            resource.resolve(announced)
            install_and_rez(game, game.corp.archives, cause=self.title, ignoring_costs=True)

        return Instruction(self.title, trash_then_install, resource.slots)
