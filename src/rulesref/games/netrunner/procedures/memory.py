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

from collections.abc import Iterator, Sequence
from itertools import combinations

from rulesref.engine.errors import IllegalAction
from rulesref.games.netrunner.procedures.choices import choose_card
from rulesref.games.netrunner.procedures.hosting import Host
from rulesref.games.netrunner.procedures.movements import trash
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.table import Table
from rulesref.games.netrunner.state.zones import ZoneType
from rulesref.games.netrunner.timing.abilities import Static

BASE_MEMORY_LIMIT = 4


class MemorySource:
    """Mixed into a behaviour whose active ability changes the Runner's memory limit."""

    def memory_units(self) -> int:
        return 0


class MemoryLimitChange(Static):
    """A lingering effect that raises (positive) or lowers (negative) the memory limit
    while it lasts, whatever became of the card that created it."""

    def __init__(self, source: str, units: int) -> None:
        super().__init__(source, "runner", key=f"memory limit change: {source}")
        self.units = units


def memory_limit(game: Table) -> int:
    extra = 0
    for card in game.zones.get(ZoneType.PLAY_AREA).cards:
        behaviour = card.behaviour
        if isinstance(behaviour, MemorySource) and behaviour.active:
            extra += behaviour.memory_units()
    for effect in game.lingering:
        if isinstance(effect.ability, MemoryLimitChange) and effect.lasts():
            extra += effect.ability.units
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


def _programs_using_memory(game: Table) -> list[NetrunnerCard]:
    return [
        c
        for c in game.zones.get(ZoneType.PLAY_AREA).cards
        if c.installed and c.owner == "runner" and uses_memory(c, c.host)
    ]


def _fits(game: Table, gone: Sequence[NetrunnerCard]) -> bool:
    return memory_in_use(game, gone) <= memory_limit(game)


def appropriate_sets(game: Table) -> Iterator[tuple[NetrunnerCard, ...]]:
    """The sets of programs whose trashing would leave the rest within the memory limit,
    and from which no program can be left out with that still true."""
    programs = _programs_using_memory(game)
    for size in range(1, len(programs) + 1):
        for group in combinations(programs, size):
            if _fits(game, group) and not any(
                _fits(game, [p for p in group if p is not left]) for left in group
            ):
                yield group


def enforce_limit(game: Table) -> None:
    """At a checkpoint: if the programs use more memory than the limit allows (it went
    down), the Runner chooses an appropriate set of installed programs, one program at a
    time, and the set is trashed together.  Only programs of some appropriate set that
    holds those already chosen are offered, so no program the rest would fit without is
    trashed."""
    if _fits(game, ()):
        return
    used, limit = memory_in_use(game), memory_limit(game)
    game.log.record(
        ("step_checkpoint_card_restrictions", "rule_memory_limit"),
        f"checkpoint: the Runner's programs use {used} MU, more than their memory limit of "
        f"{limit}; the Runner chooses an appropriate set of programs to trash",
    )
    sets = list(appropriate_sets(game))
    chosen: list[NetrunnerCard] = []
    while not _fits(game, chosen):
        sets = [g for g in sets if all(any(c is p for p in g) for c in chosen)]
        offered = [p for p in _programs_using_memory(game) if p not in chosen]
        offered = [p for p in offered if any(any(p is q for q in g) for g in sets)]
        chosen.append(
            choose_card(
                game,
                "runner",
                "which program do you trash (memory limit)?",
                "step_checkpoint_card_restrictions",
                offered,
            )
        )
    with game.log.nested():
        trash(game, chosen, by="runner", cause="over the memory limit")
