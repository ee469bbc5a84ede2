"""Lycan's subtypes by its advancement counters, its subroutine, and Tinkering's target."""

from __future__ import annotations

import pytest

from rulesref.engine.errors import IllegalAction, RulesViolation
from rulesref.games.netrunner import Game


@pytest.mark.parametrize(("counters", "odd"), [(0, False), (1, True), (3, True), (4, False)])
def test_lycan_is_a_code_gate_not_a_sentry_with_an_odd_number_of_counters(
    counters: int, odd: bool
) -> None:
    game = Game.given(
        corp={
            "ice": {"HQ": ["Lycan", "Ice Wall"]},
            "rezzed": ["Lycan", "Ice Wall"],
            "counters": {"Lycan": {"advancement": counters}, "Ice Wall": {"advancement": 1}},
        }
    )
    lycan = game.card("Lycan")
    assert (lycan.has_subtype("code_gate"), lycan.has_subtype("sentry")) == (odd, not odd)
    assert not game.card("Ice Wall").has_subtype("code_gate")


def test_lycan_trashes_a_program() -> None:
    game = Game.given(
        corp={"ice": {"HQ": ["Lycan"]}, "rezzed": ["Lycan"]},
        runner={"rig": ["Corroder", "Mimic"]},
        turn="runner",
    )
    game.start_run("HQ")
    game.fire_subroutine("Lycan", 1, targets=[game.card("Corroder")])
    assert game.card("Corroder").zone_type.value == "discard pile"
    assert game.card("Mimic").installed
    assert game.log.mentioning("Lycan subroutine 1")


def test_tinkering_chooses_a_piece_of_ice_only() -> None:
    game = Game.given(
        corp={"ice": {"HQ": ["Ice Wall"]}},
        runner={"grip": ["Tinkering"], "rig": ["Corroder"]},
        turn="runner",
    )
    before = game.state()
    with pytest.raises((IllegalAction, RulesViolation)):
        game.play("Tinkering", targets=[game.card("Corroder")])
    assert game.state() == before
