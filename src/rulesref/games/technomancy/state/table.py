"""One Technomancy game as the procedures see it: its state, catalogue, log and decisions.

The mutable state (cards, zones, stack, effects, counters, even the random generator) is
one :class:`~rulesref.games.technomancy.state.game_state.GameState`, which a refused action
puts back; the log and the players' answers are kept apart from it, so the log keeps its
record of the attempt and the answers used are not given back.  The procedures
(:mod:`rulesref.games.technomancy.procedures`) take the table; the game facade
(:class:`rulesref.games.technomancy.Game`) is a table with the public actions.
"""

from __future__ import annotations

from rulesref.engine.decisions import Script
from rulesref.engine.log import Log
from rulesref.games.technomancy.state.catalog import CardCatalog
from rulesref.games.technomancy.state.game_state import GameState


class Table:
    def __init__(self, state: GameState, catalog: CardCatalog, log: Log) -> None:
        self.state = state
        self.catalog = catalog
        self.log = log
        #: Where the players' decisions come from: the players' side of the table, so a
        #: refused action does not give back the answers it used.
        self.decider = Script(how_to_answer='game.answers("{player}", ...)')

    def __repr__(self) -> str:
        st = self.state
        return (
            f"<Technomancy game: turn {st.turn}, {st.active}'s {st.phase} phase, "
            f"priority: {st.priority or 'nobody'}, stack: {len(st.stack)}>"
        )
