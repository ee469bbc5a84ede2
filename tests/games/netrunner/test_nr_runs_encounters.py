"""Approaching and encountering ice (chapter 6): an empty position, a bypassed encounter,
and a subroutine that is resolving only while it resolves."""

from __future__ import annotations

from rulesref.games.netrunner import Game
from rulesref.games.netrunner.state.run_events import ApproachIce, Encounter, PassIce


def test_the_runner_moves_inward_to_a_position_whose_ice_is_gone() -> None:
    # Enigma (unrezzed) is passed; the Runner moves inward to Ice Wall's position, and Ice
    # Wall is trashed in the window after moving: there is no ice there to approach, so
    # the run goes on to the Movement Phase without approaching or encountering anything.
    game = Game.given(
        corp={"ice": {"HQ": ["Ice Wall", "Enigma"]}, "hq": ["Hedge Fund"]}, turn="runner"
    )
    game.run_on("HQ")
    for _ in range(3):
        game.proceed()
    assert game.window == "movement, after moving inward"
    game.trash("Ice Wall", by="corp")
    game.proceed()
    assert game.window == "movement"
    approached = [e.ice.title for e in game.events_this_turn() if isinstance(e, ApproachIce)]
    assert approached == ["Enigma"]
    assert not [e for e in game.events_this_turn() if isinstance(e, Encounter)]


def test_a_bypassed_ice_is_passed_straight_after_its_encounter() -> None:
    game = Game.given(
        corp={"ice": {"HQ": ["Ice Wall"]}, "rezzed": ["Ice Wall"], "hq": ["Hedge Fund"]},
        runner={"grip": ["Inside Job"]},
        turn="runner",
    )
    game.play_run("Inside Job", on="HQ")
    game.proceed_to_end()
    (encounter,) = [e for e in game.events_this_turn() if isinstance(e, Encounter)]
    (passed,) = [e for e in game.events_this_turn() if isinstance(e, PassIce)]
    assert passed.after is not None and passed.after is encounter.encounter


def test_attini_forbids_spending_only_while_its_subroutine_resolves() -> None:
    # Threat 3 (a 3-point agenda scored): while Attini's subroutine resolves the Runner
    # cannot pay to avoid its net damage; once it has resolved they spend freely again.
    game = Game.given(
        corp={
            "ice": {"HQ": ["Attini"]},
            "rezzed": ["Attini"],
            "score_area": ["Priority Requisition"],
        },
        runner={"grip": ["Corroder", "Diesel", "Diesel"], "credits": 5},
        turn="runner",
    )
    game.fire_subroutine("Attini", 1)
    assert len(game.runner.grip) == 2  # 1 net damage: paying was forbidden
    game.install("Corroder")
    assert game.card("Corroder").installed
    assert game.runner.credits == 5 - (game.card("Corroder").facts.cost or 0)


def test_the_unbroken_subroutine_resolves_after_those_broken_in_any_order() -> None:
    # Brân 1.0's own ability breaks subroutine 2, then 1: subroutine 3 alone resolves, and
    # the account names the broken ones in the ice's order.
    game = Game.given(
        corp={"ice": {"HQ": ["Brân 1.0"]}, "rezzed": ["Brân 1.0"], "hq": ["Hedge Fund"]},
        turn="runner",
    )
    game.run_on("HQ")
    game.proceed()
    game.proceed()
    game.break_subroutines("Brân 1.0", 2)
    game.break_subroutines("Brân 1.0", 1)
    game.proceed()
    assert game.log.mentioning("Brân 1.0 subroutine 3 resolves (subroutines 1, 2 broken)")
    assert not game.log.mentioning("Brân 1.0 subroutine 1 resolves")
