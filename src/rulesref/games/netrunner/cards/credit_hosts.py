"""Runner cards that host credits which can pay only some things, and the icebreaker
whose install ability they pay for.

Which payments a card's credits may make is the card's answer to
:meth:`~rulesref.games.netrunner.state.behaviour.CardBehaviour.hosted_credits_for`;
dividing a payment, and placing and refilling recurring credits, are procedures
(:mod:`rulesref.games.netrunner.procedures.credit_sources`).
"""

from __future__ import annotations

from rulesref.engine.objects import ObjectRef
from rulesref.games.netrunner.cards.base import CardBehaviour, CardConditional, implements
from rulesref.games.netrunner.procedures.breaking import BreakAbility, Icebreaker
from rulesref.games.netrunner.procedures.choices import choose_number
from rulesref.games.netrunner.procedures.costs import Credits
from rulesref.games.netrunner.procedures.credit_sources import CREDIT, available
from rulesref.games.netrunner.procedures.damage import damage
from rulesref.games.netrunner.procedures.memory import MemorySource
from rulesref.games.netrunner.procedures.movements import trash
from rulesref.games.netrunner.procedures.state_checks import StateWatcher
from rulesref.games.netrunner.state.events import Install, TraceResult
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.payments import Payment, Use
from rulesref.games.netrunner.state.table import Table
from rulesref.games.netrunner.timing.abilities import Ability
from rulesref.games.netrunner.timing.costs import Cost, pay
from rulesref.games.netrunner.timing.events import Event


def _using_icebreaker(payment: Payment) -> bool:
    card = payment.card
    return (
        payment.use is Use.ABILITY
        and card is not None
        and card.is_a("program")
        and card.has_subtype("icebreaker")
    )


@implements
class Cyberfeeder(CardBehaviour):
    """1 recurring credit, for using icebreakers or installing virus programs."""

    title = "Cyberfeeder"
    recurring_credits = 1

    def hosted_credits_for(self, payment: Payment) -> str | None:
        card = payment.card
        installing_virus = (
            payment.use is Use.INSTALL
            and card is not None
            and card.is_a("program")
            and card.has_subtype("virus")
        )
        return (
            "rule_spend_hosted_credits" if _using_icebreaker(payment) or installing_virus else None
        )


class _CoreDamageOnTrace(CardConditional):
    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, TraceResult) and event.successful and self.game.run is not None

    def resolve(self, event: Event) -> None:
        damage(self.game, "core", 1, source=self.card.title)


@implements
class SpinalModem(CardBehaviour, MemorySource):
    """A console: 1 more memory unit, 2 recurring credits for using icebreakers, and 1 core
    damage whenever a trace is successful during a run."""

    title = "Spinal Modem"
    recurring_credits = 2

    def memory_units(self) -> int:
        return 1

    def hosted_credits_for(self, payment: Payment) -> str | None:
        return "rule_spend_hosted_credits" if _using_icebreaker(payment) else None

    def abilities(self) -> list[Ability]:
        return [_CoreDamageOnTrace(self)] if self.active else []


class _PlaceCreditsWhenInstalled(CardConditional):
    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, Install) and any(c is self.card for c in event.cards)

    def resolve(self, event: Event) -> None:
        self.card.counters[CREDIT] += 3
        self.game.log.record((), f"{self.card.title}: 3 credits are placed on it")


@implements
class GhostRunner(CardBehaviour, StateWatcher):
    """Installed with 3 credits, spendable on anything during a run; trashed once empty."""

    title = "Ghost Runner"

    def __init__(self, game: Table, card: NetrunnerCard) -> None:
        super().__init__(game, card)
        #: This object, once a checkpoint saw credits on it (only then can it run out).
        self.loaded: ObjectRef[NetrunnerCard] | None = None

    def abilities(self) -> list[Ability]:
        return [_PlaceCreditsWhenInstalled(self)] if self.active else []

    def hosted_credits_for(self, payment: Payment) -> str | None:
        return "rule_spend_hosted_credits_during" if self.game.run is not None else None

    def at_checkpoint(self) -> None:
        if self.card.counters[CREDIT]:
            self.loaded = self.card.ref()
        elif self.loaded is not None and self.loaded.current is self.card:
            trash(self.game, [self.card], by="runner", cause=f"{self.title} has no credits left")


class _SpendForPowerCounters(CardConditional):
    """As it is installed, the Runner may spend any number of credits: that many power
    counters."""

    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, Install) and any(c is self.card for c in event.cards)

    def resolve(self, event: Event) -> None:
        game, card = self.game, self.card
        payment = Payment(Use.ABILITY, card)
        count = choose_number(
            game,
            "runner",
            f"{card.title}: spend how many credits for as many power counters?",
            card.title,
            0,
            available(game, "runner", payment),
        )
        if count:
            price = Cost((Credits(game, "runner", count, payment),))
            pay(price, payer="Runner", purpose=f"using {card.title}", timing=game.timing)
        card.counters["power"] += count
        game.log.record((), f"{card.title} gets {count} power counters")


@implements
class Atman(Icebreaker):
    """An AI icebreaker as strong as its power counters, breaking only ice of exactly its
    strength; its counters are bought as it is installed."""

    title = "Atman"
    breaks = (BreakAbility(None, 1, equal_strength=True),)

    def strength(self) -> int | None:
        return (self.card.facts.strength or 0) + self.card.counters["power"]

    def abilities(self) -> list[Ability]:
        return [_SpendForPowerCounters(self)] if self.active else []
