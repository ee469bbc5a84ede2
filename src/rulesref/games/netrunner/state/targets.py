"""What can be a target in Netrunner: a card as the object it is, or one counter.

A scenario names a card target by its title (or the card object, to tell two
copies apart), a hidden card by its position in the stated deck, and a counter
by the title of the card hosting it.  Announcing and checking targets is a
procedure (:mod:`rulesref.games.netrunner.procedures.targeting`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TypeAlias

from rulesref.engine.objects import ObjectRef
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.zones import ZoneType
from rulesref.games.netrunner.timing.targets import Announcement, Requirement

CardRef: TypeAlias = ObjectRef[NetrunnerCard]


@dataclass(frozen=True)
class CounterRef:
    """One counter on a host object."""

    host: CardRef
    kind: str
    index: int

    @property
    def present(self) -> bool:
        host = self.host.current
        return host is not None and host.counters[self.kind] > self.index


Target: TypeAlias = CardRef | CounterRef
TargetName: TypeAlias = str | int | NetrunnerCard
TargetsArg: TypeAlias = (
    Sequence[TargetName] | Mapping[str, TargetName | Sequence[TargetName]] | None
)
#: An instruction's targets as announced, by the name of what it asked to choose.
Announced = dict[str, Announcement[Target]]


@dataclass(frozen=True)
class Slot:
    """One thing an instruction asks to choose, and how to read the scenario's names for it."""

    requirement: Requirement[Target]
    counters: str | None = None
    #: For "choose 1 of the top N cards": the deck positions refer to.
    deck: tuple[ZoneType, str] | None = None
