"""Architect, Puffer and Gebrselassie: what their text says beyond the scenarios."""

from __future__ import annotations

import pytest

from rulesref.engine.errors import IllegalAction
from rulesref.games.netrunner import Game


def test_architect_rezzed_cannot_be_trashed_unrezzed_it_can() -> None:
    game = Game.given(
        corp={"ice": {"HQ": ["Architect", "Ice Wall"], "R&D": ["Architect"]}, "rezzed": []},
        turn="runner",
    )
    rezzed, unrezzed = game.cards("Architect")
    game.rez(rezzed, ignoring_costs=True)
    game.trash(rezzed, by="runner")
    assert rezzed.installed
    game.trash("Ice Wall", by="runner")
    assert game.card("Ice Wall").zone_type.value == "discard pile"
    game.trash(unrezzed, by="runner")
    assert unrezzed.zone_type.value == "discard pile"


def test_architect_second_subroutine_installs_from_archives_or_hq() -> None:
    game = Game.given(
        corp={"ice": {"HQ": ["Architect"]}, "rezzed": ["Architect"], "archives": ["Enigma"]},
        turn="runner",
    )
    game.corp.answers("Enigma", "R&D")
    game.fire_subroutine("Architect", 2)
    assert repr(game.card("Enigma")) == "<Enigma: protecting R&D at position 1, unrezzed>"


def test_puffer_places_a_power_counter_for_a_click() -> None:
    game = Game.given(runner={"rig": ["Puffer"]}, turn="runner")
    game.use("Puffer", 2)  # with no counter, placing one is the only choice
    assert game.runner.clicks == 3
    assert game.card("Puffer").counters["power"] == 1


def test_gebrselassie_hosts_only_on_an_installed_non_ai_icebreaker_for_a_click() -> None:
    game = Game.given(runner={"rig": ["Gebrselassie", "Atman", "Cache"]}, turn="runner")
    before = game.state()
    with pytest.raises(IllegalAction, match="there is no installed non-AI icebreaker"):
        game.use("Gebrselassie")
    assert game.state() == before
    game = Game.given(runner={"rig": ["Gebrselassie", "Atman", "Corroder"]}, turn="runner")
    game.use("Gebrselassie")
    assert game.card("Gebrselassie").host is game.card("Corroder")
    assert game.runner.clicks == 3
