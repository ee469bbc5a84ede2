"""Ice that does net damage unless the Runner pays, one that forbids paying while its
subroutines resolve, and the Runner card that pays to prevent net damage.

Attini's prohibition lasts while one of its subroutines is resolving, which takes in
the interrupt window of each of its instructions (rule_is_resolving): a credit cost is
then not payable, for the subroutine's "unless" and for Caldera alike."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import (
    Announced,
    CardBehaviour,
    CardInterrupt,
    CardStatic,
    Instruction,
    implements,
)
from rulesref.games.netrunner.cards.ice import IceBehaviour
from rulesref.games.netrunner.procedures.choices import confirm
from rulesref.games.netrunner.procedures.costs import Credits
from rulesref.games.netrunner.procedures.damage import damage
from rulesref.games.netrunner.procedures.threat import threat_level
from rulesref.games.netrunner.state.events import Damage, DamagePrevented
from rulesref.games.netrunner.state.uses import SpendCredits
from rulesref.games.netrunner.timing.abilities import Ability
from rulesref.games.netrunner.timing.costs import Cost, pay
from rulesref.games.netrunner.timing.events import Event


class _NoSpendingWhileResolving(CardStatic):
    """Threat 3: active only while the threat level is 3 or more (rule_threat_flag)."""

    def forbids(self, event: Event) -> bool:
        return (
            isinstance(event, SpendCredits)
            and event.player == "runner"
            and any(ice is self.card for ice in self.game.resolving_subroutines)
            and threat_level(self.game) >= 3
        )


@implements
class Attini(IceBehaviour):
    title = "Attini"

    def abilities(self) -> list[Ability]:
        return [_NoSpendingWhileResolving(self)] if self.active else []

    def subroutines(self) -> list[Instruction]:
        return [self._net_damage_unless_paid(n) for n in (1, 2, 3)]

    def _net_damage_unless_paid(self, number: int) -> Instruction:
        game, label = self.game, f"{self.card.title} subroutine {number}"

        def resolve(_: Announced) -> None:
            price = Cost((Credits(game, "runner", 2),))
            blocked = price.obstacles()
            if blocked:
                game.log.record(
                    "rule_nested_cost_unless",
                    f"{label}: the Runner cannot pay 2 credits ({'; '.join(blocked)})",
                )
            elif confirm(game, "runner", f"{label}: pay 2 credits to avoid 1 net damage?", label):
                pay(price, payer="Runner", purpose=label, timing=game.timing)
                return
            damage(game, "net", 1, source=label)

        return Instruction(label, resolve)


class _PreventOneCoreOrNet(CardInterrupt):
    prevents = True

    def applies_to(self, event: Event) -> bool:
        return (
            isinstance(event, Damage)
            and event.player == "runner"
            and event.damage_type in ("core", "net")
            and event.amount > 0
        )

    def cost(self, event: Event | None) -> Cost | None:
        return Cost((Credits(self.game, "runner", 3),))

    def interrupt(self, event: Event) -> None:
        assert isinstance(event, Damage)
        self.game.log.record((), f"{self.card.title} prevents 1 {event.damage_type} damage")
        if event.amount <= 1:
            event.prevent(self.label)
        else:
            event.amount -= 1
        self.game.timing.perform(
            DamagePrevented("runner", 1, self.card.title), lambda: None, quiet=True
        )


@implements
class Caldera(CardBehaviour):
    title = "Caldera"

    def abilities(self) -> list[Ability]:
        return [_PreventOneCoreOrNet(self, optional=True)] if self.active else []
