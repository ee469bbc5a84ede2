"""The ice in the Runner's position changes during a run, or the ice of a forced encounter
changes during that encounter (the rulebook's section on changes to the ice in the
Runner's position): what ends, what the Runner follows, what does not change."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from rulesref.games.netrunner import Game


def _enigma_encountered_outside_a_run() -> Game:
    return Game.given(
        corp={
            "ice": {"HQ": ["Enigma"], "R&D": ["Ice Wall"]},
            "rezzed": ["Enigma"],
            "hq": ["Hedge Fund"],
        },
        turn="runner",
    )


def _forced_encounter_with_enigma(game: Game) -> None:
    """Enigma's first subroutine makes the Runner lose a click: if it resolves, they have
    one click fewer."""
    game.encounter("Enigma")
    assert game.current_encounter() is None  # the forced encounter is over either way


@pytest.mark.parametrize(("change", "why"), [
    (lambda game: game.trash("Enigma", by="corp"), "Enigma is no longer installed"),
    (lambda game: game.derez("Enigma", cause="a card effect"), "Enigma was derezzed"),
    # swapped with a card in HQ: out of the play area
    (lambda game: game.swap("Enigma", "Hedge Fund", by="corp"), "Enigma is no longer installed"),
], ids=["trashed", "derezzed", "swapped-out-of-play"])
def test_ice_gone_during_a_forced_encounter_ends_it_before_its_subroutines(
        change: Callable[[Game], object], why: str) -> None:
    game = _enigma_encountered_outside_a_run()
    game.in_next_window(lambda: change(game))
    _forced_encounter_with_enigma(game)
    assert game.runner.clicks == 4
    assert game.log.mentioning(f"the encounter with Enigma ends ({why})")


def test_ice_swapped_with_installed_ice_during_a_forced_encounter_is_still_encountered() -> None:
    game = _enigma_encountered_outside_a_run()
    game.in_next_window(lambda: game.swap("Enigma", "Ice Wall", by="corp"))
    _forced_encounter_with_enigma(game)
    assert game.runner.clicks == 3  # still installed and rezzed: its subroutines resolve


def _run_on_hq() -> Game:
    """HQ: Enigma (inner), Ice Wall (outer), both rezzed; R&D: Tollbooth (rezzed, outer)
    and Hadrian's Wall (unrezzed, inner)."""
    game = Game.given(
        corp={
            "ice": {"HQ": ["Enigma", "Ice Wall"], "R&D": ["Hadrian's Wall", "Tollbooth"]},
            "rezzed": ["Ice Wall", "Enigma", "Tollbooth"],
            "hq": ["Hedge Fund"],
            "rnd": ["Beanstalk Royalties"],
        },
        turn="runner",
        runner={"credits": 10},
    )
    game.run_on("HQ")
    game.proceed()
    return game


def test_swapping_the_approached_ice_makes_the_runner_approach_the_incoming_ice() -> None:
    game = _run_on_hq()
    assert game.window == "approach ice"
    game.swap("Ice Wall", "Tollbooth", by="corp")
    run = game.run
    assert run is not None and run.server == "HQ" and run.phase == "approach ice"
    assert run.approached is game.card("Tollbooth")
    # Tollbooth is now the ice being approached: uninstalling it ends the approach.
    game.trash("Tollbooth", by="corp")
    assert game.log.mentioning(
        "Tollbooth left the position the Runner is approaching: the approach ends"
    )
    game.proceed()
    assert game.window == "movement"


def test_swapping_the_encountered_ice_with_ice_of_another_server_takes_the_runner_along() -> None:
    game = _run_on_hq()
    game.proceed()
    assert game.window == "encounter ice"
    game.swap("Ice Wall", "Tollbooth", by="corp")
    run = game.run
    assert run is not None
    assert run.server == "R&D" and run.position is not None
    assert run.position.ice is game.card("Ice Wall")
    game.proceed()  # Ice Wall's subroutine ends the run, now a run on R&D
    assert game.log.mentioning("the run on R&D did not reach its Success Phase")


def test_swapping_the_encountered_ice_out_of_the_play_area_ends_the_encounter() -> None:
    game = _run_on_hq()
    game.proceed()
    mark = game.log.mark()
    game.swap("Ice Wall", "Hedge Fund", by="corp")
    assert game.current_encounter() is None
    said = [entry.text for entry in game.log.since(mark)]
    ends = said.index("the encounter with Ice Wall ends (Ice Wall is no longer installed)")
    moves = next(i for i, text in enumerate(said) if "goes on to the Movement Phase" in text)
    assert ends < moves  # the encounter ends, then the run goes on to the Movement Phase
    game.proceed()  # the window completes, then the Movement Phase: no subroutine resolves
    run = game.run
    assert run is not None and run.phase == "movement" and game.window == "movement"
    assert not game.log.mentioning("Ice Wall subroutine 1 resolves")


