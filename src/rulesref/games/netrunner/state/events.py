"""Netrunner's events.  Ten kinds are movements, as the rules list them.

Adding, moving, discarding, setting aside and removing from the game change a
card's zone too, but they are not movements and are not events here: nothing
can interrupt them and no condition can be met by them.
"""

from __future__ import annotations

from typing import ClassVar

from rulesref.games.netrunner.state.objects import CardView, NetrunnerCard
from rulesref.games.netrunner.timing.events import Event


def names(cards: list[NetrunnerCard] | list[CardView]) -> str:
    titles = [c.title for c in cards]
    if len(titles) == 2:
        return " and ".join(titles)
    return ", ".join(titles) or "no cards"


class NetrunnerEvent(Event):
    rules: ClassVar[tuple[str, ...]] = ()


class CardsEvent(NetrunnerEvent):
    """An event acting on a set of cards at once; each card is a separable part."""

    verb: ClassVar[str] = "acts on"

    def __init__(
        self,
        player: str,
        cards: list[NetrunnerCard],
        *,
        as_cost: bool = False,
        cause: str | None = None,
    ) -> None:
        super().__init__(player, as_cost=as_cost)
        self.cards = list(cards)
        #: Each card as it was when the event became imminent.
        self.views = [card.view() for card in cards]
        self.cause = cause
        #: The server each card was in (root or ice) as the event became imminent, by
        #: serial: where a card that moved was.
        self.servers: dict[int, str] = {
            card.serial: card.server.name for card in self.cards if card.server is not None
        }

    def parts(self) -> list[object]:
        return list(self.cards)

    def drop_part(self, part: object) -> None:
        self.cards = [c for c in self.cards if c is not part]

    def stale_parts(self) -> list[tuple[object, str]]:
        return [
            (view.ref.card, view.title)
            for view in self.views_of_remaining()
            if view.ref.current is None
        ]

    def views_of_remaining(self) -> list[CardView]:
        return [v for v in self.views if any(v.ref.card is c for c in self.cards)]

    def describe(self) -> str:
        how = " as a cost" if self.as_cost else ""
        by = f" ({self.cause})" if self.cause else ""
        return f"{(self.player or '').title()} {self.verb} {names(self.cards)}{how}{by}"


# -- the ten movements -------------------------------------------------------------------


class Arrange(CardsEvent):
    kind = "arrange"
    movement = True
    verb = "arranges"
    rules = ("movement_arrange",)


class Draw(NetrunnerEvent):
    kind = "draw"
    movement = True
    rules = ("movement_draw",)

    def __init__(self, player: str, count: int) -> None:
        super().__init__(player)
        self.count = count
        #: The cards set aside by this draw; abilities about drawn cards look here.
        self.drawn: list[NetrunnerCard] = []

    def describe(self) -> str:
        cards = "card" if self.count == 1 else "cards"
        return f"{(self.player or '').title()} draws {self.count} {cards}"


class Forfeit(CardsEvent):
    kind = "forfeit"
    movement = True
    verb = "forfeits"
    rules = ("movement_forfeit",)


class Install(CardsEvent):
    kind = "install"
    movement = True
    verb = "installs"
    rules = ("movement_install",)


class Play(CardsEvent):
    kind = "play"
    movement = True
    verb = "plays"
    rules = ("movement_play",)


class Search(CardsEvent):
    kind = "search"
    movement = True
    verb = "searches and finds"
    rules = ("movement_search",)


class Score(CardsEvent):
    kind = "score"
    movement = True
    verb = "scores"
    rules = ("movement_score",)


class Steal(CardsEvent):
    kind = "steal"
    movement = True
    verb = "steals"
    rules = ("movement_steal",)


class Swap(CardsEvent):
    kind = "swap"
    movement = True
    verb = "swaps"
    rules = ("movement_swap",)


class Trash(CardsEvent):
    kind = "trash"
    movement = True
    verb = "trashes"
    rules = ("movement_trash",)
    #: The type of damage whose effect this trash is, if it is one.
    damage_type: str | None = None


MOVEMENT_EVENTS: tuple[type[NetrunnerEvent], ...] = (
    Arrange,
    Draw,
    Forfeit,
    Install,
    Play,
    Search,
    Score,
    Steal,
    Swap,
    Trash,
)

# -- other events -------------------------------------------------------------------------


