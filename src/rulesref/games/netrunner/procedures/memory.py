"""Memory units: the Runner's memory limit, and the memory their programs use.

The limit is 4 plus what active cards add; the programs in use are the
installed faceup programs, each using its memory cost, except those hosted on
a card whose ability says their memory does not count.  Both are computed
when asked, so a card that adds memory stops adding it the moment it leaves.
A program can only be installed if the memory it uses fits: as part of
installing it the Runner may first trash installed programs to make room.  If
the limit goes down (a card adding memory leaves), at the next checkpoint the
Runner trashes programs of their choice until their programs fit again.
"""

from __future__ import annotations

from collections.abc import Sequence

from rulesref.engine.errors import IllegalAction
from rulesref.games.netrunner.procedures.choices import choose_card
from rulesref.games.netrunner.procedures.hosting import Host
from rulesref.games.netrunner.procedures.movements import trash
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.table import Table
from rulesref.games.netrunner.state.zones import ZoneType

BASE_MEMORY_LIMIT = 4


class MemorySource:
    """Mixed into a behaviour whose active ability changes the Runner's memory limit."""

    def memory_units(self) -> int:
        return 0


def memory_limit(game: Table) -> int:
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
    own = card.behaviour
    return own.memory_cost() if own is not None else card.facts.memory_cost or 0


def memory_in_use(game: Table, without: Sequence[NetrunnerCard] = ()) -> int:
    """The memory units the installed programs use (``without`` some of them, and what
    those host, as if they were already trashed)."""
    gone = list(without)
    return sum(
        uses_memory(card, card.host)
        for card in game.zones.get(ZoneType.PLAY_AREA).cards
        if card.installed
        and card.owner == "runner"
        and not any(card is g or card.host is g for g in gone)
    )


def check_memory(
    game: Table,
    card: NetrunnerCard,
    host: NetrunnerCard | None,
    making_room: Sequence[NetrunnerCard] = (),
) -> None:
    """Refuse to install a program whose memory would not fit, even after trashing the
    programs ``making_room``, before anything of the installation is done."""
    for program in making_room:
        if not (program.installed and program.owner == "runner" and program.is_a("program")):
            raise IllegalAction(f"{program.title} is not an installed program the Runner can trash")
    needed = uses_memory(card, host)
    used, limit = memory_in_use(game, making_room), memory_limit(game)
    if needed and used + needed > limit:
        freed = " after trashing " + ", ".join(p.title for p in making_room) if making_room else ""
        raise IllegalAction(
            f"{card.title} needs {needed} MU, and the Runner uses {used} of their {limit} MU"
            f"{freed}: it would exceed the memory limit; trash programs to make room first"
        )


def make_room(
    game: Table,
    card: NetrunnerCard,
    host: NetrunnerCard | None,
    making_room: Sequence[NetrunnerCard],
) -> None:
    """As part of installing ``card``, trash the programs the Runner chose, then check again
    (a prevented trash frees nothing)."""
    if not making_room:
        return
    game.log.record(
        (),
        f"Runner trashes {', '.join(p.title for p in making_room)} to make room for "
        f"{card.title} in their memory",
    )
    with game.log.nested():
        trash(game, list(making_room), by="runner", cause=f"making room for {card.title}")
    check_memory(game, card, host)


def enforce_limit(game: Table) -> None:
    """At a checkpoint: while the programs use more memory than the limit allows (it
    went down), the Runner trashes installed programs of their choice."""
    while memory_in_use(game) > memory_limit(game):
        used, limit = memory_in_use(game), memory_limit(game)
        programs = [
            c
            for c in game.zones.get(ZoneType.PLAY_AREA).cards
            if c.installed and c.owner == "runner" and uses_memory(c, c.host)
        ]
        game.log.record(
            (), f"the Runner's programs use {used} MU, more than their memory limit of {limit}"
        )
        chosen = choose_card(
            game, "runner", "which program do you trash (memory limit)?", "memory limit", programs
        )
        with game.log.nested():
            if not trash(game, [chosen], by="runner", cause="over the memory limit"):
                return
