"""Resources."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import (
    CardBehaviour,
    CardConditional,
    CardInterrupt,
    CostModifier,
    filler,
    implements,
)
from rulesref.games.netrunner.procedures.choices import choose_card, confirm
from rulesref.games.netrunner.procedures.costs import Credits, TrashSelf
from rulesref.games.netrunner.procedures.movements import trash
from rulesref.games.netrunner.state.events import Damage, DamagePrevented, Trash
from rulesref.games.netrunner.state.objects import CardView, NetrunnerCard
from rulesref.games.netrunner.timing.abilities import Ability
from rulesref.games.netrunner.timing.costs import Cost, pay
from rulesref.games.netrunner.timing.events import Event


def _runner_trashed_own_installed(event: Trash) -> bool:
    return event.player == "runner" and any(
        v.owner == "runner" and v.installed for v in event.views_of_remaining()
    )


class _FirstOwnInstalledTrash(CardConditional):
    def is_met_by(self, event: Event) -> bool:
        return (
            isinstance(event, Trash)
            and _runner_trashed_own_installed(event)
            and self.game.history.is_first_this_turn(event, _runner_trashed_own_installed)
        )

    def resolve(self, event: Event) -> None:
        self.game.runner.credits += 1
        self.game.log.record((), "the Runner gains 1 credit")


@implements
class Wasteland(CardBehaviour):
    """Asks the turn's history whether this is the first such trash, rather than keeping a flag."""

    title = "Wasteland"

    def abilities(self) -> list[Ability]:
        return [_FirstOwnInstalledTrash(self)] if self.active else []


def _program_or_hardware(view: CardView) -> bool:
    return view.installed and view.is_a("program", "hardware")


class _PreventProgramOrHardwareTrash(CardInterrupt):
    prevents = True

    def applies_to(self, event: Event) -> bool:
        return isinstance(event, Trash) and any(
            _program_or_hardware(v) for v in event.views_of_remaining()
        )

    def cost(self, event: Event | None) -> Cost | None:
        return Cost((TrashSelf(self.game, self.card),))

    def interrupt(self, event: Event) -> None:
        assert isinstance(event, Trash)
        views = [v for v in event.views_of_remaining() if _program_or_hardware(v)]
        card = choose_card(
            self.game,
            "runner",
            f"{self.label}: prevent trashing which card?",
            f"{self.label}'s ability",
            [v.ref.card for v in views],
        )
        chosen = next(v for v in views if v.ref.card is card)
        self.game.log.record((), f"{self.card.title} prevents trashing {chosen.title}")
        event.prevent(self.label, part=chosen.ref.card)


@implements
class SacrificialConstruct(CardBehaviour):
    title = "Sacrificial Construct"

    def abilities(self) -> list[Ability]:
        return [_PreventProgramOrHardwareTrash(self, optional=True)] if self.active else []


def _program_or_hardware_trashed(event: Trash) -> bool:
    return any(v.is_a("program", "hardware") for v in event.views_of_remaining())


class _FirstProgramOrHardwareTrash(CardConditional):
    def is_met_by(self, event: Event) -> bool:
        return (
            isinstance(event, Trash)
            and _program_or_hardware_trashed(event)
            and self.game.history.is_first_this_turn(event, _program_or_hardware_trashed)
        )

    def resolve(self, event: Event) -> None:
        self.card.counters["power"] += 1
        self.game.log.record(
            (), f"{self.card.title} gets 1 power counter ({self.card.counters['power']} in all)"
        )


@implements
class District99(CardBehaviour):
    title = "District 99"

    def abilities(self) -> list[Ability]:
        return [_FirstProgramOrHardwareTrash(self, optional=True)] if self.active else []


class _PreventNetAndMeatDamage(CardInterrupt):
    prevents = True

    def applies_to(self, event: Event) -> bool:
        return (
            isinstance(event, Damage)
            and event.player == "runner"
            and event.damage_type in ("net", "meat")
        )

    def would_stop(self, event: Event) -> bool:
        return True

    def interrupt(self, event: Event) -> None:
        assert isinstance(event, Damage)
        event.prevent(self.label)
        self.game.timing.perform(
            DamagePrevented("runner", event.amount, self.card.title), lambda: None
        )


class _PayOrTrashAfterPreventing(CardConditional):
    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, DamagePrevented) and event.by == self.card.title

    def resolve(self, event: Event) -> None:
        game = self.game
        price = Cost((Credits(game, "runner", 4),))
        if not price.obstacles() and confirm(
            game, "runner", f"pay {price.describe()} to keep {self.card.title}?", self.label
        ):
            pay(price, payer="Runner", purpose=f"keeping {self.card.title}", timing=game.timing)
        else:
            trash(game, [self.card], by="runner", cause=f"{self.card.title} was not paid for")


@implements
class GuruDavinder(CardBehaviour):
    """A mandatory interrupt that prevents damage, so damage as a cost cannot be paid."""

    title = "Guru Davinder"

    def abilities(self) -> list[Ability]:
        if not self.active:
            return []
        return [_PreventNetAndMeatDamage(self), _PayOrTrashAfterPreventing(self)]


class _RaiseIceRezCost(CostModifier):
    def __init__(self, behaviour: CardBehaviour) -> None:
        super().__init__(behaviour.card.title, behaviour.controller, key=behaviour.key("cost"))

    def change(self, kind: str, card: NetrunnerCard) -> int:
        return 1 if kind == "rez" and card.is_a("ice") else 0


@implements
class Xanadu(CardBehaviour):
    """A static ability raising the rez cost of every piece of ice."""

    title = "Xanadu"

    def abilities(self) -> list[Ability]:
        return [_RaiseIceRezCost(self)] if self.active else []


filler("Kati Jones")
