"""Additional costs to steal that add up, from different cards: an upgrade's damage, a
current's credits (with the agenda's own cost), and a resource that notices the empty
credit pool they leave."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import CardBehaviour, implements
from rulesref.games.netrunner.cards.currents import Current
from rulesref.games.netrunner.cards.run_upgrades import server_of
from rulesref.games.netrunner.procedures.access import StealCost
from rulesref.games.netrunner.procedures.costs import Credits, SufferDamage, gain_credits
from rulesref.games.netrunner.procedures.state_checks import StateWatcher
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.table import Table
from rulesref.games.netrunner.timing.costs import CostPart


@implements
class BenMusashi(CardBehaviour, StealCost):
    """Persistent: stealing an agenda from its server (or its root) costs 2 net damage
    more."""

    title = "Ben Musashi"
    persistent = True

    def cost_to_steal(self, card: NetrunnerCard) -> list[CostPart]:
        here = self.server_name()
        if here is not None and server_of(card) == here:
            return [SufferDamage(self.game, "net", 2)]
        return []


@implements
class PredictiveAlgorithm(Current, StealCost):
    """A current: stealing any agenda costs 2 credits more."""

    title = "Predictive Algorithm"

    def cost_to_steal(self, card: NetrunnerCard) -> list[CostPart]:
        return [Credits(self.game, "runner", 2)]


@implements
class OrderOfSol(CardBehaviour, StateWatcher):
    """The first time each turn the Runner's credit pool is empty, they gain 1 credit."""

    title = "Order of Sol"

    def __init__(self, game: Table, card: NetrunnerCard) -> None:
        super().__init__(game, card)
        #: The turn in which its ability last resolved.
        self.fired_on: int | None = None

    def at_checkpoint(self) -> None:
        if self.game.runner.credits or self.fired_on == self.game.history.turn:
            return
        self.fired_on = self.game.history.turn
        gain_credits(self.game, "runner", 1, cause=f"{self.title} (no credits in the pool)")
