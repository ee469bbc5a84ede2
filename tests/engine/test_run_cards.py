"""The cards of the rulebook's chapters on runs and access, clause by clause: each
clause the scenarios of the library do not already play is checked here."""

from __future__ import annotations

import pytest

from rulesref.engine.errors import IllegalAction, RulesViolation
from rulesref.games.netrunner import Game


def test_off_the_grid_installs_only_in_a_remote_server_and_goes_after_an_hq_run() -> None:
    game = Game.given(corp={"hq": ["Off the Grid", "Hedge Fund"], "credits": 10})
    with pytest.raises(IllegalAction, match="it goes only in a remote server"):
        game.install("Off the Grid", server="HQ")
    game.install("Off the Grid", server="new")
    game.rez("Off the Grid")
    game.begin_turn("runner")
    game.run_on("Archives")
    game.proceed_to_end()
    assert game.card("Off the Grid").installed
    game.run_on("HQ")
    game.proceed_to_end()
    assert game.card("Off the Grid").zone_type.value == "discard pile"


def test_ganked_revealed_in_rnd_and_left_alone_when_the_corp_declines() -> None:
    game = Game.given(corp={"rnd": ["Ganked!"]}, turn="runner")
    game.corp.answers("no")
    game.runner.answers("no")  # pay 3 credits to trash it?
    game.run_on("R&D")
    game.proceed_to_end()
    assert game.log.citing("rule_reveal")
    assert game.card("Ganked!").location.position == 1


def test_rook_hosts_on_any_ice_from_the_rig_but_not_beside_another_caissa() -> None:
    game = Game.given(
        corp={"ice": {"HQ": ["Ice Wall"], "R&D": ["Enigma"]}},
        runner={"rig": ["Rook"], "hosted": {"Enigma": ["Rook"]}},
        turn="runner",
    )
    free, hosted = game.cards("Rook")
    with pytest.raises(RulesViolation):
        game.use(free, targets=[game.card("Enigma")])
    game.use(free, targets=[game.card("Ice Wall")])
    assert free.host is game.card("Ice Wall") and hosted.host is game.card("Enigma")


def test_inversificator_swaps_once_per_turn() -> None:
    game = Game.given(
        corp={"ice": {"HQ": ["Enigma"], "R&D": ["Ice Wall"]}, "rezzed": ["Enigma"]},
        runner={"rig": ["Inversificator"], "credits": 4},
        turn="runner",
    )
    for expected in (True, False):
        game.run_on("HQ")
        game.proceed()
        game.proceed()
        game.break_subroutines("Inversificator", 1, 2)
        if expected:
            game.runner.answers("yes")
        game.proceed()
        assert (game.card("Enigma").server.name == "R&D") is expected
        game.proceed_to_end()
        if expected:
            game.swap("Enigma", "Ice Wall", by="corp")


def test_agendas_place_their_counters_as_they_are_scored() -> None:
    game = Game.given(
        corp={
            "remote": {"Server 1": ["Project Yagi-Uda"], "Server 2": ["Nisei MK II"]},
            "counters": {"Project Yagi-Uda": {"advancement": 5}, "Nisei MK II": {"advancement": 4}},
        }
    )
    game.score("Project Yagi-Uda")
    game.score("Nisei MK II")
    assert game.card("Project Yagi-Uda").counters["agenda"] == 2
    assert game.card("Nisei MK II").counters["agenda"] == 1


def test_clone_retirement_scored_may_remove_bad_publicity() -> None:
    game = Game.given(
        corp={
            "bad_publicity": 2,
            "remote": {"Server 1": ["Clone Retirement"]},
            "counters": {"Clone Retirement": {"advancement": 2}},
        }
    )
    game.corp.answers("yes")
    game.score("Clone Retirement")
    assert game.corp.bad_publicity == 1


def test_georgia_emelyov_moves_for_2_credits() -> None:
    game = Game.given(
        corp={"remote": {"Server 1": ["Georgia Emelyov"]}, "rezzed": ["Georgia Emelyov"]}
    )
    game.corp.answers("R&D")
    game.use("Georgia Emelyov")
    card = game.card("Georgia Emelyov")
    assert card.server is not None and card.server.name == "R&D" and game.corp.credits == 3


