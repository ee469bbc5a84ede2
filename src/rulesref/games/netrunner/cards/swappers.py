"""Ice that swaps installed cards."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import Announced, Instruction, implements
from rulesref.games.netrunner.cards.ice import IceBehaviour
from rulesref.games.netrunner.procedures.arranging import swap, swap_problem
from rulesref.games.netrunner.procedures.choices import choose_card
from rulesref.games.netrunner.state.objects import NetrunnerCard


@implements
class Metamorph(IceBehaviour):
    """Its subroutine swaps 2 other installed pieces of ice, or 2 of the Corp's installed
    cards that are not ice; only exchanges that leave both cards where they may be are
    offered, and with none, it does nothing."""

    title = "Metamorph"

    def subroutines(self) -> list[Instruction]:
        game, card, label = self.game, self.card, f"{self.title} subroutine 1"

        def partners(first: NetrunnerCard) -> list[NetrunnerCard]:
            return [
                c
                for c in game.corp.installed
                if c is not card
                and c is not first
                and c.is_a("ice") == first.is_a("ice")
                and swap_problem(first, c) is None
            ]

        def swap_two(_: Announced) -> None:
            firsts = [c for c in game.corp.installed if c is not card and partners(c)]
            if not firsts:
                game.log.record(
                    "rule_swap_only_to_valid_location",
                    f"{label}: no exchange of 2 cards is legal, so nothing is swapped",
                )
                return
            first = choose_card(game, "corp", f"{label}: swap which card?", label, firsts)
            second = choose_card(
                game,
                "corp",
                f"{label}: swap {first.title} with which card?",
                "rule_swap_only_to_valid_location",
                partners(first),
            )
            swap(game, first, second, by="corp", cause=label)

        return [Instruction(label, swap_two)]
