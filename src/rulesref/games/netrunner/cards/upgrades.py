"""Upgrades."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import CardBehaviour, CostModifier, implements
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.timing.abilities import Ability


class _LowerIceRezCostHere(CostModifier):
    def __init__(self, behaviour: CardBehaviour) -> None:
        super().__init__(behaviour.card.title, behaviour.controller, key=behaviour.key("cost"))
        self.upgrade = behaviour.card

    def change(self, kind: str, card: NetrunnerCard) -> int:
        server = self.upgrade.server
        protects_here = server is not None and any(ice is card for ice in server.ice)
        return -2 if kind == "rez" and card.is_a("ice") and protects_here else 0


@implements
class AkitaroWatanabe(CardBehaviour):
    """A static ability lowering the rez cost of the ice protecting its own server."""

    title = "Akitaro Watanabe"

    def abilities(self) -> list[Ability]:
        return [_LowerIceRezCostHere(self)] if self.active else []
