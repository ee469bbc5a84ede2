"""A player's maximum hand size: five, plus what active abilities add (worked out when
asked, so it changes the moment what it depends on does)."""

from __future__ import annotations

from abc import ABC, abstractmethod

from rulesref.games.netrunner.state.table import Table
from rulesref.games.netrunner.state.zones import ZoneType

BASE_HAND_SIZE = 5


class HandSizeSource(ABC):
    """Mixed into a behaviour whose active ability changes a player's maximum hand size."""

    @abstractmethod
    def hand_size_change(self, side: str) -> int:
        """How much this card's ability adds to ``side``'s maximum hand size (each card
        says: there is no default)."""


def max_hand_size(game: Table, side: str) -> int:
    total = BASE_HAND_SIZE - game.player(side).core_damage
    for card in game.zones.get(ZoneType.PLAY_AREA).cards:
        behaviour = card.behaviour
        if isinstance(behaviour, HandSizeSource) and behaviour.active:
            total += behaviour.hand_size_change(side)
    return total
