"""How many subroutines the encountered ice has now, as the encounter sees it.

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


def current_subroutines(
    game: Table, encounter: IceEncounter, ice: NetrunnerCard
) -> list[Instruction]:
    """The ice's subroutines now, in order; a change in their number since the encounter
    last looked is recorded, and the status of the subroutines it touched is reset."""
    assert ice.behaviour is not None
    subroutines = ice.behaviour.subroutines()
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
