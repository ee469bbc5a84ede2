"""The run's steps as the facade drives them: a run an event makes begins while the event
resolves, the Runner's first position is named in the trace, and the calls that set a
run up by hand (for scenarios about one step) refuse what no game could do."""

from __future__ import annotations

import pytest

from rulesref.engine.errors import IllegalAction, IllegalChoice, RulesViolation
from rulesref.games.netrunner import Game


def test_a_run_an_event_makes_begins_before_the_event_leaves_play() -> None:
    game = Game.given(runner={"grip": ["Inside Job"], "credits": 5}, turn="runner")
    game.play_run("Inside Job", on="HQ")
    lines = str(game.log)
    assert lines.index("the run on HQ formally begins") < lines.index("Inside Job goes to the heap")
    assert game.window == "initiation"


@pytest.mark.parametrize("protected", [False, True])
def test_the_runners_first_position_is_the_outermost(protected: bool) -> None:
    game = Game.given(
        corp={"ice": {"HQ": ["Enigma", "Ice Wall"]} if protected else {}}, turn="runner"
    )
    game.run_on("HQ")
    (line,) = str(game.log.citing("step_runner_position")).splitlines()
    if protected:
        assert line.endswith("the Runner's position is the outermost of HQ (Ice Wall)")
    else:
        assert line.endswith("no ice protects HQ: the Runner has no position")


def test_a_run_is_set_up_by_hand_only_on_a_server_and_only_one_at_a_time() -> None:
    game = Game.given(turn="runner")
    with pytest.raises(IllegalChoice, match="no server called 'Server 9'"):
        game.start_run("Server 9")
    assert game.run is None
    game.start_run("HQ")
    before = game.state()
    with pytest.raises(IllegalAction, match="a run on HQ is already in progress"):
        game.start_run("R&D")
    assert game.state() == before


def test_a_successful_run_needs_a_run_or_a_server() -> None:
    game = Game.given(turn="runner")
    before = game.state()
    with pytest.raises(RulesViolation, match="there is no run in progress"):
        game.successful_run()
    assert game.state() == before


def test_a_run_waiting_in_a_window_can_be_made_successful_at_once() -> None:
    game = Game.given(corp={"hq": ["Hostile Takeover"]}, turn="runner")
    game.run_on("HQ")
    assert game.window == "initiation"
    game.successful_run()
    assert game.run is None
    assert game.card("Hostile Takeover").zone_type.value == "score area"