class Rez(CardsEvent):
    kind = "rez"
    verb = "rezzes"
    rules = ("rule_rez_procedure",)


class Derez(CardsEvent):
    """Not a movement: the card stays where it is, turned facedown."""

    kind = "derez"
    verb = "derezzes"
    rules = ("rule_derez_procedure",)


class Access(CardsEvent):
    kind = "access"
    verb = "accesses"


class Damage(NetrunnerEvent):
    kind = "damage"

    def __init__(
        self,
        player: str,
        damage_type: str,
        amount: int,
        *,
        as_cost: bool = False,
        source: str | None = None,
    ) -> None:
        #: ``player`` suffers the damage.
        super().__init__(player, as_cost=as_cost)
        self.damage_type = damage_type
        #: The type it had as it became imminent ("the first time you would do net damage").
        self.imminent_type = damage_type
        self.amount = amount
        self.source = source
        #: The run in progress as it became imminent (``None``: no run).
        self.during: object | None = None
        #: The player who does the damage ("you would do meat damage" is the Corp's).
        self.by = "corp"

    def describe(self) -> str:
        how = " as a cost" if self.as_cost else ""
        return f"{(self.player or '').title()} suffers {self.amount} {self.damage_type} damage{how}"

    def value_spent(self) -> tuple[tuple[str, ...], int] | None:
        if self.amount > 0:
            return None
        return ("rule_modifiable_value_damage", "rule_negative_values_resolution"), self.amount


class SpendClicks(NetrunnerEvent):
    """A player spends or loses clicks (``verb``), during a run or not."""

    kind = "clicks"

    def __init__(self, player: str, amount: int, verb: str, during_run: str | None) -> None:
        super().__init__(player)
        self.amount = amount
        self.verb = verb
        #: The attacked server, when it happens during a run.
        self.during_run = during_run

    def describe(self) -> str:
        word = "click" if self.amount == 1 else "clicks"
        return f"{(self.player or '').title()} {self.verb} {self.amount} {word}"


class TakeBadPublicity(NetrunnerEvent):
    kind = "take bad publicity"

    def __init__(self, amount: int) -> None:
        super().__init__("corp")
        self.amount = amount

    def describe(self) -> str:
        return f"the Corp takes {self.amount} bad publicity"


class TakeTags(NetrunnerEvent):
    kind = "take tags"

    def __init__(self, amount: int) -> None:
        super().__init__("runner")
        self.amount = amount

    def describe(self) -> str:
        return f"the Runner takes {self.amount} tag{'s' if self.amount != 1 else ''}"

    def value_spent(self) -> tuple[tuple[str, ...], int] | None:
        if self.amount > 0:
            return None
        return ("rule_modifiable_value_tags", "rule_negative_values_resolution"), self.amount


class TagsAvoided(NetrunnerEvent):
    """An ability avoided tags ("whenever you avoid a tag" can trigger)."""

    kind = "tags avoided"

    def __init__(self, amount: int, by: str) -> None:
        super().__init__("runner")
        self.amount = amount
        self.by = by

    def describe(self) -> str:
        return f"{self.by} avoids {self.amount} tag{'s' if self.amount != 1 else ''}"


class TraceResult(NetrunnerEvent):
    """A trace is determined to be successful or unsuccessful."""

    kind = "trace"

    def __init__(self, source: str, successful: bool) -> None:
        super().__init__("corp")
        self.source = source
        self.successful = successful

    def describe(self) -> str:
        return f"the trace of {self.source} is {'' if self.successful else 'un'}successful"


class TurnBegins(NetrunnerEvent):
    kind = "turn begins"

    def describe(self) -> str:
        return f"the {(self.player or '').title()}'s turn begins"


class DamagePrevented(NetrunnerEvent):
    """An ability prevented damage; abilities that care about preventing it can trigger."""

    kind = "damage prevented"

    def __init__(self, player: str, amount: int, by: str) -> None:
        super().__init__(player)
        self.amount = amount
        self.by = by

    def describe(self) -> str:
        return f"{self.by} prevents {self.amount} damage"


class CreateServer(NetrunnerEvent):
    """The Corp creates a remote server, declaring it the destination of a card."""

    kind = "create server"

    def __init__(self, server: str) -> None:
        super().__init__("corp")
        self.server = server

    def describe(self) -> str:
        return f"the Corp creates {self.server}"
