"""Programs."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import (
    CardBehaviour,
    CardConditional,
    CardInterrupt,
    Instruction,
    PaidAbility,
    implements,
)
from rulesref.games.netrunner.procedures.costs import CountersOnCard, Credits, TrashSelf
from rulesref.games.netrunner.state.events import Install, Trash
from rulesref.games.netrunner.timing.abilities import Ability
from rulesref.games.netrunner.timing.costs import Cost
from rulesref.games.netrunner.timing.events import Event


class _FacedownInsteadOfHeap(CardInterrupt):
    def applies_to(self, event: Event) -> bool:
        return isinstance(event, Trash) and any(c is self.card for c in event.cards)

    def interrupt(self, event: Event) -> None:
        card, log = self.card, self.game.log

        def instead() -> None:
            card.faceup = False
            card.facedown_origin = f"{card.title}, turned facedown instead of going to the heap"
            log.record(
                "sec_replacing_movements",
                f"{card.title} is turned facedown instead of going to the heap; the trash "
                "still took place",
            )

        event.replace(self.label, instead, part=card)


@implements
class Harbinger(CardBehaviour):
    """Replaces where it goes when trashed; the trash itself still happens."""

    title = "Harbinger"

    def abilities(self) -> list[Ability]:
        return [_FacedownInsteadOfHeap(self)] if self.active else []


class _PreventHardwareTrash(CardInterrupt):
    prevents = True

    def _hardware(self, event: Event) -> list[object]:
        if not isinstance(event, Trash):
            return []
        return [
            v.ref.card for v in event.views_of_remaining() if v.installed and v.is_a("hardware")
        ]

    def applies_to(self, event: Event) -> bool:
        return bool(self._hardware(event))

    def cost(self, event: Event | None) -> Cost | None:
        return Cost((Credits(self.game, "runner", 3),))

    def costs(self, event: Event | None) -> list[Cost | None]:
        """Either cost, as the Runner chooses when using it."""
        return [self.cost(event), Cost((TrashSelf(self.game, self.card),))]

    def interrupt(self, event: Event) -> None:
        protected = self._hardware(event)[0]
        assert isinstance(event, Trash)
        self.game.log.record(
            (), f"{self.card.title} prevents trashing {getattr(protected, 'title', protected)}"
        )
        event.prevent(self.label, part=protected)


@implements
class LLDSEnergyRegulator(CardBehaviour):
    title = "LLDS Energy Regulator"

    def abilities(self) -> list[Ability]:
        return [_PreventHardwareTrash(self, optional=True)] if self.active else []


class _LoadVirusCounters(CardConditional):
    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, Install) and any(c is self.card for c in event.cards)

    def resolve(self, event: Event) -> None:
        self.card.counters["virus"] += 3
        self.game.log.record((), f"{self.card.title} gets 3 virus counters")


@implements
class Cache(CardBehaviour):
    title = "Cache"

    def abilities(self) -> list[Ability]:
        return [_LoadVirusCounters(self)] if self.active else []

    def paid_abilities(self) -> list[PaidAbility]:
        game, card = self.game, self.card

        def gain(_: object) -> None:
            game.runner.credits += 1
            game.log.record((), "the Runner gains 1 credit")

        return [
            PaidAbility(
                f"{card.title}: spend a hosted virus counter",
                lambda: Cost((CountersOnCard(card, "virus", 1),)),
                Instruction(card.title, gain, chooser="runner"),
            )
        ]
