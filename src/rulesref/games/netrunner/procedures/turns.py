"""The beginning of a turn: clicks allotted, turn-begins abilities, the Corp's draw."""

from __future__ import annotations

from rulesref.games.netrunner.procedures.credit_sources import refill_recurring
from rulesref.games.netrunner.procedures.drawing import draw
from rulesref.games.netrunner.procedures.movements import side_label
from rulesref.games.netrunner.state.events import TurnBegins
from rulesref.games.netrunner.state.table import Table

ALLOTTED_CLICKS = {"corp": 3, "runner": 4}


def begin_turn(game: Table, side: str) -> None:
    game.history.begin_turn()
    game.active = side
    for player in (game.corp, game.runner):
        player.clicks = ALLOTTED_CLICKS[side] if player.side == side else 0
        player.clicks_spent = 0
    game.log.record(
        (),
        f"Turn {game.history.turn}: the {side_label(side)}'s turn begins "
        f"with {ALLOTTED_CLICKS[side]} clicks",
    )
    refill_recurring(game, side, f"step_{side}_turn_recurring_credits_refill")
    game.timing.perform(TurnBegins(side), lambda: None)
    game.timing.settle()
    if side == "corp" and game.winner is None:
        game.log.record((), "the Corp takes its mandatory draw")
        draw(game, {"corp": 1})
