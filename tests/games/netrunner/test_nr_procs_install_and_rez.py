"""Install and rez (Tucana, paying a total of 3 less; Trust Operation, ignoring all costs):
the reduction split between the two costs (rule_install_and_rez_reducing_total), a rez
cost that cannot go below 0, and nothing to install."""

from __future__ import annotations

import pytest

from rulesref.engine.errors import IllegalChoice
from rulesref.games.netrunner import Game


def _tucana_finds_ice_wall(credits: int, *answers: object, **extra: object) -> Game:
    """The Runner steals Hostile Takeover from Tucana's server; the Corp uses Tucana to find
    Ice Wall (rez cost 1) in R&D and install and rez it, paying 3 less in all."""
    corp: dict[str, object] = {
        "remote": {"Server 1": ["Tucana", "Hostile Takeover"]},
        "rezzed": ["Tucana"],
        "rnd": ["Ice Wall"],
        "credits": credits,
    }
    if "ice" in extra:
        corp["ice"] = extra["ice"]
    runner: dict[str, object] = {"credits": 0}
    if "hosted" in extra:
        runner["rig"] = ["Rook"]
        runner["hosted"] = extra["hosted"]
    game = Game.given(corp=corp, runner=runner, turn="runner")
    game.corp.answers("yes", *answers)
    game.runner.answers(game.card("Hostile Takeover"))
    game.run_on("Server 1")
    game.proceed_to_end()
    return game


def test_what_is_left_of_the_reduction_brings_the_rez_cost_to_0_not_below() -> None:
    game = _tucana_finds_ice_wall(0, "a new remote server")  # install cost 0: all 3 off rez
    assert game.card("Ice Wall").rezzed and game.corp.credits == 0


def test_the_rez_cost_with_its_modifiers_is_recorded_once_as_it_is_paid() -> None:
    """Rook on Enigma makes HQ's ice cost 2 more to rez: Ice Wall, installed in HQ with 1
    off its install cost (1), costs 1 + 2 - 2 = 1 to rez."""
    game = _tucana_finds_ice_wall(
        1, "HQ", "no", 1, ice={"HQ": ["Enigma"]}, hosted={"Enigma": ["Rook"]}
    )
    assert game.card("Ice Wall").rezzed and game.corp.credits == 0
    assert len(game.log.mentioning("rez cost of Ice Wall: 1 + 2")) == 1


def test_no_more_than_the_total_reduction_can_go_to_the_install_cost() -> None:
    with pytest.raises(IllegalChoice, match="the options are: 0; 1; 2; 3"):
        _tucana_finds_ice_wall(
            9,
            "HQ",
            "no",
            "no",
            "no",
            "no",
            4,  # install cost 4, but only 3 less in all
            ice={"HQ": ["Enigma", "Tollbooth", "Hadrian's Wall", "Bullfrog"]},
        )


def test_install_and_rez_with_nothing_to_install_does_nothing_more() -> None:
    game = Game.given(
        corp={"hq": ["Trust Operation"], "archives": ["Hedge Fund"]},
        runner={"rig": ["Kati Jones"], "tags": 1},
    )
    game.play("Trust Operation", targets=[game.card("Kati Jones")])
    assert game.log.mentioning("Trust Operation: there is no card to install")
    assert game.card("Hedge Fund").zone_type.value == "discard pile"
