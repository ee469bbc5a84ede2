"""Accessing a card (chapter 7): only active abilities add to the cost of stealing, and the
Runner uses at most one mid-access ability, a once-per-turn one once a turn."""

from __future__ import annotations

import pytest

from rulesref.games.netrunner import Game


@pytest.mark.parametrize("rezzed", [False, True])
def test_only_a_rezzed_strongbox_adds_a_click_to_stealing(rezzed: bool) -> None:
    game = Game.given(
        corp={
            "root": {"R&D": ["Strongbox"]},
            "rnd": ["Hostile Takeover"],
            "rezzed": ["Strongbox"] if rezzed else [],
        },
        runner={"credits": 0},
        turn="runner",
    )
    game.runner.answers(1, "no")  # access the top of R&D first; (rezzed) spend a click?
    game.run_on("R&D")
    game.proceed_to_end()
    stolen = game.card("Hostile Takeover").zone_type.value == "score area"
    assert stolen is not rezzed  # the Runner declines the rezzed Strongbox's click
    assert game.runner.unused_answers == ([] if rezzed else ["no"])


def _freedom() -> Game:
    return Game.given(
        corp={"remote": {"Server 1": ["Raman Rai"], "Server 2": ["Strongbox"]}},
        runner={
            "identity": "Freedom Khumalo: Crypto-Anarchist",
            "rig": ["Fermenter"],
            "counters": {"Fermenter": {"virus": 5}},  # enough for both cards
            "credits": 5,
        },
        turn="runner",
    )


def test_the_runner_may_decline_every_mid_access_ability() -> None:
    game = _freedom()
    game.runner.answers("no")  # neither Freedom Khumalo's ability nor the basic trash ability
    game.run_on("Server 1")
    game.proceed_to_end()
    assert game.card("Raman Rai").installed
    assert (game.card("Fermenter").counters["virus"], game.runner.credits) == (5, 5)


def test_a_once_per_turn_mid_access_ability_is_offered_once_a_turn() -> None:
    game = _freedom()
    game.runner.answers("Freedom Khumalo: Crypto-Anarchist")
    game.run_on("Server 1")
    game.proceed_to_end()
    rez_cost = game.card("Raman Rai").facts.cost or 0
    assert game.card("Raman Rai").zone_type.value == "discard pile"
    assert game.card("Fermenter").counters["virus"] == 5 - rez_cost
    # Freedom Khumalo's ability is used this turn: only the basic trash ability is left,
    # so the Runner is asked only whether to pay for it.
    game.runner.answers("yes")
    game.run_on("Server 2")
    game.proceed_to_end()
    assert game.card("Strongbox").zone_type.value == "discard pile"
    assert game.runner.credits == 5 - (game.card("Strongbox").facts.trash_cost or 0)
