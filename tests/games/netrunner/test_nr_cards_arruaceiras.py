"""Arruaceiras Crew's trash ability keeps ice stronger than 0 and trashes ice of exactly 0."""

from __future__ import annotations

from rulesref.games.netrunner import Game


def _encountering(ice: str) -> Game:
    game = Game.given(
        corp={"ice": {"R&D": [ice]}, "rezzed": [ice], "rnd": ["Hedge Fund"]},
        runner={"rig": ["Arruaceiras Crew"], "credits": 5},
        turn="runner",
    )
    game.run_on("R&D")
    game.proceed()
    game.proceed()
    return game


def test_ice_of_strength_1_is_kept() -> None:
    game = _encountering("Ice Wall")
    game.use("Arruaceiras Crew", 2)
    assert game.card("Ice Wall").installed
    assert game.log.mentioning("Arruaceiras Crew: Ice Wall has strength 1: kept")
    assert game.runner.credits == 3


def test_ice_weakened_to_exactly_0_is_trashed() -> None:
    game = _encountering("Enigma")
    game.use("Arruaceiras Crew", 1)
    assert game.strength("Enigma") == 0
    game.use("Arruaceiras Crew", 2)
    assert game.card("Enigma").zone_type.value == "discard pile"
