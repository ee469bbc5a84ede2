"""Jesminder Sareen avoids 1 tag the first time in each run the Runner would take tags."""

from __future__ import annotations

from rulesref.games.netrunner import Game


def test_jesminder_avoids_one_of_the_runs_first_tags_only() -> None:
    game = Game.given(
        corp={"ice": {"HQ": ["Ice Wall"]}},
        runner={"identity": "Jesminder Sareen: Girl Behind the Curtain"},
        turn="runner",
    )
    game.take_tags(1)
    assert game.runner.tags == 1, "not during a run"
    game.run_on("HQ")
    game.take_tags(2)
    assert game.runner.tags == 1 + 1
    game.take_tags(1)
    assert game.runner.tags == 2 + 1
