"""Which subroutines a piece of ice has now, in order, and how the encounter sees changes.

A piece of ice has its printed subroutines (or those its own static ability
grants), then those other abilities made it gain: each gain goes after every
subroutine the ice had when that ability began to apply to it
(rule_subroutines_added_to_end_default), so gains are ordered by that moment.

Some ice has a number of subroutines that its own static ability sets and that
changes with the game (one per card in HQ, say).  Subroutines keep their order:
new ones come after the ones the ice had (rule_subroutines_static_ability_increase)
and are unbroken for the encounter (rule_new_subroutines_during_encounter); lost
ones go from the last backwards (rule_subroutines_static_ability_decrease), so
what was broken among those that remain stays broken.
"""

from __future__ import annotations

from rulesref.games.netrunner.state.behaviour import Instruction
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.runs import IceEncounter
from rulesref.games.netrunner.state.table import Table
from rulesref.games.netrunner.timing.abilities import Static


class SubroutineGrant(Static):
    """An ability making a piece of ice gain subroutines (a lingering effect, usually)."""

    def grants(self, ice: NetrunnerCard) -> tuple[int, list[Instruction]] | None:
        """The subroutines ``ice`` gains from it, with the moment the ability began to apply
        to it (a position in the game's history); ``None``: it gives ``ice`` none."""
        return None


def moment(game: Table) -> int:
    """Now, as a position in the game's history (what orders gained subroutines)."""
    return sum(1 for _ in game.history)


def subroutines_now(game: Table, ice: NetrunnerCard) -> list[Instruction]:
    """The ice's subroutines in order: its own, then those it gained, oldest gain first."""
    assert ice.behaviour is not None
    gains = [
        granted
        for ability in game.abilities()
        if isinstance(ability, SubroutineGrant) and (granted := ability.grants(ice)) is not None
    ]
    gained = [s for _, subroutines in sorted(gains, key=lambda g: g[0]) for s in subroutines]
    return [*ice.behaviour.subroutines(), *gained]


def announce_gain(game: Table, ice: NetrunnerCard, count: int, what: str, source: str) -> None:
    """Say which numbers the subroutines ``ice`` has just gained take: the last ones."""
    total = len(subroutines_now(game, ice))
    numbers = ", ".join(str(n) for n in range(total - count + 1, total + 1))
    game.log.record(
        "rule_subroutines_added_to_end_default",
        f"{source}: {ice.title} gains {count} {what} subroutine{'s' if count != 1 else ''} after "
        f"all its others for the remainder of the run (subroutine{'s' if count != 1 else ''} "
        f"{numbers} of {total})",
    )


def current_subroutines(
    game: Table, encounter: IceEncounter, ice: NetrunnerCard
) -> list[Instruction]:
    """The ice's subroutines now, in order; a change in their number since the encounter
    last looked is recorded, and the status of the subroutines it touched is reset."""
    subroutines = subroutines_now(game, ice)
    total, seen = len(subroutines), encounter.seen_total
    encounter.seen_total = total
    if seen is None or seen == total:
        return subroutines
    changed = range(min(seen, total) + 1, max(seen, total) + 1)
    for number in changed:
        encounter.broken.pop(number, None)
        encounter.resolved.discard(number)
    which = ", ".join(map(str, changed))
    if total > seen:
        game.log.record(
            ("rule_subroutines_static_ability_increase", "rule_new_subroutines_during_encounter"),
            f"{ice.title} gains subroutine{'s' if len(changed) > 1 else ''} {which}, after the "
            f"{seen} it had, unbroken for this encounter",
        )
    else:
        game.log.record(
            "rule_subroutines_static_ability_decrease",
            f"{ice.title} loses its last subroutine{'s' if len(changed) > 1 else ''} ({which}), "
            "working backwards; the others keep their status",
        )
    return subroutines
