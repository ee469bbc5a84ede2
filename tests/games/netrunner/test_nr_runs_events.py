"""An event that makes a run, played while a run is in progress: refused, whole."""

from __future__ import annotations

import pytest

from rulesref.engine.errors import IllegalAction
from rulesref.games.netrunner import Game


def _runner() -> Game:
    return Game.given(
        corp={"hq": ["Hedge Fund"], "remote": {"Server 1": ["Raman Rai"]}},
        runner={"grip": ["Account Siphon"], "credits": 5},
        turn="runner",
    )


def test_no_run_event_during_a_run() -> None:
    # During a run the players act only in its paid ability windows, and playing an
    # event is an action of the Action Phase.
    game = _runner()
    game.run_on("R&D")
    before = game.state()
    with pytest.raises(IllegalAction, match="cannot be played as an action during the run"):
        game.play_run("Account Siphon", on="HQ")
    assert game.state() == before


def test_no_second_run_from_a_run_event() -> None:
    # A run set up by hand lets the Runner act, but not make a second run: the event's
    # play is undone, its cost and click with it.
    game = _runner()
    game.start_run("R&D")
    before = game.state()
    with pytest.raises(IllegalAction, match="a run on R&D is already in progress"):
        game.play_run("Account Siphon", on="HQ")
    assert game.state() == before
    assert game.card("Account Siphon").zone_type.value == "hand"
