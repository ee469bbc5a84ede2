"""The beginning of a turn: clicks allotted, turn-begins abilities, the Corp's draw."""

from __future__ import annotations

from collections.abc import Callable

from rulesref.engine.errors import IllegalAction
from rulesref.games.netrunner.procedures.drawing import draw
from rulesref.games.netrunner.procedures.movements import side_label
from rulesref.games.netrunner.state.events import TurnBegins
from rulesref.games.netrunner.state.table import Table
from rulesref.games.netrunner.state.turn_events import TurnEnds

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
    game.timing.perform(TurnBegins(side), lambda: None)
    game.timing.settle()
    if side == "corp" and game.winner is None:
        game.log.record((), "the Corp takes its mandatory draw")
        draw(game, {"corp": 1})


def end_turn(game: Table, side: str) -> None:
    """``side``'s turn ends: "when this turn ends" abilities resolve, then whatever lasts
    "this turn" expires (each such effect compares the turn it began in)."""
    if game.active != side:
        raise IllegalAction(f"it is not the {side_label(side)}'s turn")
    game.log.record((), f"Turn {game.history.turn}: the {side_label(side)}'s turn ends")
    game.timing.perform(TurnEnds(side), lambda: None)
    game.timing.settle()


def lasts_this_turn(game: Table) -> Callable[[], bool]:
    """For an effect lasting "this turn": true until the turn it was created in ends."""
    turn = game.history.turn
    return lambda: game.history.turn == turn and not game.history.occurred_this_turn(TurnEnds)
