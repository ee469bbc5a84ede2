"""Location resources."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import (
    CardBehaviour,
    PaidAbility,
    implements,
    search_and_install_instruction,
)
from rulesref.games.netrunner.procedures.scoring import ForfeitAgenda
from rulesref.games.netrunner.timing.costs import Cost


@implements
class ArtistColony(CardBehaviour):
    """Forfeit an agenda to search the stack for a program, resource or piece of hardware
    and install it (paying its costs): only a card the Runner could install that way can
    be found."""

    title = "Artist Colony"

    def paid_abilities(self) -> list[PaidAbility]:
        game, card = self.game, self.card
        return [
            PaidAbility(
                card.title,
                lambda: Cost((ForfeitAgenda(game, "runner"),)),
                search_and_install_instruction(
                    game,
                    ("program", "resource", "hardware"),
                    "a program, resource or piece of hardware",
                    cause=card.title,
                ),
            )
        ]
