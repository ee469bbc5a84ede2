"""Runs phase by phase: what each window allows, and how a run ends."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from rulesref.engine.decisions import Unanswered
from rulesref.engine.errors import CannotPay, IllegalAction, IllegalChoice, RulesViolation
from rulesref.games.netrunner import Game
from rulesref.games.netrunner.errors import UnimplementedCard
from rulesref.games.netrunner.procedures.strength import boost
from rulesref.games.netrunner.state.boosts import Until
from rulesref.games.netrunner.state.run_events import SuccessfulRun


def ice_game(*ice: str, rezzed: tuple[str, ...] = (), **runner: object) -> Game:
    return Game.given(
        corp={"ice": {"HQ": list(ice)}, "rezzed": list(rezzed), "hq": ["Hedge Fund"]},
        runner={"credits": 5, **runner},
        turn="runner",
    )


def test_a_run_is_an_action_of_the_runners_turn_and_costs_a_click() -> None:
    game = Game.given(turn="corp")
    with pytest.raises(IllegalAction):
        game.run_on("HQ")
    game = Game.given(runner={"clicks": 0}, turn="runner")
    with pytest.raises(CannotPay):
        game.run_on("HQ")
    assert game.run is None and len(game.log) == 0
    game = Game.given(turn="runner")
    game.run_on("HQ")
    assert game.runner.clicks == 3
    assert game.window == "initiation"
    assert game.run is not None and game.run.position is None
    game.proceed()
    assert game.window == "movement"
    game.proceed()
    assert game.window == "movement, after moving inward"


def steps(game: Game) -> list[str]:
    """The step IDs the trace cites, in order."""
    return [r for entry in game.log for r in entry.rules if r.startswith("step_")]


def test_every_step_of_a_run_is_carried_out_in_the_rulebooks_order() -> None:
    game = ice_game("Ice Wall", rezzed=("Ice Wall",), rig=["Corroder"])
    game.run_on("HQ")
    game.proceed()
    game.proceed()
    game.break_subroutines("Corroder", 1)
    game.proceed_to_end()
    assert [s for s in steps(game) if not s.startswith("step_checkpoint")] == [
        "step_initiation_announce",
        "step_initiation_bad_publicity",
        "step_initiation_formal_begin",
        "step_runner_position",
        "step_initiation_paw",
        "step_initiation_complete",
        "step_approach_begins",
        "step_approach_paw",
        "step_approach_complete",
        "step_encounter_begins",
        "step_encounter_paw",
        "step_resolve_subroutine",
        "step_resolve_subroutine_loop",
        "step_encounter_complete",
        "step_pass_ice",
        "step_before_jack_out_paw",
        "step_move_position",
        "step_after_jack_out_paw",
        "step_approach_server",
        "step_movement_complete",
        "step_run_declared_successful",
        "step_breach",
        "step_breaching_begins",
        "step_determine_candidates_limit",
        "step_choose_candidate",
        "step_access_candidate",
        "step_card_accessed",
        "step_mid_access_ability",
        "step_access_complete",
        "step_choose_candidate",
        "step_breach_complete",
        "step_success_complete",
        "step_open_priority_windows_closed",
        "step_run_ends_bad_publicity",
        "step_run_declared_unsuccessful",
        "step_run_complete",
    ]


def test_unrezzed_ice_is_passed_and_the_runner_jacks_out_only_in_movement() -> None:
    game = ice_game("Ice Wall", "Enigma")
    game.run_on("HQ")
    with pytest.raises(IllegalAction, match="step_jack_out_choice"):
        game.jack_out()
    game.proceed()
    with pytest.raises(IllegalAction):
        game.jack_out()
    game.proceed()
    assert game.window == "movement"
    assert game.run is not None and game.run.encounter is None and game.run.passed == 1
    game.proceed()
    assert game.window == "movement, after moving inward"
    game.proceed()
    assert game.window == "approach ice" and game.run.approached is game.card("Ice Wall")
    game.proceed()
    game.proceed()
    assert game.window == "movement, after moving inward" and game.run.position is None
    with pytest.raises(IllegalAction):
        game.jack_out()
    game.proceed()
    assert game.run is None and game.history.occurred_this_turn(SuccessfulRun)


def test_a_run_on_a_server_without_ice_can_be_jacked_out_of_in_movement() -> None:
    game = Game.given(turn="runner")
    game.run_on("Archives")
    game.proceed()
    game.jack_out()
    assert game.run is None and not game.history.occurred_this_turn(SuccessfulRun)
    last = game.log[-1]
    assert last.text == "the run on Archives is complete (unsuccessful)"
    assert "step_run_complete" in last.rules
    assert game.log.citing("step_jack_out_choice")


def test_only_a_run_that_reached_success_is_not_declared_unsuccessful() -> None:
    game = Game.given(turn="runner")
    game.run_on("Archives")
    game.proceed_to_end()
    ended = game.log.citing("step_run_complete")[-1]
    assert ended.text == "the run on Archives is complete (successful)"
    assert not game.log.citing("rule_unsuccessful_run")
    assert len(game.log.citing("step_run_declared_successful", "step_breaching_begins")) == 2


def test_the_runner_moves_inward_from_where_their_position_is_now() -> None:
    game = ice_game("Ice Wall", "Enigma", "Rototurret")
    game.run_on("HQ")
    game.proceed()
    game.proceed()
    game.trash("Ice Wall", by="corp")
    game.proceed()
    assert game.run is not None and game.run.approached is game.card("Enigma")


def test_a_position_outlives_its_ice_while_the_runner_is_in_it() -> None:
    game = ice_game("Ice Wall", "Enigma", rig=["Corroder"])
    game.run_on("HQ")
    game.proceed()
    game.proceed()
    assert game.window == "movement"
    run = game.run
    assert run is not None and run.position is not None
    game.trash("Enigma", by="corp")
    server = game.server("HQ")
    assert run.position.ice is None and run.position in server.positions
    assert len(server.positions) == 2
    game.proceed()
    assert len(server.positions) == 1 and run.approached is game.card("Ice Wall")
    assert game.log.citing("step_checkpoint_vacant_position")


def test_unbroken_end_the_run_ends_it_unsuccessfully_and_later_subroutines_do_not_resolve() -> None:
    game = ice_game("Rototurret", rezzed=("Rototurret",), rig=["Corroder"])
    game.run_on("HQ")
    game.proceed()
    game.proceed()
    game.proceed({1: "Corroder"})
    assert game.run is None
    assert [c.title for c in game.runner.heap] == ["Corroder"]
    assert "the run on HQ is complete (unsuccessful)" in str(game.log)

    game = ice_game("Enigma", rezzed=("Enigma",))
    clicks = game.runner.clicks
    game.run_on("HQ")
    game.proceed()
    game.proceed()
    game.proceed()
    assert game.run is None and game.runner.clicks == clicks - 2
    assert not game.log.citing("rule_successful_run")


def test_ending_the_run_stops_the_remaining_subroutines() -> None:
    game = Game.given(corp={"ice": {"HQ": ["Colossus"]}, "rezzed": ["Colossus"]}, turn="runner")
    game.run_on("HQ")
    game.proceed()
    game.proceed()
    game.end_run()
    assert game.run is None and game.runner.tags == 0


def test_bad_publicity_credits_are_gained_as_the_run_begins_and_lost_as_it_ends() -> None:
    game = Game.given(
        corp={"bad_publicity": 2, "ice": {"HQ": ["Ice Wall"]}, "rezzed": ["Ice Wall"]},
        runner={"rig": ["Corroder"], "credits": 1},
        turn="runner",
    )
    game.run_on("HQ")
    assert game.runner.credits == 3 and game.run is not None
    game.proceed()
    game.proceed()
    game.break_subroutines("Corroder", 1)  # spends a bad publicity credit first
    assert game.runner.credits == 2 and game.run.bad_publicity_credits == 1
    game.proceed()
    game.jack_out()
    assert game.runner.credits == 1
    assert game.log.citing("rule_run_ends_lose_bad_pub_credits")[-1].text.startswith(
        "the Runner loses the 1 unspent"
    )


def test_breaking_needs_the_encounter_the_subtype_the_strength_and_the_credits() -> None:
    game = ice_game("Ice Wall", rezzed=("Ice Wall",), rig=["Corroder", "Mimic"], credits=1)
    game.run_on("HQ")
    game.proceed()
    with pytest.raises(IllegalAction):
        game.break_subroutines("Corroder", 1)
    game.proceed()
    with pytest.raises(IllegalAction):
        game.break_subroutines("Mimic", 1)
    with pytest.raises(IllegalChoice):
        game.break_subroutines("Corroder", 2)
    game.break_subroutines("Corroder", 1)
    assert game.runner.credits == 0
    with pytest.raises(IllegalChoice):
        game.break_subroutines("Corroder", 1)
    game.proceed()
    assert game.run is not None and game.window == "movement"


def test_battering_ram_breaks_two_subroutines_per_use() -> None:
    game = ice_game("Ice Wall", rezzed=("Ice Wall",), rig=["Battering Ram"], credits=2)
    game.run_on("HQ")
    game.proceed()
    game.proceed()
    game.break_subroutines("Battering Ram", 1)
    assert game.runner.credits == 0


def test_a_stronger_piece_of_ice_cannot_be_broken_until_the_breaker_is_boosted() -> None:
    game = Game.given(
        corp={
            "ice": {"HQ": ["Ice Wall"]},
            "rezzed": ["Ice Wall"],
            "counters": {"Ice Wall": {"advancement": 1}},
        },
        runner={"rig": ["Corroder"], "credits": 5},
        turn="runner",
    )
    game.run_on("HQ")
    game.proceed()
    game.proceed()
    assert game.strength("Ice Wall") == 2 and game.strength("Corroder") == 2
    game.card("Ice Wall").counters["advancement"] = 2
    with pytest.raises(IllegalAction, match="strength 2, less than Ice Wall's 3"):
        game.break_subroutines("Corroder", 1)
    assert game.runner.credits == 5
    game.use("Corroder")
    game.break_subroutines("Corroder", 1)
    assert game.runner.credits == 3


def test_boosts_last_as_long_as_they_say() -> None:
    game = ice_game(
        "Enigma", "Ice Wall", rezzed=("Enigma", "Ice Wall"), rig=["Corroder", "Gordian Blade"]
    )
    game.use("Corroder")  # outside an encounter: until the next checkpoint (rule 3.9.5d)
    assert game.strength("Corroder") == 2
    game.run_on("HQ")
    game.proceed()
    game.proceed()
    game.use("Corroder")
    game.use("Gordian Blade")
    assert (game.strength("Corroder"), game.strength("Gordian Blade")) == (3, 3)
    game.break_subroutines("Corroder", 1)
    game.proceed()
    assert (game.strength("Corroder"), game.strength("Gordian Blade")) == (2, 3)
    game.jack_out()
    assert (game.strength("Corroder"), game.strength("Gordian Blade")) == (2, 2)


def test_derezzed_ice_has_no_strength() -> None:
    game = Game.given(corp={"ice": {"HQ": ["Ice Wall"]}, "rezzed": ["Ice Wall"]})
    assert game.strength("Ice Wall") == 1
    game.derez("Ice Wall", cause="Emergency Shutdown")
    assert game.strength("Ice Wall") is None


def test_rezzing_in_each_window() -> None:
    game = Game.given(
        corp={"ice": {"Server 1": ["Ice Wall"]}, "remote": {"Server 1": ["Daily Business Show"]}},
        turn="runner",
    )
    game.run_on("Server 1")
    game.rez("Daily Business Show")
    game.proceed()
    game.proceed()
    assert game.window == "movement"
    with pytest.raises(IllegalAction, match="step_before_jack_out_paw"):
        game.rez("Ice Wall")
    game.proceed()
    assert game.window == "movement, after moving inward"
    with pytest.raises(IllegalAction, match="rule_rez_in_paw"):
        game.rez("Ice Wall")
    assert game.card("Ice Wall").rezzed is False


def test_subroutines_of_filler_ice_are_not_guessed() -> None:
    game = ice_game("Ichi 1.0", rezzed=("Ichi 1.0",))
    game.run_on("HQ")
    game.proceed()
    with pytest.raises(UnimplementedCard):
        game.proceed()


def test_run_events_need_a_server_and_bypass_only_the_first_encounter() -> None:
    game = ice_game("Ice Wall", "Enigma", rezzed=("Ice Wall", "Enigma"), grip=["Inside Job"])
    with pytest.raises(IllegalAction, match="say on which server"):
        game.play("Inside Job")
    assert (game.runner.credits, game.runner.clicks, game.run) == (5, 4, None)
    game.play_run("Inside Job", on="HQ")
    game.proceed()
    game.proceed()
    assert game.window == "movement"
    game.proceed()
    game.proceed()
    game.proceed()
    assert game.window == "encounter ice"


def test_an_unanswered_choice_while_subroutines_resolve_leaves_the_run_in_its_window() -> None:
    game = ice_game("Rototurret", rezzed=("Rototurret",), rig=["Corroder", "Mimic"])
    game.run_on("HQ")
    game.proceed()
    game.proceed()
    before = game.state()
    with pytest.raises(Unanswered):
        game.proceed()
    assert game.state() == before and game.window == "encounter ice"
    game.corp.answers("Mimic")
    game.proceed()
    assert [c.title for c in game.runner.heap] == ["Mimic"] and game.run is None


def test_refused_rezzes_and_breaks_change_nothing() -> None:
    game = ice_game("Enigma", "Ice Wall", rezzed=("Ice Wall",), rig=["Corroder"], credits=0)
    game.run_on("HQ")
    game.proceed()
    before = game.state()
    with pytest.raises(IllegalAction):
        game.rez("Enigma")
    with pytest.raises(IllegalAction):
        game.jack_out()
    assert game.state() == before
    game.proceed()
    before = game.state()
    with pytest.raises(CannotPay):
        game.break_subroutines("Corroder", 1)
    with pytest.raises(IllegalChoice):
        game.proceed({3: "Corroder"})
    assert game.state() == before


def test_a_change_until_the_end_of_the_turn_ends_with_the_turn() -> None:
    game = Game.given(runner={"rig": ["Corroder"]}, turn="runner")
    with pytest.raises(IllegalAction):
        boost(game, game.card("Corroder"), 2, Until.ENCOUNTER, "a test")
    boost(game, game.card("Corroder"), 2, Until.TURN, "a test")
    assert game.strength("Corroder") == 4
    game.turn_facedown("Corroder")
    assert game.strength("Corroder") is None
    game.turn_faceup("Corroder")
    assert game.strength("Corroder") == 4
    game.begin_turn("corp")
    assert game.strength("Corroder") == 2


NONSENSE: list[tuple[Callable[[Game], object], str, bool]] = [
    (lambda g: g.run_on(""), "server", False),
    (lambda g: g.run_on(None), "server", False),
    (lambda g: g.run_on("Nowhere"), "Nowhere", False),
    (lambda g: g.break_subroutines("Corroder"), "numbers", True),
    (lambda g: g.break_subroutines("Corroder", 0), "numbers", True),
    (lambda g: g.break_subroutines("Corroder", "1"), "numbers", True),
    (lambda g: g.proceed(["Corroder"]), "targets", True),
    (lambda g: g.proceed({"1": "Corroder"}), "targets", True),
    (lambda g: g.play_run("Inside Job", on=""), "on", False),
    (lambda g: g.play_run("Corroder", on="HQ"), "makes a run", False),
    (lambda g: g.install("Mimic", making_room="Corroder"), "making_room", False),
]


@pytest.mark.parametrize(("call", "named", "during_run"), NONSENSE)
def test_nonsense_run_calls_are_domain_errors_that_change_nothing(
    call: Callable[[Game], object], named: str, during_run: bool
) -> None:
    game = ice_game(
        "Ice Wall", rezzed=("Ice Wall",), rig=["Corroder"], grip=["Inside Job", "Mimic"]
    )
    if during_run:
        game.run_on("HQ")
        game.proceed()
        game.proceed()
    before = game.state()
    with pytest.raises(RulesViolation) as refused:
        call(game)
    assert named in str(refused.value)
    assert game.state() == before


def test_no_event_is_played_as_an_action_during_a_run() -> None:
    game = ice_game("Ice Wall", grip=["Fisk Investment Seminar", "Inside Job"])
    game.run_on("HQ")
    before = game.state()
    with pytest.raises(IllegalAction, match="during the run on HQ"):
        game.play("Fisk Investment Seminar")
    with pytest.raises(IllegalAction, match="during the run on HQ"):
        game.play_run("Inside Job", on="R&D")
    assert game.state() == before
