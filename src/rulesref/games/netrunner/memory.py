"""Memory units: the Runner's memory limit, and the memory their programs use.

The limit is 4 plus what active cards add; the programs in use are the
installed faceup programs, each using its memory cost, except those hosted on
a card whose ability says their memory does not count.  Both are computed
when asked, so a card that adds memory stops adding it the moment it leaves.
A program can only be installed if the memory it uses fits.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesref.engine.errors import IllegalAction
from rulesref.games.netrunner.hosting import Host
from rulesref.games.netrunner.objects import NetrunnerCard
from rulesref.games.netrunner.zones import ZoneType

if TYPE_CHECKING:
    from rulesref.games.netrunner.game import Game

BASE_MEMORY_LIMIT = 4


class MemorySource:
    """Mixed into a behaviour whose active ability changes the Runner's memory limit."""

    def memory_units(self) -> int:
        return 0


def memory_limit(game: Game) -> int:
    extra = 0
    for card in game.zones.get(ZoneType.PLAY_AREA).cards:
        behaviour = card.behaviour
        if isinstance(behaviour, MemorySource) and behaviour.active:
            extra += behaviour.memory_units()
    return BASE_MEMORY_LIMIT + extra


def uses_memory(card: NetrunnerCard, host: NetrunnerCard | None) -> int:
    if not card.is_a("program"):
        return 0
    behaviour = None if host is None else host.behaviour
    if isinstance(behaviour, Host) and behaviour.active and behaviour.frees_memory(card):
        return 0
    return card.facts.memory_cost or 0


def memory_in_use(game: Game) -> int:
    return sum(
        uses_memory(card, card.host)
        for card in game.zones.get(ZoneType.PLAY_AREA).cards
        if card.installed and card.owner == "runner"
    )


def check_memory(game: Game, card: NetrunnerCard, host: NetrunnerCard | None) -> None:
    """Refuse to install a program whose memory would not fit."""
    needed = uses_memory(card, host)
    if not needed:
        return
    used, limit = memory_in_use(game), memory_limit(game)
    if used + needed > limit:
        raise IllegalAction(
            f"{card.title} needs {needed} MU, and the Runner uses {used} of their {limit} MU: "
            "it would exceed the memory limit"
        )
