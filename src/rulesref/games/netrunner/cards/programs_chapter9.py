"""Programs the rulebook's chapter on abilities names."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import implements
from rulesref.games.netrunner.procedures.breaking import BreakAbility, Breaker


@implements
class GrapplingHook(Breaker):
    """https://netrunnerdb.com/en/card/05045 - trash it to break all but 1 subroutine on a
    piece of ice; not an icebreaker, so strength does not matter."""

    title = "Grappling Hook"
    breaks = (BreakAbility(None, all_but=1, trash_self=True),)
