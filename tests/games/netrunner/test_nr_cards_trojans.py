"""Chisel and Tithonium, clause by clause."""

from __future__ import annotations

import pytest

from rulesref.engine.errors import IllegalAction, RulesViolation
from rulesref.games.netrunner import Game


def test_chisel_goes_only_on_ice_and_wears_its_host_down() -> None:
    game = Game.given(
        corp={"ice": {"HQ": ["Ice Wall"], "R&D": ["Enigma"]}, "rezzed": ["Ice Wall", "Enigma"]},
        runner={"grip": ["Chisel"], "rig": ["Cache"], "credits": 10},
        turn="runner",
    )
    before = game.state()
    with pytest.raises((IllegalAction, RulesViolation), match="install only on a piece of ice"):
        game.install("Chisel", host="Cache")
    assert game.state() == before
    game.install("Chisel", host="Ice Wall")
    game.encounter("Ice Wall")
    assert game.card("Chisel").counters["virus"] == 1
    assert (game.strength("Ice Wall"), game.strength("Enigma")) == (0, 2)
    game.encounter("Ice Wall")
    assert game.card("Ice Wall").zone_type.value == "discard pile"


def test_tithonium_trashes_a_program_twice_then_a_resource_and_ends_the_run() -> None:
    game = Game.given(
        corp={"ice": {"HQ": ["Tithonium"]}, "rezzed": ["Tithonium"]},
        runner={"rig": ["Corroder", "Mimic", "Kati Jones", "Fall Guy"]},
        turn="runner",
    )
    game.start_run("HQ")
    for number, program in ((1, "Corroder"), (2, "Mimic")):
        mark = game.log.mark()
        game.fire_subroutine("Tithonium", number, targets=[game.card(program)])
        assert game.card(program).zone_type.value == "discard pile"
        assert f"Tithonium subroutine {number}" in str(game.log.since(mark))
    game.runner.answers("no")  # Fall Guy: prevent it?
    mark = game.log.mark()
    game.fire_subroutine("Tithonium", 3, targets=[game.card("Kati Jones")])
    lines = str(game.log.since(mark)).splitlines()
    trashed = next(i for i, line in enumerate(lines) if "trashes Kati Jones" in line)
    ended = next(i for i, line in enumerate(lines) if "ends the run" in line)
    assert trashed < ended
    assert game.card("Kati Jones").zone_type.value == "discard pile"
    assert game.card("Fall Guy").installed
    assert game.run is None
