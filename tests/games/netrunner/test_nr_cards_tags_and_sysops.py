"""AMAZE Amusements counts only a steal of the run that ends; Keegan Lane trashes one
program."""

from __future__ import annotations

from rulesref.games.netrunner import Game


def test_amaze_amusements_ignores_a_steal_of_an_earlier_run() -> None:
    game = Game.given(
        corp={
            "rnd": ["Hostile Takeover"],
            "remote": {"Server 1": ["AMAZE Amusements"]},
            "rezzed": ["AMAZE Amusements"],
        },
        runner={"credits": 0},
        turn="runner",
    )
    game.run_on("R&D")
    game.proceed_to_end()
    assert [c.title for c in game.runner.score_area] == ["Hostile Takeover"]
    game.run_on("Server 1")
    game.proceed_to_end()
    assert game.runner.tags == 0


def test_keegan_lane_trashes_one_program_during_a_run_on_its_server() -> None:
    game = Game.given(
        corp={"root": {"HQ": ["Keegan Lane"]}, "rezzed": ["Keegan Lane"]},
        runner={"tags": 1, "rig": ["Corroder", "Mimic"]},
        turn="runner",
    )
    game.run_on("HQ")
    game.use("Keegan Lane", targets=[game.card("Corroder")])
    assert game.card("Corroder").zone_type.value == "discard pile"
    assert game.card("Mimic").installed
    assert game.runner.tags == 0
