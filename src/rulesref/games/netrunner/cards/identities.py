"""Identities."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import AccessAbility, CardBehaviour, implements
from rulesref.games.netrunner.procedures.costs import HostedCounters
from rulesref.games.netrunner.procedures.movements import trash
from rulesref.games.netrunner.procedures.playing import printed_cost
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.timing.costs import Cost


@implements
class FreedomKhumalo(CardBehaviour):
    """X equals the rez cost or play cost of the accessed card; when that is 0, so is the cost."""

    title = "Freedom Khumalo: Crypto-Anarchist"

    def access_abilities(self) -> list[AccessAbility]:
        game = self.game

        def cost(card: NetrunnerCard) -> Cost:
            x = printed_cost(game, card)
            return Cost((HostedCounters(game, "runner", "virus", x),))

        def resolve(card: NetrunnerCard) -> None:
            trash(game, [card], by="runner", cause=self.title)

        return [
            AccessAbility(
                self.title, lambda c: c.facts.type != "agenda", cost, resolve, once_per_turn=True
            )
        ]
