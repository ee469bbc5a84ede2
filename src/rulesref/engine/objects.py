"""Cards as game objects.

Rules say a card "becomes a new object" when it changes zone (and in some games
when it is rearranged), so an ability that was tracking it loses track.  A
:class:`Card` is the physical card; its :attr:`~Card.object_id` is the identity
of the object it currently is, and an :class:`ObjectRef` remembers one such
identity so that "is this still the card I chose?" has an honest answer.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Self, TypeVar

if TYPE_CHECKING:
    from rulesref.engine.zones import Zone


class ObjectIds:
    """Hands out object identities; one per game, so games never share state."""

    def __init__(self) -> None:
        self._last = 0

    def next(self) -> int:
        self._last += 1
        return self._last


class Card:
    """A physical card and the object it currently is."""

    def __init__(self, title: str, owner: str, serial: int, object_id: int) -> None:
        self.title = title
        self.owner = owner
        #: Stable for the whole game: which physical card this is.
        self.serial = serial
        #: Changes whenever the card becomes a new object.
        self.object_id = object_id
        self.faceup = False
        self.zone: Zone[Any] | None = None
        #: Counters hosted on this object (advancement, power, virus ...).
        self.counters: Counter[str] = Counter()

    @property
    def facedown(self) -> bool:
        return not self.faceup

    def ref(self) -> ObjectRef[Self]:
        return ObjectRef(self, self.object_id)

    def become_new_object(self, object_id: int) -> None:
        """Forget everything that belonged to the old object: identity and counters."""
        self.object_id = object_id
        self.counters.clear()

    def __repr__(self) -> str:
        return f"<{self.title}>"


C = TypeVar("C", bound=Card)


@dataclass(frozen=True)
class ObjectRef(Generic[C]):
    """One object identity of one card: a target, or what a delayed ability refers to."""

    card: C
    object_id: int

    @property
    def current(self) -> C | None:
        """The card, if it is still this object; ``None`` once it has become another."""
        return self.card if self.card.object_id == self.object_id else None

    def follow(self) -> ObjectRef[C]:
        """The card's present identity, for when the ability holding this ref moved it itself."""
        return ObjectRef(self.card, self.card.object_id)

    def __repr__(self) -> str:
        stale = "" if self.current is not None else ", no longer this object"
        return f"<ref {self.card.title} #{self.object_id}{stale}>"
