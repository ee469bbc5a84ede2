"""The threat level: the most agenda points any player has (rule_threat_level).  An
ability flagged "threat N" is active only while it is N or more (rule_threat_flag),
whatever else would make it active."""

from __future__ import annotations

from rulesref.games.netrunner.state.table import Table


def threat_level(game: Table) -> int:
    return max(game.corp.agenda_points, game.runner.agenda_points)


def threat_active(game: Table, n: int, label: str) -> bool:
    """Whether a "threat ``n``" ability is active now; the trace says why."""
    level = threat_level(game)
    active = level >= n
    game.log.record(
        ("rule_threat_flag", "rule_threat_level"),
        f"{label}: the threat level is {level}, so its threat {n} ability is "
        f"{'active' if active else 'inactive'}",
    )
    return active
