"""Zones, their visibility, and the one primitive that moves a card between them.

Every change of zone goes through :meth:`Zones.move`, which keeps each card in
exactly one zone and gives it a new object identity.  Whether a move is also a
rules *movement* (an event abilities can see) is the game's business, not the
zone's.
"""

from __future__ import annotations

from collections.abc import Iterator
from enum import Enum
from typing import Generic

from rulesref.engine.objects import C, ObjectIds


class Visibility(Enum):
    #: Cards are visible to both players unless facedown.
    PUBLIC = "public"
    #: Cards are visible to neither player.
    HIDDEN = "hidden"
    #: Cards are visible only to their controller.
    SECRET = "secret"


class Zone(Generic[C]):
    """An ordered list of cards; for decks, index 0 is the top."""

    def __init__(
        self,
        kind: str,
        name: str,
        visibility: Visibility,
        owner: str | None = None,
        ordered: bool = False,
    ) -> None:
        self.kind = kind
        self.name = name
        self.visibility = visibility
        self.owner = owner
        self.ordered = ordered
        self.cards: list[C] = []

    def __contains__(self, card: object) -> bool:
        return any(card is c for c in self.cards)

    def __iter__(self) -> Iterator[C]:
        return iter(list(self.cards))

    def __len__(self) -> int:
        return len(self.cards)

    def position(self, card: C) -> int:
        """1-based position, counted from the top of an ordered zone."""
        for index, c in enumerate(self.cards):
            if c is card:
                return index + 1
        raise ValueError(f"{card!r} is not in {self.name}")

    def __repr__(self) -> str:
        owner = f" of {self.owner}" if self.owner else ""
        return (
            f"<zone {self.name} ({self.kind}{owner}, {self.visibility.value}): {len(self)} cards>"
        )


class Zones(Generic[C]):
    """All the zones of a game; the only place a card's zone changes."""

    def __init__(self, ids: ObjectIds) -> None:
        self._ids = ids
        self._zones: dict[tuple[str, str | None], Zone[C]] = {}

    def add(self, zone: Zone[C]) -> Zone[C]:
        key = (zone.kind, zone.owner)
        if key in self._zones:
            raise ValueError(f"zone already exists: {zone!r}")
        self._zones[key] = zone
        return zone

    def get(self, kind: str, owner: str | None = None) -> Zone[C]:
        return self._zones[(kind, owner)]

    def __iter__(self) -> Iterator[Zone[C]]:
        return iter(self._zones.values())

    def cards(self) -> Iterator[C]:
        for zone in self._zones.values():
            yield from zone.cards

    def put(self, card: C, zone: Zone[C]) -> None:
        """Place a card that is in no zone yet (game setup)."""
        if card.zone is not None:
            raise ValueError(f"{card!r} is already in {card.zone.name}")
        zone.cards.append(card)
        card.zone = zone

    def move(self, card: C, zone: Zone[C], index: int | None = None) -> C:
        """Move ``card`` to ``zone`` at ``index`` (``None``: the end) as a new object.

        The move is instantaneous: the card leaves its old zone and enters the new
        one in the same step, so it is never in two zones or in none.
        """
        old = card.zone
        if old is not None:
            old.cards[:] = [c for c in old.cards if c is not card]
        if index is None:
            zone.cards.append(card)
        else:
            zone.cards.insert(index, card)
        card.zone = zone
        card.become_new_object(self._ids.next())
        return card

    def renew(self, card: C) -> C:
        """Make ``card`` a new object where it is (arranging does this)."""
        card.become_new_object(self._ids.next())
        return card