def test_ice_derezzed_while_encountered_ends_the_encounter_then_the_phase() -> None:
    game = _run_on_hq()
    game.proceed()
    mark = game.log.mark()
    game.derez("Ice Wall", cause="a card effect")
    said = [entry.text for entry in game.log.since(mark)]
    ends = said.index("the encounter with Ice Wall ends (Ice Wall was derezzed)")
    moves = next(i for i, text in enumerate(said) if "goes on to the Movement Phase" in text)
    assert ends < moves
    game.proceed()
    assert game.window == "movement" and not game.log.mentioning("Ice Wall subroutine 1")


def _bullfrog_on_hq(*, bids_differ_at_once: bool) -> Game:
    game = Game.given(
        corp={
            "ice": {"HQ": ["Bullfrog"], "R&D": ["Ice Wall"]},
            "rezzed": ["Bullfrog"],
            "credits": 5,
            "hq": ["Hedge Fund"],
        },
        turn="runner",
        runner={"credits": 5},
    )
    game.run_on("HQ")
    game.proceed()
    if not bids_differ_at_once:
        game.corp.answers(1)
        game.runner.answers(1)  # the bids match: Bullfrog stays, and is passed
        game.proceed()
        game.proceed()
    game.corp.answers(0, "R&D")
    game.runner.answers(1)
    return game


def test_ice_moved_away_while_approached_ends_the_approach() -> None:
    game = _bullfrog_on_hq(bids_differ_at_once=True)
    assert game.window == "approach ice"
    game.encounter("Bullfrog")  # a forced encounter: Bullfrog moves itself to R&D
    assert game.log.mentioning("the approach ends")
    mark = game.log.mark()
    game.proceed()  # no more steps of the Approach Ice Phase: straight to the Movement Phase
    assert not game.log.since(mark).citing("step_approach_complete")
    run = game.run
    assert run is not None and run.server == "HQ" and game.window == "movement"
    assert game.log.mentioning("no ice is in their position, so the Runner passes nothing")


def test_ice_moved_away_during_the_movement_phase_changes_nothing_of_the_run() -> None:
    game = _bullfrog_on_hq(bids_differ_at_once=False)
    assert game.window == "movement"
    mark = game.log.mark()
    game.encounter("Bullfrog")
    assert game.log.since(mark).citing("rule_ice_change_during_movement")
    run = game.run
    assert run is not None and run.server == "HQ" and run.phase == "movement"
    assert game.window == "movement"
    game.proceed_to_end()
    assert game.log.mentioning("the run on HQ is declared successful")


def test_ice_moved_with_no_run_in_progress_moves_and_nothing_else_changes() -> None:
    game = Game.given(
        corp={"ice": {"HQ": ["Bullfrog"]}, "rezzed": ["Bullfrog"], "credits": 5},
        turn="runner",
        runner={"credits": 5},
    )
    game.corp.answers(0, "R&D")
    game.runner.answers(1)
    game.encounter("Bullfrog")
    assert [c.title for c in game.server("R&D").ice] == ["Bullfrog"]
    assert game.run is None and game.current_encounter() is None


def test_ice_that_moved_away_is_no_longer_the_approached_ice() -> None:
    game = _bullfrog_on_hq(bids_differ_at_once=True)
    game.encounter("Bullfrog")  # Bullfrog moves to R&D: the approach of it ends
    mark = game.log.mark()
    game.trash("Bullfrog", by="corp")  # in R&D now: nothing the Runner approaches
    assert not game.log.since(mark).mentioning("the approach ends")
    game.proceed()
    assert game.window == "movement"


def test_ice_uninstalled_while_approached_is_not_approached_once_installed_again() -> None:
    game = Game.given(
        corp={
            "ice": {"HQ": ["Ice Wall"], "R&D": ["Architect"]},
            "rezzed": ["Ice Wall", "Architect"],
            "credits": 5,
        },
        turn="runner",
    )
    game.run_on("HQ")
    game.proceed()
    game.trash("Ice Wall", by="corp")  # the approach of it ends
    game.corp.answers("Ice Wall", "Archives")
    game.fire_subroutine("Architect", 2)  # installs it again, a new object, on Archives
    mark = game.log.mark()
    game.trash("Ice Wall", by="corp")
    assert not game.log.since(mark).mentioning("the approach ends")
