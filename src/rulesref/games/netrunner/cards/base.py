"""How a card is defined: one behaviour class per title, registered by import.

A card module subclasses :class:`CardBehaviour` (or a kind of it a procedure
defines: :class:`~rulesref.games.netrunner.procedures.breaking.Icebreaker`,
:class:`~rulesref.games.netrunner.procedures.hosting.Host` ...), marks it with
:func:`implements`, and answers only with the shared vocabulary gathered here:
abilities that interrupt, wait for a condition or are static, instructions with
targets, paid and access abilities, and costs made of the game's cost parts.
Nothing else is needed to add a card.
"""

from __future__ import annotations

from typing import TypeVar

from rulesref.games.netrunner.errors import UnimplementedCard
from rulesref.games.netrunner.procedures.installing import install, runner_install_problem
from rulesref.games.netrunner.procedures.movements import trash
from rulesref.games.netrunner.procedures.searching import search_for
from rulesref.games.netrunner.procedures.targeting import card_slot, cards_of, still_valid
from rulesref.games.netrunner.state.behaviour import (
    AccessAbility,
    CardBehaviour,
    CostModifier,
    Filler,
    Instruction,
    PaidAbility,
)
from rulesref.games.netrunner.state.events import Access
from rulesref.games.netrunner.state.table import Table
from rulesref.games.netrunner.state.targets import Announced, Slot
from rulesref.games.netrunner.state.zones import ZoneType
from rulesref.games.netrunner.timing.abilities import Ability, Conditional, Interrupt, Static
from rulesref.games.netrunner.timing.events import Event

__all__ = [
    "AccessAbility",
    "Announced",
    "CardBehaviour",
    "CardConditional",
    "CardInterrupt",
    "CardStatic",
    "CostModifier",
    "Filler",
    "Instruction",
    "PaidAbility",
    "UnimplementedCard",
    "filler",
    "implements",
    "trash_instruction",
]


class _CardAbility(Ability):
    """What every triggered card ability carries besides its timing: the behaviour,
    game and card it belongs to, and a key per ability class for "once per turn"."""

    def __init__(
        self,
        behaviour: CardBehaviour,
        *,
        optional: bool = False,
        once_per_turn: bool = False,
        label: str | None = None,
    ) -> None:
        super().__init__(
            label or behaviour.card.title,
            behaviour.controller,
            key=behaviour.key(type(self).__name__),
            optional=optional,
            once_per_turn=once_per_turn,
            source=behaviour.card,
        )
        self.behaviour = behaviour
        self.game = behaviour.game
        self.card = behaviour.card


class CardInterrupt(_CardAbility, Interrupt):
    pass


class CardConditional(_CardAbility, Conditional):
    pass


class WhenAccessedOutsideArchives(CardConditional):
    """"When the Runner accesses this card" on a card that says it does nothing in
    Archives (ambushes, ice that the Runner encounters when accessed): met by its own
    access anywhere but in the Corp's discard pile."""

    def is_met_by(self, event: Event) -> bool:
        return (
            isinstance(event, Access)
            and any(c is self.card for c in event.cards)
            and self.card.zone_type is not ZoneType.DISCARD
        )


class CardStatic(Static):
    def __init__(self, behaviour: CardBehaviour) -> None:
        super().__init__(
            behaviour.card.title,
            behaviour.controller,
            key=behaviour.key("static"),
            source=behaviour.card,
        )
        self.behaviour = behaviour
        self.game = behaviour.game
        self.card = behaviour.card


REGISTRY: dict[str, type[CardBehaviour]] = {}

B = TypeVar("B", bound=type[CardBehaviour])


def implements(cls: B) -> B:
    """Register a behaviour class under its card title."""
    if cls.title in REGISTRY:
        raise ValueError(f"two behaviours for {cls.title!r}")
    REGISTRY[cls.title] = cls
    return cls


def filler(*titles: str) -> None:
    """Register real cards used only as bodies of their type."""
    for title in titles:
        implements(type(f"Filler_{title}", (Filler,), {"title": title}))


def trash_instruction(
    game: Table,
    card_type: str,
    count: int,
    *,
    chooser: str,
    by: str,
    cause: str,
    label: str | None = None,
    wording: str | None = None,
) -> Instruction:
    """Trash N cards of a type, with no zone stated: only installed cards can be chosen.

    ``wording`` is what the instruction calls its target ("installed program").
    """

    def slots() -> dict[str, Slot]:
        return {
            card_type: card_slot(
                wording or card_type, count, lambda c: c.installed and c.is_a(card_type)
            )
        }

    def resolve(announced: Announced) -> None:
        chosen = cards_of(still_valid(game, announced[card_type]))
        if chosen:
            trash(game, chosen, by=by, cause=cause)

    return Instruction(label or cause, resolve, slots, chooser)


def search_and_install_instruction(
    game: Table, card_types: tuple[str, ...], wanted: str, *, cause: str
) -> Instruction:
    """"Search your stack for a <type> and install it (paying its costs)": the Runner
    can find only a card of those types that they could install that way."""

    def search_and_install(_: Announced) -> None:
        found = search_for(
            game,
            "runner",
            wanted,
            lambda c: c.is_a(*card_types) and runner_install_problem(game, c) is None,
            by="runner",
            cause=cause,
        )
        if found is not None:
            install(game, found, by="runner", cause=cause)

    return Instruction(cause, search_and_install, chooser="runner")
