"""Winning on agenda points (step_checkpoint_agenda_points): a player with 7 or more wins
at the next checkpoint; both at once, and the game ends in a draw."""

from __future__ import annotations

import pytest

from rulesref.engine.errors import IllegalAction
from rulesref.games.netrunner import Game

SIX = ["Obokata Protocol", "Obokata Protocol"]


@pytest.mark.parametrize("corp_points", [6, 9])
def test_seven_points_each_at_one_checkpoint_is_a_draw(corp_points: int) -> None:
    game = Game.given(
        corp={"score_area": SIX + (["Obokata Protocol"] if corp_points > 6 else [])},
        runner={"score_area": [*SIX, "Obokata Protocol"], "stack": ["Diesel", "Diesel"]},
        turn="runner",
    )
    assert (game.corp.agenda_points, game.runner.agenda_points) == (corp_points, 9)
    game.draw("runner")  # any action: its checkpoint looks at the score areas
    assert game.winner == ("draw" if corp_points > 6 else "runner")
    expected = "it ended in a draw" if corp_points > 6 else "the Runner has won"
    with pytest.raises(IllegalAction, match=expected):
        game.draw("runner")
    assert game.log.citing("step_checkpoint_agenda_points")
