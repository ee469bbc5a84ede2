"""A breach in progress, as state: the breached server, its random access limit, and what
the Runner has chosen so far.

Candidates are not stored: they are worked out from this record and the cards where
they are now whenever the Runner chooses (see
:mod:`rulesref.games.netrunner.procedures.breach`), so a card that leaves the server
stops being one and a new object (a trashed card now in Archives) can become one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from rulesref.engine.objects import ObjectRef
from rulesref.games.netrunner.state.objects import NetrunnerCard


@dataclass(eq=False)
class Prohibition:
    """The Runner is prohibited from accessing the cards ``forbids`` says (``source`` says
    why)."""

    source: str
    forbids: Callable[[NetrunnerCard], bool]


@dataclass(eq=False)
class BreachState:
    server: str
    #: The random access limit (HQ and R&D), fixed before the first choice.
    limit: int | None = None
    #: How many times a candidate from the Corp's hand or deck was chosen.
    chosen_from_zone: int = 0
    #: Every object chosen for access this breach (it ceases to be a candidate).
    chosen: list[ObjectRef[NetrunnerCard]] = field(default_factory=list)
    #: The root of the server as the breach began, and cards the Runner declared
    #: candidates as they entered it.
    root: list[ObjectRef[NetrunnerCard]] = field(default_factory=list)
    #: Cards that entered the root during the breach, declared candidates or not.
    declared: list[ObjectRef[NetrunnerCard]] = field(default_factory=list)
    declined: list[ObjectRef[NetrunnerCard]] = field(default_factory=list)
    prohibitions: list[Prohibition] = field(default_factory=list)
    over: bool = False

    def was_chosen(self, card: NetrunnerCard) -> bool:
        return any(ref.current is card for ref in self.chosen)
