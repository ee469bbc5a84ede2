"""Oppo Research: which turn counts as the Runner's last, what counts, and its threat
ability declined or out of reach."""

from __future__ import annotations

import pytest

from rulesref.engine.errors import IllegalAction
from rulesref.games.netrunner import Game


def _after_runner_turn(steal: bool, *, credits: int = 10, score_area: tuple[str, ...] = ()) -> Game:
    game = Game.given(
        corp={
            "hq": ["Oppo Research"],
            "rnd": ["Hedge Fund"] * 4,
            "remote": {"Server 1": ["Hostile Takeover"]},
            "credits": credits,
            "score_area": list(score_area),
        }
    )
    game.end_turn("corp")
    game.begin_turn("runner")
    if steal:
        game.steal("Hostile Takeover")
    game.end_turn("runner")
    game.begin_turn("corp")
    return game


def test_a_steal_during_the_runners_last_turn_counts() -> None:
    game = _after_runner_turn(True)
    game.play("Oppo Research")
    assert game.runner.tags == 2


def test_only_the_runners_last_turn_counts() -> None:
    game = _after_runner_turn(True)
    game.end_turn("corp")
    game.begin_turn("runner")
    game.end_turn("runner")
    game.begin_turn("corp")
    before = game.state()
    with pytest.raises(IllegalAction, match="did not steal or trash a Corp card"):
        game.play("Oppo Research")
    assert game.state() == before


def test_threat_ability_declined_or_unaffordable_gives_2_tags_only() -> None:
    agendas = ("Priority Requisition",)
    game = _after_runner_turn(True, score_area=agendas)
    game.corp.answers("no")
    game.play("Oppo Research")
    assert (game.runner.tags, game.corp.credits) == (2, 8)
    game = _after_runner_turn(True, credits=6, score_area=agendas)  # 2 for Oppo Research: 4 left
    game.play("Oppo Research")
    assert (game.runner.tags, game.corp.credits) == (2, 4)


def test_threat_ability_pays_before_it_tags() -> None:
    game = _after_runner_turn(True, score_area=("Priority Requisition",))
    game.corp.answers("yes")
    mark = game.log.mark()
    game.play("Oppo Research")
    lines = str(game.log.since(mark)).splitlines()
    paid = next(i for i, line in enumerate(lines) if "5 credits" in line and "pays" in line)
    tagged = next(i for i, line in enumerate(lines) if "(4 in all)" in line)
    assert paid < tagged
