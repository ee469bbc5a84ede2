"""The beginning and end of a turn, step by step: each player's clicks spent this turn
start again from none; recurring credits are refilled before the turn begins, so before
"when your turn begins" abilities (step_runner_turn_recurring_credits_refill); the turn
is said to end before "when this turn ends" abilities resolve."""

from __future__ import annotations

from rulesref.games.netrunner import Game


def _index(lines: list[str], needle: str) -> int:
    return next(i for i, line in enumerate(lines) if needle in line)


def test_clicks_spent_last_turn_do_not_make_a_first_click_a_later_one() -> None:
    """Fisk Investment Seminar can be played only as the Runner's first click: the click
    spent on one in the Runner's previous turn does not count against the next."""
    game = Game.given(
        corp={"rnd": ["Hedge Fund"] * 8},
        runner={"grip": ["Fisk Investment Seminar"] * 2, "stack": ["Cache"] * 6},
        turn="runner",
    )
    first, second = game.cards("Fisk Investment Seminar")
    game.play(first)
    assert game.runner.clicks_spent == 1
    game.end_turn("runner")
    game.begin_turn("corp")
    game.end_turn("corp")
    game.begin_turn("runner")
    assert game.runner.clicks_spent == 0
    game.play(second)
    assert len(game.corp.hq) == 3 + 1 + 3
    assert len(game.runner.grip) == 3 + 3


def test_recurring_credits_are_refilled_before_turn_begins_abilities() -> None:
    game = Game.given(runner={"rig": ["Cyberfeeder", "Joshua B."]}, turn="corp")
    game.runner.answers("yes")
    mark = game.log.mark()
    game.begin_turn("runner")
    lines = str(game.log.since(mark)).splitlines()
    refilled = _index(lines, "recurring credits are refilled")
    assert refilled < lines.index("the Runner's turn begins") < _index(lines, "gains 1 click")
    assert game.runner.clicks == 5


def test_the_turn_ends_before_when_this_turn_ends_abilities_resolve() -> None:
    game = Game.given(runner={"rig": ["Joshua B."]}, turn="corp")
    game.runner.answers("yes")
    game.begin_turn("runner")
    mark = game.log.mark()
    game.end_turn("runner")
    lines = str(game.log.since(mark)).splitlines()
    assert _index(lines, "the Runner's turn ends") < _index(lines, "takes 1 tag")
    assert game.runner.tags == 1
