"""Passing priority (rules 3.4.1 to 3.4.6): who has priority next, and what happens once
every player has passed in a row.

When every player has passed in a row, the phase ends if the stack is empty (3.4.4); if not,
its top takes effect (3.4.5) and the active player receives priority again (3.4.6).
"""

from __future__ import annotations

from rulesref.games.technomancy.procedures import turns
from rulesref.games.technomancy.procedures.priority import (
    give_priority,
    require_priority,
    resolve_top,
)
from rulesref.games.technomancy.state.table import Table


def pass_priority(game: Table, player: str) -> None:
    """Rule 3.4.1: a player who neither plays nor activates passes."""
    st = game.state
    require_priority(game, player, "pass")
    game.log.add("tm_3_4_1", f"{player} passes priority")
    st.passes += 1
    if st.passes < len(st.in_turn_order):
        give_priority(game, st.after(player), rule="tm_3_4_2", why=" (next in turn order)")
        return
    st.passes = 0
    st.priority = None
    if not st.stack:
        game.log.add(
            "tm_3_4_4", f"all players passed and the stack is empty: the {st.phase} phase ends"
        )
        turns.end_phase(game)
        return
    game.log.add("tm_3_4_5", "all players passed and the stack is not empty: its top takes effect")
    resolve_top(game)
    give_priority(game, st.active, rule="tm_3_4_6", why=" (active player, after an effect)")