def test_raymond_flint_trashed_exposes_an_unrezzed_card() -> None:
    game = Game.given(corp={"ice": {"HQ": ["Enigma"]}}, runner={"rig": ["Raymond Flint"]})
    assert not game.knows("runner", "Enigma")
    game.use("Raymond Flint", targets=[game.card("Enigma")])
    assert game.knows("runner", "Enigma") and game.card("Enigma").rezzed is False
    assert game.card("Raymond Flint").zone_type.value == "discard pile"


def test_obelus_adds_memory_and_hand_size_and_draws_only_the_first_time() -> None:
    game = Game.given(
        corp={"hq": ["Hedge Fund"], "rnd": ["Ice Wall", "Enigma"]},
        runner={"rig": ["Obelus"], "tags": 2, "stack": ["Corroder", "Mimic"]},
        turn="runner",
    )
    assert game.max_hand_size("runner") == 7 and game.memory == "0 of 5 MU"
    for _ in range(2):
        game.run_on("R&D")
        game.proceed_to_end()
    assert len(game.runner.grip) == 1


def test_celebrity_gift_costs_a_click_more_and_pays_for_what_it_reveals() -> None:
    game = Game.given(corp={"hq": ["Celebrity Gift", "Hedge Fund", "Ice Wall"], "credits": 3})
    game.corp.answers("Hedge Fund", "Ice Wall")
    game.play("Celebrity Gift")
    assert (game.corp.clicks, game.corp.credits) == (1, 4)


def test_security_nexus_bypasses_when_its_trace_fails_once_per_turn() -> None:
    game = Game.given(
        corp={"ice": {"HQ": ["Ice Wall"], "R&D": ["Enigma"]}, "rezzed": ["Ice Wall", "Enigma"]},
        runner={"rig": ["Security Nexus"], "credits": 4},
        turn="runner",
    )
    game.run_on("HQ")
    game.proceed()
    game.corp.answers(0)
    game.runner.answers("yes", 4)
    game.proceed()
    assert game.window == "movement" and game.log.citing("rule_bypass")
    game.proceed_to_end()
    game.run_on("R&D")
    game.proceed()
    game.proceed()
    assert game.window == "encounter ice"  # once per turn: not offered again


def test_troll_lets_the_runner_end_the_run_instead_of_losing_a_click() -> None:
    game = Game.given(corp={"ice": {"HQ": ["Troll"]}, "rezzed": ["Troll"]}, turn="runner")
    game.run_on("HQ")
    game.proceed()
    game.corp.answers(0)
    game.runner.answers(0, "end the run")
    game.proceed()
    assert game.run is None and game.runner.clicks == 3


def test_a_current_stays_until_an_agenda_is_stolen_and_charges_only_the_first_run() -> None:
    game = Game.given(
        corp={"hq": ["Enhanced Login Protocol"], "remote": {"Server 1": ["Hostile Takeover"]}}
    )
    game.play("Enhanced Login Protocol")
    game.begin_turn("runner")
    game.run_on("Archives")
    game.proceed_to_end()
    assert game.runner.clicks == 2
    game.run_on("Server 1")
    game.proceed_to_end()
    assert game.runner.clicks == 1
    assert game.card("Enhanced Login Protocol").zone_type.value == "discard pile"


def test_a_second_region_in_a_root_trashes_the_first() -> None:
    game = Game.given(corp={"remote": {"Server 1": ["Heinlein Grid"]}, "hq": ["Crisium Grid"]})
    with pytest.raises(RulesViolation, match="must trash Heinlein Grid"):
        game.install("Crisium Grid", server="Server 1")


def test_drafter_adds_a_card_from_archives() -> None:
    game = Game.given(
        corp={"ice": {"HQ": ["Drafter"]}, "rezzed": ["Drafter"], "archives": ["Hedge Fund"]}
    )
    game.corp.answers("Hedge Fund")
    game.fire_subroutine("Drafter", 1)
    assert [c.title for c in game.corp.hq] == ["Hedge Fund"]


def test_self_modifying_code_finds_nothing_in_a_stack_without_programs() -> None:
    game = Game.given(runner={"rig": ["Self-modifying Code"], "stack": ["Kati Jones"]})
    game.use("Self-modifying Code")
    assert game.card("Self-modifying Code").zone_type.value == "discard pile"
    assert game.card("Kati Jones").zone_type.value == "deck"


