"""What every card behaviour can offer the game, and the registry of implemented cards.

A behaviour is code for one card title.  Facts (cost, type, subtypes) stay in
the card table; a behaviour only says what the card *does*.  A title with no
behaviour cannot be used at all: the game refuses it rather than treat it as
blank.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar, TypeVar

from rulesref.engine.costs import Cost
from rulesref.engine.targets import Announcement
from rulesref.engine.timing import Ability, Conditional, Interrupt, Static
from rulesref.games.netrunner.objects import NetrunnerCard
from rulesref.games.netrunner.targeting import Slot, Target
from rulesref.games.netrunner.zones import ZoneType

if TYPE_CHECKING:
    from rulesref.games.netrunner.game import Game

Announced = dict[str, Announcement[Target]]


class UnimplementedCard(Exception):
    """A card the engine has no (or no full) behaviour for."""

    def __init__(self, title: str, what: str = "has no behaviour") -> None:
        super().__init__(f"{title!r} {what} in rulesref.games.netrunner yet")
        self.title = title


#: Zones whose cards the rules declare inactive, and the rule that does.
INACTIVE_ZONES: dict[ZoneType, str] = {ZoneType.DECK: "rule_deck_inactive"}


@dataclass
class Instruction:
    """Something to resolve that may first ask for targets: a subroutine, a paid ability's
    effect, an operation's play ability."""

    label: str
    resolve: Callable[[Announced], None]
    slots: Callable[[], dict[str, Slot]] = field(default=lambda: {})
    #: Who announces the targets.
    chooser: str = "corp"


@dataclass
class PaidAbility:
    label: str
    cost: Callable[[], Cost]
    instruction: Instruction
    once_per_turn: bool = False


@dataclass
class AccessAbility:
    """An ability the Runner may use on the card they are accessing."""

    label: str
    applies: Callable[[NetrunnerCard], bool]
    cost: Callable[[NetrunnerCard], Cost]
    resolve: Callable[[NetrunnerCard], None]
    once_per_turn: bool = False


class CardBehaviour:
    title: ClassVar[str] = ""
    #: "Can be advanced" (agendas always can).
    advanceable: ClassVar[bool] = False

    def __init__(self, game: Game, card: NetrunnerCard) -> None:
        self.game = game
        self.card = card
        #: X, for a card with a play or install cost of X, fixed while it is played.
        self.x: int | None = None

    @property
    def controller(self) -> str:
        return self.card.owner

    def key(self, ability: str = "") -> str:
        """Identifies this card's ability for "once per turn" (each copy counts separately)."""
        return f"{self.card.title}#{self.card.serial}{':' + ability if ability else ''}"

    @property
    def active(self) -> bool:
        """Abilities of installed cards are active while faceup (rezzed, for the Corp).
        The rules also name zones whose cards are inactive whatever else holds."""
        card = self.card
        if card.zone is not None and card.zone_type in INACTIVE_ZONES:
            return False
        return card.is_identity or (card.installed and card.faceup)

    def abilities(self) -> list[Ability]:
        """The interrupts, conditions and static abilities this card has in force now."""
        return []

    def subroutines(self) -> list[Instruction]:
        return []

    def paid_abilities(self) -> list[PaidAbility]:
        return []

    def access_abilities(self) -> list[AccessAbility]:
        return []

    def play(self) -> Instruction:
        raise UnimplementedCard(self.title, "has no play ability")

    def x_limit(self) -> tuple[int, str] | None:
        """For a card whose play or install cost is X: the most X can be, and why."""
        return None

    def play_restriction(self) -> str | None:
        """Why this event or operation cannot be played now, or ``None``."""
        return None

    def steal_cost(self) -> Cost | None:
        """An additional cost to steal this agenda."""
        return None

    def strength(self) -> int | None:
        return self.card.facts.strength

    def can_be_advanced(self) -> bool:
        return self.card.facts.type == "agenda" or self.advanceable

    def on_score(self) -> None:
        """Abilities that care about this agenda being scored."""


class Filler(CardBehaviour):
    """A real card used only as a body of its type (a program to trash, an agenda to steal).

    Its printed abilities are not modelled; anything that would need them is
    refused with :class:`UnimplementedCard` instead of silently doing nothing.
    """

    def subroutines(self) -> list[Instruction]:
        raise UnimplementedCard(self.title, "is filler: its subroutines are not modelled")

    def paid_abilities(self) -> list[PaidAbility]:
        raise UnimplementedCard(self.title, "is filler: its paid abilities are not modelled")

    def play(self) -> Instruction:
        raise UnimplementedCard(self.title, "is filler: its play ability is not modelled")

    def on_score(self) -> None:
        raise UnimplementedCard(self.title, "is filler: its scoring abilities are not modelled")


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


def behaviour_class(title: str) -> type[CardBehaviour]:
    import rulesref.games.netrunner.cards.catalog  # noqa: F401  (registers every card)

    try:
        return REGISTRY[title]
    except KeyError:
        raise UnimplementedCard(title) from None


class CostModifier(Static):
    """A static ability that raises (positive) or lowers (negative) a cost."""

    def change(self, kind: str, card: NetrunnerCard) -> int:
        return 0


def trash_instruction(
    game: Game,
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
    from rulesref.games.netrunner.movements import trash
    from rulesref.games.netrunner.targeting import card_slot, cards_of, still_valid

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
