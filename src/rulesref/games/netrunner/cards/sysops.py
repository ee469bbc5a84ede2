"""Sysops: upgrades whose abilities act during a run on their server."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import (
    CardBehaviour,
    PaidAbility,
    implements,
    trash_instruction,
)
from rulesref.games.netrunner.procedures.costs import RemoveTags, TrashSelf
from rulesref.games.netrunner.timing.costs import Cost


@implements
class KeeganLane(CardBehaviour):
    """Trash it and remove 1 of the Runner's tags to trash 1 program, only during a run on
    its server."""

    title = "Keegan Lane"

    def paid_abilities(self) -> list[PaidAbility]:
        game, card = self.game, self.card

        def only_during_a_run_here() -> str | None:
            run, here = game.run, self.server_name()
            if run is None or run.server != here:
                return f"only during a run on {here}"
            return None

        return [
            PaidAbility(
                f"{card.title}: trash 1 program",
                lambda: Cost((TrashSelf(game, card), RemoveTags(game, "corp", 1))),
                trash_instruction(game, "program", 1, chooser="corp", by="corp", cause=card.title),
                restriction=only_during_a_run_here,
            )
        ]
