"""Abilities that move the Runner or end the run from outside the standard progression:
"the outermost position" of a server (rule_move_to_specific_position), a move with no
run in progress (rule_ineffective_move), "end the run" during a forced encounter
(rule_forced_encounter_during_run)."""

from __future__ import annotations

from rulesref.games.netrunner import Game


def _miraju(*, run: bool) -> Game:
    game = Game.given(
        corp={
            "ice": {"HQ": ["Mirāju"]},
            "rezzed": ["Mirāju"],
            "archives": ["Hedge Fund"],
            "hq": ["Beanstalk Royalties"],
        },
        turn="runner",
        runner={"rig": ["Gordian Blade"], "credits": 10},
    )
    if run:
        game.run_on("HQ")
        game.proceed()
        game.proceed()
        game.break_subroutines("Gordian Blade", 1)
    return game


def test_moved_to_the_outermost_position_of_a_server_with_no_ice_the_runner_has_none() -> None:
    game = _miraju(run=True)
    game.runner.answers("no")  # jack out?
    game.proceed()  # the encounter ends: Mirāju sends the Runner to Archives
    run = game.run
    assert run is not None
    assert run.server == "Archives" and run.position is None
    assert run.phase == "movement" and game.window == "movement"
    assert game.log.mentioning("they have no position, so the Runner passes nothing")
    game.proceed_to_end()
    assert game.log.mentioning("Runner accesses Hedge Fund (Archives)")
    assert not game.log.mentioning("Beanstalk Royalties")


def test_after_being_moved_the_runner_may_jack_out() -> None:
    game = _miraju(run=True)
    game.runner.answers("yes")  # jack out?
    game.proceed()
    assert game.run is None
    assert game.log.mentioning("the Runner jacks out of the run on Archives")
    assert game.log.mentioning("the run on Archives did not reach its Success Phase")
    assert not game.card("Mirāju").rezzed


def test_a_move_with_no_run_in_progress_does_nothing() -> None:
    game = _miraju(run=False)
    game.in_next_window(lambda: game.break_subroutines("Gordian Blade", 1))
    game.encounter("Mirāju")
    assert game.run is None
    assert game.log.citing("rule_ineffective_move")
    assert not game.card("Mirāju").rezzed  # the rest of the ability still resolves


def _little_engine() -> Game:
    """Little Engine: end the run, end the run, the Runner gains 5 credits."""
    return Game.given(
        corp={
            "ice": {"HQ": ["Enigma"], "R&D": ["Little Engine"]},
            "rezzed": ["Little Engine"],
            "hq": ["Beanstalk Royalties"],
        },
        turn="runner",
        runner={"credits": 0},
    )


def test_end_the_run_outside_a_run_closes_the_forced_encounter() -> None:
    game = _little_engine()
    game.encounter("Little Engine")
    assert game.current_encounter() is None
    assert game.runner.credits == 0  # its third subroutine never resolves
    assert not game.log.mentioning("there is no run to end")  # it closed the encounter


def test_end_the_run_in_a_forced_encounter_during_a_run_ends_both() -> None:
    game = _little_engine()
    game.run_on("HQ")
    game.proceed()  # approaching Enigma
    game.encounter("Little Engine")
    assert game.run is None and game.current_encounter() is None
    assert game.runner.credits == 0
    assert game.log.mentioning("the run on HQ did not reach its Success Phase")


def _miraju_encountered_while_approaching_hq(*, archives_ice: bool) -> Game:
    """A forced encounter with Mirāju (protecting R&D) while the Runner approaches HQ's
    Enigma; the Runner breaks its subroutine, so Mirāju sends them to Archives."""
    ice = {"HQ": ["Enigma"], "R&D": ["Mirāju"]}
    if archives_ice:
        ice["Archives"] = ["Ice Wall"]
    game = Game.given(
        corp={
            "ice": ice,
            "rezzed": ["Mirāju", "Enigma"],
            "archives": ["Hedge Fund"],
            "hq": ["Beanstalk Royalties"],
        },
        turn="runner",
        runner={"rig": ["Gordian Blade"], "credits": 10},
    )
    game.run_on("HQ")
    game.proceed()
    assert game.window == "approach ice"
    game.in_next_window(lambda: game.break_subroutines("Gordian Blade", 1))
    game.runner.answers("no")  # jack out?
    game.encounter("Mirāju")
    return game


def test_moved_to_a_server_with_no_ice_the_approach_gives_way_to_the_movement_phase() -> None:
    game = _miraju_encountered_while_approaching_hq(archives_ice=False)
    run = game.run
    assert run is not None and run.server == "Archives" and run.position is None
    mark = game.log.mark()
    game.proceed()  # the window completes, then the Movement Phase: Enigma is not encountered
    assert not game.log.since(mark).citing("step_approach_complete", "step_encounter_begins")
    assert game.window == "movement"


