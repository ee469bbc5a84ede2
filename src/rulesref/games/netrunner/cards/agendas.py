"""Agendas."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import CardBehaviour, filler, implements
from rulesref.games.netrunner.procedures.costs import SufferDamage
from rulesref.games.netrunner.timing.costs import Cost


@implements
class ObokataProtocol(CardBehaviour):
    """Its additional steal cost is damage, which other abilities could prevent."""

    title = "Obokata Protocol"

    def steal_cost(self) -> Cost | None:
        return Cost((SufferDamage(self.game, "net", 4),))


filler("Priority Requisition", "Hostile Takeover")
