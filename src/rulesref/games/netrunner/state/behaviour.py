"""What a card can do, as the procedures ask it: a card's behaviour.

A behaviour is code for one card title.  Facts (cost, type, subtypes) stay in
the card table; a behaviour only says what the card *does*: the abilities it has
in force now, its subroutines, paid abilities, access abilities, play ability.
The procedures ask these questions and never look at a title; the cards
(:mod:`rulesref.games.netrunner.cards`) answer them.  A title with no behaviour
cannot be used at all: the game refuses it rather than treat it as blank.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from rulesref.games.netrunner.errors import UnimplementedCard
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.payments import Payment
from rulesref.games.netrunner.state.targets import Announced, Slot
from rulesref.games.netrunner.state.zones import ZoneType
from rulesref.games.netrunner.timing.abilities import Ability, Static
from rulesref.games.netrunner.timing.costs import Cost, CostPart

if TYPE_CHECKING:
    from rulesref.games.netrunner.state.table import Table


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
    #: Why it cannot be used now (only while a run is in progress, say), or ``None``.
    restriction: Callable[[], str | None] | None = None
    #: The rule that restricts it, cited when it is refused.
    restriction_rule: str = ""


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
    #: Accessed in R&D, the card is revealed.
    revealed_when_accessed_in_rnd: ClassVar[bool] = False
    #: Its abilities are persistent: trashed while the Runner accesses it rezzed, they go
    #: on applying for the rest of the run.
    persistent: ClassVar[bool] = False
    #: N recurring credits: placed as the card becomes active, refilled up to N.
    recurring_credits: ClassVar[int] = 0
    #: "Install only faceup" (a Corp card that is then neither rezzed nor unrezzed).
    installs_faceup: ClassVar[bool] = False
    #: Some of its abilities are :class:`SubtypeChange` (the game looks only then).
    changes_subtypes: ClassVar[bool] = False

    def __init__(self, game: Table, card: NetrunnerCard) -> None:
        self.game = game
        self.card = card
        #: X, for a card with a play or install cost of X, fixed while it is played.
        self.x: int | None = None
        #: The server it was in when its persistent abilities began to persist.
        self.persisted_in: str | None = None

    def server_name(self) -> str | None:
        """The server this installed card is in (or was in, while it persists)."""
        server = self.card.server
        return server.name if server is not None else self.persisted_in

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
        if card.zone is not None and card.zone_type is ZoneType.SCORE_AREA:
            return card.facts.type == "agenda"
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

    def additional_cost(self) -> list[CostPart]:
        """What playing this card costs on top of its play cost."""
        return []

    def not_trashed_until(self) -> str | None:
        """For a played card that stays in the play area after it resolves: until what."""
        return None

    def install_refusal(self, server: str) -> str | None:
        """Why this card cannot be installed in ``server`` ("install only in ..."), or
        ``None``."""
        return None

    def steal_refusal(self) -> str | None:
        """Why the Runner cannot steal this agenda during the access under way, or ``None``."""
        return None

    def steal_cost(self) -> Cost | None:
        """An additional cost to steal this agenda."""
        return None

    def strength(self) -> int | None:
        return self.card.facts.strength

    def hosted_credits_for(self, payment: Payment) -> str | None:
        """If the credits this card hosts may pay ``payment``: the rule that lets them (a
        use the card names, or a time during which any use is allowed); else ``None``."""
        return None

    def memory_cost(self) -> int:
        """The memory units this program uses (a static ability may add to the printed
        cost)."""
        return self.card.facts.memory_cost or 0

    def agenda_points(self) -> int:
        """What this card is worth in a score area (an ability may add to the printed
        value)."""
        return self.card.facts.agenda_points or 0

    def can_be_advanced(self) -> bool:
        return self.card.facts.type == "agenda" or self.advanceable

    def on_score(self, advancements: int) -> None:
        """Abilities that care about this agenda being scored (``advancements``: the
        advancement counters it hosted as it was scored)."""


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


class SubtypeChange(Static):
    """A static ability (or lingering effect) that gives cards subtypes or takes them away.

    Each gain and loss counts: a card has a subtype while the instances it has (printed
    and gained) outnumber the ones it lost."""

    def changes(self, card: NetrunnerCard) -> Mapping[str, int]:
        """Each subtype ``card`` gains (positive) or loses (negative), and how many times:
        each such ability says."""
        raise NotImplementedError


class CostModifier(Static):
    """A static ability that raises (positive) or lowers (negative) a cost."""

    def change(self, kind: str, card: NetrunnerCard) -> int:
        """How much this ability changes the ``kind`` cost of ``card`` (0: not at all): each
        such ability says."""
        raise NotImplementedError