def test_moved_to_the_outermost_ice_of_another_server_the_runner_approaches_it() -> None:
    game = _miraju_encountered_while_approaching_hq(archives_ice=True)
    run = game.run
    assert run is not None and run.server == "Archives"
    assert run.approached is game.card("Ice Wall")
    game.proceed()
    assert game.window == "approach ice" and game.log.mentioning(
        "approach: the Runner approaches Ice Wall (position 1 of Archives)"
    )


def test_a_pass_after_being_sent_back_does_not_directly_follow_the_encounter() -> None:
    """Mirāju, alone in front of Archives, fully broken by Inversificator: the Runner is
    sent to Archives' outermost position (Mirāju's own) and approaches it again, derezzed.
    Passing it then follows that approach, not the encounter, so Inversificator's "pass
    after an encounter in which it fully broke the ice" is not met."""
    game = Game.given(
        corp={"ice": {"Archives": ["Mirāju"]}, "rezzed": ["Mirāju"], "archives": ["Hedge Fund"]},
        turn="runner",
        runner={"rig": ["Inversificator"], "credits": 10},
    )
    game.run_on("Archives")
    game.proceed()
    game.proceed()
    game.break_subroutines("Inversificator", 1)
    game.runner.answers("no")  # jack out?
    game.proceed()
    assert game.window == "approach ice" and not game.card("Mirāju").rezzed
    mark = game.log.mark()
    game.proceed()
    assert game.log.since(mark).mentioning("the Runner passes Mirāju")
    assert not game.log.since(mark).mentioning("Inversificator")


def test_end_the_run_with_no_run_and_no_forced_encounter_does_nothing() -> None:
    game = Game.given(corp={"ice": {"HQ": ["Ice Wall"]}, "rezzed": ["Ice Wall"]})
    game.fire_subroutine("Ice Wall")
    assert game.log.mentioning("Ice Wall subroutine 1: there is no run to end")
    assert game.run is None and game.current_encounter() is None


def test_sent_to_a_server_with_no_ice_from_a_forced_encounter_the_runner_may_jack_out() -> None:
    """Cell Portal, protecting R&D, is encountered during a run on HQ, which no ice
    protects: the Runner is moved to HQ's "outermost position", has none, and may jack out."""
    game = Game.given(
        corp={"ice": {"R&D": ["Cell Portal"]}, "rezzed": ["Cell Portal"], "hq": ["Hedge Fund"]},
        turn="runner",
    )
    game.run_on("HQ")
    assert game.window == "initiation"
    game.runner.answers("yes")  # jack out?
    game.encounter("Cell Portal")
    assert game.run is None
    assert game.log.mentioning("the Runner jacks out of the run on HQ")
    assert not game.log.mentioning("Runner accesses")


def test_end_the_run_ends_the_nested_forced_encounters_innermost_first_then_the_runs() -> None:
    """During the encounter with Ice Wall, a forced encounter with Enigma, and during that
    one a forced encounter with Little Engine, whose first subroutine ends the run: each
    encounter ends, from the one being resolved out to the run's own."""
    game = Game.given(
        corp={
            "ice": {"HQ": ["Ice Wall"], "R&D": ["Enigma"], "Archives": ["Little Engine"]},
            "rezzed": ["Ice Wall", "Enigma", "Little Engine"],
        },
        turn="runner",
    )
    game.run_on("HQ")
    game.proceed()
    game.proceed()
    assert game.window == "encounter ice"
    game.in_next_window(lambda: game.encounter("Little Engine"))
    game.encounter("Enigma")
    ended = [
        entry.text.split(" ends")[0]
        for entry in game.log
        if entry.text.startswith("the encounter with") and "(the run ended)" in entry.text
    ]
    assert ended == [
        "the encounter with Little Engine",
        "the encounter with Enigma",
        "the encounter with Ice Wall",
    ]
    assert game.run is None and game.runner.clicks == 3  # Enigma's subroutines never resolved
    # Ice Wall's one subroutine had not resolved yet: it never will.
    assert game.log.mentioning(
        "the encounter with Ice Wall ends with the run: no more of its subroutines resolve"
    )


def _ends_the_run_in_its_own_encounter(ice: str) -> Game:
    game = Game.given(corp={"ice": {"HQ": [ice]}, "rezzed": [ice]}, turn="runner")
    game.run_on("HQ")
    game.proceed()
    game.proceed()
    game.proceed()
    assert game.run is None
    return game


def test_subroutines_left_unresolved_when_the_run_ends_do_not_resolve() -> None:
    game = _ends_the_run_in_its_own_encounter("Little Engine")  # two more subroutines
    assert game.log.citing("rule_resolve_subroutines_run_ends")
    assert game.runner.credits == 5  # its third subroutine would have given 5 credits


def test_ending_the_run_with_the_last_subroutine_leaves_none_unresolved() -> None:
    game = _ends_the_run_in_its_own_encounter("Ice Wall")  # its only subroutine
    assert not game.log.citing("rule_resolve_subroutines_run_ends")
