"""One clause each of Dhegdheer, Emergency Shutdown, Process Automation, Security Nexus,
Obelus, Drug Dealer and RSVP that no scenario plays."""

from __future__ import annotations

import pytest

from rulesref.engine.errors import IllegalAction, RulesViolation
from rulesref.games.netrunner import Game


def test_dhegdheer_hosts_only_programs() -> None:
    game = Game.given(runner={"rig": ["Dhegdheer"], "grip": ["Clone Chip"]}, turn="runner")
    before = game.state()
    with pytest.raises((IllegalAction, RulesViolation), match="it hosts only programs"):
        game.install("Clone Chip", host="Dhegdheer")
    assert game.state() == before


def test_emergency_shutdown_derezzes_one_rezzed_piece_of_ice_only() -> None:
    game = Game.given(
        corp={"ice": {"R&D": ["Ice Wall"], "Archives": ["Enigma"]}, "rezzed": ["Ice Wall"]},
        runner={"grip": ["Emergency Shutdown", "Emergency Shutdown"]},
        turn="runner",
    )
    game.run_on("HQ")
    game.proceed_to_end()
    first, _ = game.cards("Emergency Shutdown")
    before = game.state()
    with pytest.raises((IllegalAction, RulesViolation)):
        game.play(first, targets=[game.card("Enigma")])
    assert game.state() == before
    game.play(first, targets=[game.card("Ice Wall")])
    assert game.card("Ice Wall").rezzed is False


def test_process_automation_gains_then_draws() -> None:
    game = Game.given(
        runner={"grip": ["Process Automation"], "stack": ["Cache"], "credits": 0}, turn="runner"
    )
    mark = game.log.mark()
    game.play("Process Automation")
    assert (game.runner.credits, [c.title for c in game.runner.grip]) == (2, ["Cache"])
    lines = str(game.log.since(mark)).splitlines()
    gained = next(i for i, line in enumerate(lines) if "gains 2 credits" in line)
    drew = next(i for i, line in enumerate(lines) if "Runner draws 1 card" in line)
    assert gained < drew


def test_security_nexus_gives_1_memory_unit() -> None:
    game = Game.given(runner={"rig": ["Security Nexus"]}, turn="runner")
    assert game.memory == "0 of 5 MU"


def test_obelus_adds_hand_size_to_the_runner_only() -> None:
    game = Game.given(runner={"rig": ["Obelus"], "tags": 2}, turn="runner")
    assert (game.max_hand_size("runner"), game.max_hand_size("corp")) == (7, 5)


def test_drug_dealer_draws_when_the_corps_turn_begins() -> None:
    game = Game.given(
        corp={"rnd": ["Hedge Fund"]},
        runner={"rig": ["Drug Dealer"], "stack": ["Cache", "Cache"], "credits": 3},
        turn="runner",
    )
    game.end_turn("runner")
    game.begin_turn("corp")
    assert len(game.runner.grip) == 1
    assert game.runner.credits == 3


def test_rsvp_outside_a_run_forbids_nothing() -> None:
    game = Game.given(
        corp={"ice": {"HQ": ["RSVP"]}, "rezzed": ["RSVP"]},
        runner={"grip": ["Corroder"], "credits": 5},
        turn="runner",
    )
    game.fire_subroutine("RSVP", 1)
    assert game.log.mentioning("RSVP subroutine 1: no run is in progress")
    assert not game.log.mentioning("cannot spend credits")
    game.install("Corroder")  # spending credits outside a run is still allowed
    assert game.runner.credits == 5 - 2


def test_obelus_draws_nothing_after_an_unsuccessful_run_or_one_on_archives() -> None:
    game = Game.given(
        corp={"ice": {"R&D": ["Ice Wall"]}, "rezzed": ["Ice Wall"], "rnd": ["Hedge Fund"] * 3},
        runner={"rig": ["Obelus"], "stack": ["Cache"] * 3},
        turn="runner",
    )
    game.run_on("R&D")
    game.proceed_to_end()  # Ice Wall ends the run
    game.run_on("Archives")
    game.proceed_to_end()
    assert game.runner.grip == []


def test_security_nexus_in_the_grip_offers_nothing_at_an_encounter() -> None:
    game = Game.given(
        corp={"ice": {"HQ": ["Enigma"]}, "rezzed": ["Enigma"]},
        runner={"grip": ["Security Nexus"]},
        turn="runner",
    )
    game.runner.answers("yes")
    game.run_on("HQ")
    game.proceed()
    game.proceed()
    assert game.runner.unused_answers == ["yes"]
