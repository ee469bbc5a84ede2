"""The threat level: the greatest score of any player, which "Threat N" abilities read."""

from __future__ import annotations

from rulesref.games.netrunner.state.table import Table


def threat_level(game: Table) -> int:
    """The greatest number of agenda points in any player's score area."""
    return max(game.corp.agenda_points, game.runner.agenda_points)
