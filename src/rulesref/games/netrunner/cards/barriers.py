"""Barriers whose abilities count or guard "this server"."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import (
    Announced,
    Instruction,
    PaidAbility,
    implements,
)
from rulesref.games.netrunner.cards.ice import IceBehaviour
from rulesref.games.netrunner.procedures.costs import TrashSelf, gain_credits
from rulesref.games.netrunner.procedures.runs import end_the_run
from rulesref.games.netrunner.procedures.this_server import ThisServer, this_server
from rulesref.games.netrunner.timing.costs import Cost


@implements
class BorderControl(IceBehaviour, ThisServer):
    """Trash it to end a run on its server; its first subroutine gains 1 credit for each
    piece of ice protecting "this server" when it resolves."""

    title = "Border Control"

    def paid_abilities(self) -> list[PaidAbility]:
        game, card = self.game, self.card

        def only_during_a_run_here() -> str | None:
            run, here = game.run, card.server.name if card.server else None
            if run is not None and run.server == here:
                return None
            return f"only during a run on {here}"

        return [
            PaidAbility(
                f"{card.title}: end the run",
                lambda: Cost((TrashSelf(game, card),)),
                Instruction(card.title, lambda _: end_the_run(game, cause=card.title)),
                restriction=only_during_a_run_here,
            )
        ]

    def subroutines(self) -> list[Instruction]:
        game, card = self.game, self.card
        label = f"{self.title} subroutine 1"

        def gain_per_ice(_: Announced) -> None:
            server = this_server(game, card)
            count = 0 if server is None else len(game.server(server).ice)
            game.log.record((), f"{label}: {count} pieces of ice protect {server}")
            gain_credits(game, "corp", count, cause=label)

        return [Instruction(label, gain_per_ice), self.end_the_run(2)]
