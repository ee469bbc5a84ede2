"""Cards whose interrupts change an imminent damage value: they prevent some of it, add to
it, or do it at all.  The value may go to 0 or below while the damage is imminent; only
what is left above 0 as it resolves is done (see
:func:`~rulesref.games.netrunner.procedures.damage.prevent_damage`)."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import (
    CardBehaviour,
    CardConditional,
    CardInterrupt,
    implements,
)
from rulesref.games.netrunner.procedures.choices import choose_number
from rulesref.games.netrunner.procedures.costs import Credits, TrashSelf
from rulesref.games.netrunner.procedures.damage import (
    damage,
    first_imminent_this_run,
    prevent_damage,
    replace_damage,
)
from rulesref.games.netrunner.procedures.movements import trash
from rulesref.games.netrunner.state.events import Access, Damage, TakeTags
from rulesref.games.netrunner.timing.abilities import Ability
from rulesref.games.netrunner.timing.costs import Cost
from rulesref.games.netrunner.timing.events import Event


def damage_expected(event: Event, *types: str) -> bool:
    """An imminent damage effect is still expected (of one of ``types``, if given): a value
    of 0 or less is still a value interrupts may change (rule_negative_values_imminent)."""
    return (
        isinstance(event, Damage)
        and event.player == "runner"
        and not event.prevented
        and (not types or event.damage_type in types)
    )


class _PreventTwoDamage(CardInterrupt):
    prevents = True
    paid = True

    def applies_to(self, event: Event) -> bool:
        return damage_expected(event)

    def cost(self, event: Event | None) -> Cost | None:
        return Cost((TrashSelf(self.game, self.card),))

    def interrupt(self, event: Event) -> None:
        assert isinstance(event, Damage)
        prevent_damage(self.game, event, 2, self.card.title)


@implements
class BiometricSpoofing(CardBehaviour):
    """https://netrunnerdb.com/en/card/13026 - a paid interrupt: trash it to prevent 2
    damage of any type."""

    title = "Biometric Spoofing"

    def abilities(self) -> list[Ability]:
        return [_PreventTwoDamage(self, optional=True)] if self.active else []


class _MeatDamageOnTags(CardConditional):
    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, TakeTags) and event.amount > 0

    def resolve(self, event: Event) -> None:
        damage(self.game, "meat", 1, source=self.card.title)


@implements
class MrStone(CardBehaviour):
    """https://netrunnerdb.com/en/card/13046 - whenever the Runner takes tags, 1 meat
    damage."""

    title = "Mr. Stone"

    def abilities(self) -> list[Ability]:
        return [_MeatDamageOnTags(self)] if self.active else []


class _DamageAndMillWhenAccessed(CardConditional):
    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, Access) and any(c is self.card for c in event.cards)

    def resolve(self, event: Event) -> None:
        game = self.game
        damage(game, "meat", 1, source=self.card.title)
        top = game.runner.deck[:1]
        if top:
            trash(game, top, by="corp", cause=f"{self.card.title}: the top card of the stack")


@implements
class BreachedDome(CardBehaviour):
    """https://netrunnerdb.com/en/card/12113 - revealed when accessed in R&D; accessed
    anywhere, 1 meat damage and the top card of the stack trashed, as one instruction."""

    title = "Breached Dome"
    revealed_when_accessed_in_rnd = True

    def abilities(self) -> list[Ability]:
        return [_DamageAndMillWhenAccessed(self)] if self.card in self.game.accessing else []


class _CoreInsteadOfNet(CardInterrupt):
    """ "The first time you would do net damage during each run against this server": the
    first net damage to become imminent during such a run, even if it is then prevented
    (rule_ordinal_would)."""

    def applies_to(self, event: Event) -> bool:
        run, server = self.game.run, self.behaviour.server_name()
        if run is None or run.server != server or not damage_expected(event, "net"):
            return False
        assert isinstance(event, Damage)
        return event.amount > 0 and first_imminent_this_run(self.game, "net") is event

    def cost(self, event: Event | None) -> Cost | None:
        return Cost((Credits(self.game, "corp", 2),))

    def interrupt(self, event: Event) -> None:
        assert isinstance(event, Damage)
        replace_damage(self.game, event, "core", 1, self.card.title)


@implements
class ToriHanzo(CardBehaviour):
    """https://netrunnerdb.com/en/card/05022 - once each run on its server, the Corp may pay
    2 credits to do 1 core damage instead of the first net damage it would do."""

    title = "Tori Hanzō"

    def abilities(self) -> list[Ability]:
        return [_CoreInsteadOfNet(self, optional=True)] if self.active else []


class _PreventOneNet(CardInterrupt):
    prevents = True
    paid = True

    def applies_to(self, event: Event) -> bool:
        return damage_expected(event, "net")

    def cost(self, event: Event | None) -> Cost | None:
        return Cost((Credits(self.game, "runner", 3),))

    def interrupt(self, event: Event) -> None:
        assert isinstance(event, Damage)
        prevent_damage(self.game, event, 1, self.card.title)


class _PreventUpToTwoCore(CardInterrupt):
    prevents = True
    paid = True

    def applies_to(self, event: Event) -> bool:
        return damage_expected(event, "core")

    def cost(self, event: Event | None) -> Cost | None:
        return Cost((TrashSelf(self.game, self.card),))

    def interrupt(self, event: Event) -> None:
        assert isinstance(event, Damage)
        question = f"{self.label}: prevent how much core damage (up to 2)?"
        amount = choose_number(self.game, "runner", question, self.label, 1, 2)
        prevent_damage(self.game, event, amount, self.card.title)


@implements
class FeedbackFilter(CardBehaviour):
    """https://netrunnerdb.com/en/card/03037 - two paid interrupts: 3 credits to prevent 1
    net damage, or trash it to prevent up to 2 core damage."""

    title = "Feedback Filter"

    def abilities(self) -> list[Ability]:
        if not self.active:
            return []
        return [_PreventOneNet(self, optional=True), _PreventUpToTwoCore(self, optional=True)]
