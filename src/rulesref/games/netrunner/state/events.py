"""Netrunner's events.  Ten kinds are movements, as the rules list them.

Adding, moving, discarding, setting aside and removing from the game change a
card's zone too, but they are not movements and are not events here: nothing
can interrupt them and no condition can be met by them.
"""

from __future__ import annotations

from typing import ClassVar

from rulesref.games.netrunner.state.objects import CardView, NetrunnerCard
from rulesref.games.netrunner.state.runs import IceEncounter
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
        self.amount = amount
        self.source = source

    def describe(self) -> str:
        how = " as a cost" if self.as_cost else ""
        return f"{(self.player or '').title()} suffers {self.amount} {self.damage_type} damage{how}"


class Breach(NetrunnerEvent):
    kind = "breach"

    def __init__(self, player: str, server: str) -> None:
        super().__init__(player)
        self.server = server

    def describe(self) -> str:
        return f"Runner breaches {self.server}"


class DetermineLimit(NetrunnerEvent):
    """The random access limit of a breach of HQ or R&D is being determined: abilities
    that let the Runner access additional cards add to it now."""

    kind = "random access limit"

    def __init__(self, server: str) -> None:
        super().__init__("runner")
        self.server = server
        self.additional = 0
        #: Abilities that add to the limit, and by how much.
        self.sources: list[tuple[str, int]] = []

    def add(self, source: str, amount: int) -> None:
        self.additional += amount
        self.sources.append((source, amount))

    @property
    def limit(self) -> int:
        return 1 + self.additional

    def describe(self) -> str:
        return f"the random access limit of the breach of {self.server} is determined"


class BreachEnds(NetrunnerEvent):
    kind = "breach ends"

    def __init__(self, server: str, breach: object) -> None:
        super().__init__("runner")
        self.server = server
        #: The breach that ends (a record of the game).
        self.breach = breach

    def describe(self) -> str:
        return f"the breach of {self.server} is complete"


class RunBegins(NetrunnerEvent):
    kind = "run begins"

    def __init__(self, server: str, basic_action: bool = False) -> None:
        super().__init__("runner")
        self.server = server
        self.basic_action = basic_action

    def describe(self) -> str:
        return f"the run on {self.server} formally begins"


class ApproachIce(NetrunnerEvent):
    kind = "approach ice"

    def __init__(self, ice: NetrunnerCard) -> None:
        super().__init__("runner")
        self.ice = ice

    def describe(self) -> str:
        return f"the Runner approaches {self.ice.title}"


class PassIce(NetrunnerEvent):
    kind = "pass ice"

    def __init__(self, ice: NetrunnerCard, after: IceEncounter | None, innermost: bool) -> None:
        super().__init__("runner")
        self.ice = ice
        #: The encounter this pass directly follows in the standard progression, if any.
        self.after = after
        #: No position is inward from the ice passed: all the server's ice is passed.
        self.innermost = innermost

    def describe(self) -> str:
        return f"the Runner passes {self.ice.title}"


class ApproachServer(NetrunnerEvent):
    kind = "approach server"

    def __init__(self, server: str) -> None:
        super().__init__("runner")
        self.server = server

    def describe(self) -> str:
        return f"the Runner approaches {self.server}"


class SuccessfulRun(NetrunnerEvent):
    kind = "successful run"

    def __init__(self, server: str) -> None:
        super().__init__("runner")
        self.server = server

    def describe(self) -> str:
        return f"the run on {self.server} is declared successful"


class UnsuccessfulRun(NetrunnerEvent):
    kind = "unsuccessful run"

    def __init__(self, server: str) -> None:
        super().__init__("runner")
        self.server = server

    def describe(self) -> str:
        return f"the run on {self.server} is unsuccessful"


class RunEnds(NetrunnerEvent):
    kind = "run ends"

    def __init__(self, server: str, successful: bool, run: object | None = None) -> None:
        super().__init__("runner")
        self.server = server
        self.successful = successful
        #: The run that is complete (a record of the game).
        self.run = run

    def describe(self) -> str:
        return f"the run on {self.server} is completed"


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


class Encounter(NetrunnerEvent):
    kind = "encounter"

    def __init__(self, ice: NetrunnerCard, encounter: IceEncounter | None = None) -> None:
        super().__init__("runner")
        self.ice = ice
        #: The encounter that begins (a record of the run).
        self.encounter = encounter

    def describe(self) -> str:
        return f"the Runner encounters {self.ice.title}"


class EncounterEnds(NetrunnerEvent):
    kind = "encounter ends"

    def __init__(self, ice: NetrunnerCard, encounter: IceEncounter) -> None:
        super().__init__("runner")
        self.ice = ice
        self.encounter = encounter

    def describe(self) -> str:
        return f"the encounter with {self.ice.title} ends"


class FullyBreak(NetrunnerEvent):
    kind = "fully break"

    def __init__(self, ice: NetrunnerCard, by: object | None) -> None:
        super().__init__("runner")
        self.ice = ice
        #: The object whose abilities broke every subroutine, if one did.
        self.by = by

    def describe(self) -> str:
        return f"the Runner fully breaks {self.ice.title}"


class DamagePrevented(NetrunnerEvent):
    """An ability prevented damage; abilities that care about preventing it can trigger."""

    kind = "damage prevented"

    def __init__(self, player: str, amount: int, by: str) -> None:
        super().__init__(player)
        self.amount = amount
        self.by = by

    def describe(self) -> str:
        return f"{self.by} prevents {self.amount} damage"
