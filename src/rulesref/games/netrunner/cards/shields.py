"""Programs and hardware that prevent damage."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import CardBehaviour, CardInterrupt, implements
from rulesref.games.netrunner.procedures.costs import Credits
from rulesref.games.netrunner.state.events import Damage, DamagePrevented
from rulesref.games.netrunner.timing.abilities import Ability
from rulesref.games.netrunner.timing.costs import Cost
from rulesref.games.netrunner.timing.events import Event


class _PreventFirstNetDamage(CardInterrupt):
    """Prevents 1 point of the first net damage of the turn; the rest still happens."""

    def applies_to(self, event: Event) -> bool:
        if not (
            isinstance(event, Damage)
            and event.player == "runner"
            and event.damage_type == "net"
            and event.amount > 0
        ):
            return False
        earlier = self.game.history.occurred_this_turn(
            Damage, lambda e: e is not event and e.damage_type == "net" and e.amount > 0
        )
        return not earlier

    def cost(self, event: Event | None) -> Cost | None:
        return Cost((Credits(self.game, "runner", 1),))

    def interrupt(self, event: Event) -> None:
        assert isinstance(event, Damage)
        event.amount -= 1
        self.game.log.record(
            (),
            f"{self.card.title} prevents 1 net damage: {event.amount} net damage is left to do",
        )
        if event.amount == 0:
            event.prevent(self.label)
        self.game.timing.perform(DamagePrevented("runner", 1, self.card.title), lambda: None)


@implements
class NetShield(CardBehaviour):
    title = "Net Shield"

    def abilities(self) -> list[Ability]:
        if not self.active:
            return []
        return [_PreventFirstNetDamage(self, optional=True, once_per_turn=True)]
