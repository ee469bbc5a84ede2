"""Meat damage the Corp does, and what changes its amount.

The Cleaners increases an amount of damage about to be done; the damage keeps every
restriction it had - damage that cannot be prevented stays so, all of it
(rule_static_modification_keep_restrictions)."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import (
    Announced,
    CardBehaviour,
    CardInterrupt,
    Instruction,
    implements,
)
from rulesref.games.netrunner.cards.damage_values import damage_expected
from rulesref.games.netrunner.cards.ice import IceBehaviour
from rulesref.games.netrunner.procedures.choices import choose_card
from rulesref.games.netrunner.procedures.damage import damage, increase_damage
from rulesref.games.netrunner.procedures.movements import trash
from rulesref.games.netrunner.procedures.progress import end_the_run
from rulesref.games.netrunner.procedures.traces import trace
from rulesref.games.netrunner.state.events import Damage
from rulesref.games.netrunner.timing.abilities import Ability
from rulesref.games.netrunner.timing.events import Event


class _OneMoreMeatDamage(CardInterrupt):
    """Meat damage the Corp does (not damage the Runner suffers as a cost or from their
    own cards), even while its value is 0 or below (rule_negative_values_imminent)."""

    def applies_to(self, event: Event) -> bool:
        return damage_expected(event, "meat") and getattr(event, "by", None) == "corp"

    def interrupt(self, event: Event) -> None:
        assert isinstance(event, Damage)
        increase_damage(self.game, event, 1, self.card.title)


@implements
class TheCleaners(CardBehaviour):
    title = "The Cleaners"

    def abilities(self) -> list[Ability]:
        return [_OneMoreMeatDamage(self)] if self.active else []


@implements
class Flare(IceBehaviour):
    title = "Flare"

    def subroutines(self) -> list[Instruction]:
        game, label = self.game, f"{self.card.title} subroutine 1"

        def hardware_damage_end(_: Announced) -> None:
            def punish() -> None:
                hardware = [c for c in game.runner.installed if c.is_a("hardware")]
                if hardware:
                    question = f"{label}: trash which piece of hardware?"
                    chosen = choose_card(game, "corp", question, label, hardware)
                    trash(game, [chosen], by="corp", cause=label)
                game.timing.checkpoint(("rule_resolve_ability",))
                damage(game, "meat", 2, source=label, unpreventable=f"{label}'s meat damage")
                game.timing.checkpoint(("rule_resolve_ability",))
                end_the_run(game, cause=label)

            trace(game, 6, source=label, if_successful=punish)

        return [Instruction(label, hardware_damage_end)]
