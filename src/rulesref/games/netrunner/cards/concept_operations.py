"""An operation whose second instruction acts on the card its first one installed: the
installed card is a new object, and the ability that moved it still finds it."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import Announced, CardBehaviour, Instruction, implements
from rulesref.games.netrunner.procedures.choices import choose_card, choose_name
from rulesref.games.netrunner.procedures.costs import Clicks
from rulesref.games.netrunner.procedures.installing import NEW_REMOTE, install
from rulesref.games.netrunner.timing.costs import CostPart


@implements
class PriorityConstruction(CardBehaviour):
    """A click more to play; installs ice from HQ protecting a remote server, ignoring all
    costs, then places 3 advancement counters on that ice."""

    title = "Priority Construction"

    def additional_cost(self) -> list[CostPart]:
        return [Clicks(self.game, "corp", 1)]

    def play(self) -> Instruction:
        game = self.game

        def install_and_advance(_: Announced) -> None:
            ice = [c for c in game.corp.hq if c.is_a("ice")]
            if not ice:
                game.log.record((), f"{self.title}: there is no ice in HQ")
                return
            card = choose_card(game, "corp", f"{self.title}: install which ice?", self.title, ice)
            remotes = [s.name for s in game.servers.values() if not s.is_central]
            name = choose_name(
                game,
                "corp",
                f"{self.title}: protecting which remote server?",
                self.title,
                [*remotes, NEW_REMOTE],
            )
            before = card.ref()
            server = "new" if name == NEW_REMOTE else name
            if not install(game, card, by="corp", server=server, ignoring_costs=True):
                return
            moved = before.follow()
            game.log.record(
                ("rule_identify_object_after_move",),
                f"{self.title} installed {card.title}, now a new object (#{moved.object_id}, "
                f"was #{before.object_id}): its next instruction still finds it",
            )
            target = moved.current
            if target is not None:
                target.counters["advancement"] += 3
                game.log.record(
                    (), f"{self.title} places 3 advancement counters on {target.title}"
                )

        return Instruction(self.title, install_and_advance)