def test_slipstream_is_not_offered_past_unrezzed_ice() -> None:
    game = Game.given(
        corp={"ice": {"Server 1": ["Ice Wall"], "HQ": ["Enigma"]}},
        runner={"rig": ["Slipstream"]},
        turn="runner",
    )
    game.run_on("Server 1")
    game.proceed_to_end()
    assert game.card("Slipstream").installed and game.runner.unused_answers == []


def test_a_second_console_trashes_the_first() -> None:
    game = Game.given(runner={"rig": ["Obelus"], "grip": ["Security Nexus"], "credits": 8})
    game.install("Security Nexus")
    assert game.card("Obelus").zone_type.value == "discard pile"
    assert game.log.citing("step_checkpoint_uniqueness")


def test_strongbox_trashed_while_accessed_still_charges_for_the_run() -> None:
    game = Game.given(
        corp={"root": {"R&D": ["Strongbox"]}, "rezzed": ["Strongbox"], "rnd": ["Hostile Takeover"]},
        runner={"credits": 1},
        turn="runner",
    )
    game.runner.answers("Strongbox", "yes", "no")  # first candidate; trash it; spend a click?
    game.run_on("R&D")
    game.proceed_to_end()
    assert game.card("Strongbox").zone_type.value == "discard pile"
    assert game.card("Hostile Takeover").zone_type.value == "deck"
    assert game.log.citing("rule_persistent")


def test_chum_does_no_damage_when_the_next_ice_is_fully_broken() -> None:
    game = Game.given(
        corp={"ice": {"HQ": ["Ice Wall", "Chum"]}, "rezzed": ["Ice Wall", "Chum"]},
        runner={"rig": ["Corroder"], "grip": ["Mimic"], "credits": 5},
        turn="runner",
    )
    game.run_on("HQ")
    for _ in range(6):
        game.proceed()
    assert game.strength("Ice Wall") == 3
    game.use("Corroder")
    game.break_subroutines("Corroder", 1)
    game.proceed()
    assert game.runner.grip and game.log.mentioning("fully broke Ice Wall")


def test_hudson_is_broken_by_losing_clicks() -> None:
    game = Game.given(corp={"ice": {"HQ": ["Hudson 1.0"]}, "rezzed": ["Hudson 1.0"]}, turn="runner")
    game.run_on("HQ")
    game.proceed()
    game.proceed()
    game.break_subroutines("Hudson 1.0", 1)
    game.break_subroutines("Hudson 1.0", 2)
    assert game.runner.clicks == 1
    game.proceed()
    assert game.window == "movement" and not game.log.citing("rule_prohibiting_access_to_1")


def test_crisium_grid_unrezzed_stops_nothing() -> None:
    game = Game.given(corp={"remote": {"Server 1": ["Crisium Grid"]}}, turn="runner")
    game.runner.answers("no")  # pay 5 credits to trash Crisium Grid?
    game.run_on("Server 1")
    game.proceed_to_end()
    assert game.log.citing("rule_successful_run")


def test_dedicated_response_team_needs_a_tagged_runner() -> None:
    game = Game.given(
        corp={
            "remote": {"Server 1": ["Dedicated Response Team"]},
            "rezzed": ["Dedicated Response Team"],
        },
        runner={"grip": ["Mimic"]},
        turn="runner",
    )
    game.run_on("Archives")
    game.proceed_to_end()
    assert game.runner.grip


def test_gagarin_charges_only_in_a_remote_root() -> None:
    game = Game.given(
        corp={
            "identity": "Gagarin Deep Space: Expanding the Horizon",
            "root": {"HQ": ["Crisium Grid"]},
        },
        runner={"credits": 0},
        turn="runner",
    )
    game.run_on("HQ")
    game.proceed_to_end()
    assert game.log.mentioning("accesses Crisium Grid")


def test_account_siphon_takes_what_the_corp_has() -> None:
    game = Game.given(corp={"credits": 3}, runner={"grip": ["Account Siphon"]}, turn="runner")
    game.play_run("Account Siphon", on="HQ")
    game.runner.answers("yes")
    game.proceed_to_end()
    assert (game.corp.credits, game.runner.credits, game.runner.tags) == (0, 11, 2)
