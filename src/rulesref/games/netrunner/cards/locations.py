"""Location resources."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import (
    Announced,
    CardBehaviour,
    Instruction,
    PaidAbility,
    implements,
)
from rulesref.games.netrunner.procedures.installing import install, runner_install_problem
from rulesref.games.netrunner.procedures.scoring import ForfeitAgenda
from rulesref.games.netrunner.procedures.searching import search_for
from rulesref.games.netrunner.timing.costs import Cost


@implements
class ArtistColony(CardBehaviour):
    """Forfeit an agenda to search the stack for a program, resource or piece of hardware
    and install it (paying its costs): only a card the Runner could install that way can
    be found."""

    title = "Artist Colony"

    def paid_abilities(self) -> list[PaidAbility]:
        game, card = self.game, self.card

        def search_and_install(_: Announced) -> None:
            found = search_for(
                game,
                "runner",
                "a program, resource or piece of hardware",
                lambda c: (
                    c.is_a("program", "resource", "hardware")
                    and runner_install_problem(game, c) is None
                ),
                by="runner",
                cause=card.title,
            )
            if found is not None:
                install(game, found, by="runner", cause=card.title)

        return [
            PaidAbility(
                card.title,
                lambda: Cost((ForfeitAgenda(game, "runner"),)),
                Instruction(card.title, search_and_install, chooser="runner"),
            )
        ]
