"""Drawing: the Corp who must draw from an empty R&D loses at once, so the draw goes no
further (rule_rnd_empty_rnd)."""

from __future__ import annotations

from rulesref.games.netrunner import Game


def test_the_corp_drawing_from_an_empty_rnd_loses_and_the_draw_stops() -> None:
    game = Game.given(corp={"rnd": ["Hedge Fund"]})
    game.draw("corp", 2)
    assert game.winner == "runner"
    assert not game.log.citing("step_draw_checkpoint", "step_draw_add_to_hand")
    assert game.corp.hq == []

