"""Identities."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import AccessAbility, CardBehaviour, implements
from rulesref.games.netrunner.procedures.access import AccessCost
from rulesref.games.netrunner.procedures.costs import Credits, HostedCounters
from rulesref.games.netrunner.procedures.movements import trash
from rulesref.games.netrunner.procedures.playing import printed_cost
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.timing.costs import Cost, CostPart


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


@implements
class GagarinDeepSpace(CardBehaviour, AccessCost):
    """As an additional cost to access a card in the root of a remote server, the Runner
    must pay 1 credit."""

    title = "Gagarin Deep Space: Expanding the Horizon"

    def cost_to_access(self, card: NetrunnerCard) -> list[CostPart]:
        server = card.server
        in_root = server is not None and any(c is card for c in server.root)
        if in_root and server is not None and not server.is_central:
            return [Credits(self.game, "runner", 1)]
        return []
