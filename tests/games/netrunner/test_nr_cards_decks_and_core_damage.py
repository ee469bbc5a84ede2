"""Ashen Epilogue, I've Had Worse, Test Run and Mass Install, and the ice of chapter 9
that does core damage or counts power counters: their text, instruction by instruction."""

from __future__ import annotations

from rulesref.games.netrunner import Game


def _first(lines: list[str], needle: str) -> int:
    return next(i for i, line in enumerate(lines) if needle in line)


def _last(lines: list[str], needle: str) -> int:
    return max(i for i, line in enumerate(lines) if needle in line)


def test_ashen_epilogue_shuffles_then_removes_5_then_draws_5_then_removes_itself() -> None:
    game = Game.given(
        runner={
            "grip": ["Ashen Epilogue", "Cache", "Wyrm"],
            "heap": ["Corroder", "Mimic", "Fall Guy"],
            "stack": ["Kati Jones"] * 10,
        },
        turn="runner",
    )
    mark = game.log.mark()
    game.play("Ashen Epilogue")
    assert len(game.runner.grip) == 5
    assert game.runner.heap == []
    assert len(game.runner.stack) == 2 + 3 + 10 - 5 - 5
    assert len(game.zone("removed")) == 5 + 1
    lines = str(game.log.since(mark)).splitlines()
    shuffled = _first(lines, "shuffles the stack")
    assert _last(lines, "to the stack") < shuffled
    removed = [i for i, line in enumerate(lines) if "removed-from-game zone" in line]
    drawn = _first(lines, "Runner draws 5 cards")
    assert shuffled < removed[0] and removed[4] < drawn < removed[5]
    assert "Ashen Epilogue" in lines[removed[5]]


def test_ive_had_worse_draws_3_when_played_and_when_damage_trashes_it() -> None:
    game = Game.given(
        runner={"grip": ["I've Had Worse", "I've Had Worse"], "stack": ["Kati Jones"] * 8},
        turn="runner",
    )
    played, kept = game.cards("I've Had Worse")
    game.play(played)
    assert len(game.runner.grip) == 1 + 3
    hand = len(game.runner.grip)
    game.damage("meat", 4)
    assert kept.zone_type.value == "discard pile"
    assert len(game.runner.grip) == hand - 4 + 3


def test_ive_had_worse_draws_nothing_when_another_card_is_trashed() -> None:
    game = Game.given(
        runner={"grip": ["Cache"], "heap": ["I've Had Worse"], "stack": ["Kati Jones"] * 4},
        turn="runner",
    )
    game.damage("net", 1)
    assert game.runner.grip == []
    assert len(game.runner.stack) == 4


def test_test_run_installs_ignoring_all_costs_or_finds_nothing() -> None:
    game = Game.given(
        runner={"grip": ["Test Run", "Test Run"], "heap": ["Corroder"], "credits": 6},
        turn="runner",
    )
    first, second = game.cards("Test Run")
    game.runner.answers("heap", "Corroder")
    game.play(first)
    assert game.card("Corroder").installed and game.runner.credits == 6 - 3
    game.runner.answers("heap", "none")
    game.play(second)
    assert game.runner.unused_answers == []
    assert game.runner.credits == 0


def test_mass_install_installs_at_most_3_programs_and_may_stop_early() -> None:
    game = Game.given(
        runner={"grip": ["Mass Install", "Corroder", "Mimic", "Wyrm", "Cache"], "credits": 20},
        turn="runner",
    )
    game.runner.answers("Corroder", "Mimic", "Wyrm")
    game.play("Mass Install")
    assert [c.title for c in game.runner.grip] == ["Cache"]
    game = Game.given(runner={"grip": ["Mass Install", "Corroder"], "credits": 20}, turn="runner")
    game.runner.answers("no more")
    game.play("Mass Install")
    assert [c.title for c in game.runner.grip] == ["Corroder"]


def test_data_raven_trace_places_a_power_counter_the_corp_spends_on_a_tag() -> None:
    game = Game.given(
        corp={"ice": {"HQ": ["Data Raven"]}, "rezzed": ["Data Raven"], "credits": 0},
        runner={"credits": 0},
        turn="runner",
    )
    game.start_run("HQ")
    game.fire_subroutine("Data Raven", 1)
    assert game.card("Data Raven").counters["power"] == 1
    assert game.runner.tags == 0
    game.use("Data Raven")
    assert game.runner.tags == 1
    assert game.card("Data Raven").counters["power"] == 0


def test_data_raven_encountered_outside_a_run_can_only_tag() -> None:
    game = Game.given(corp={"ice": {"HQ": ["Data Raven"]}, "rezzed": ["Data Raven"]})
    game.corp.answers(0)  # its subroutine's trace: spend how many credits?
    game.runner.answers(0)
    game.encounter("Data Raven")
    assert game.runner.tags == 1
    assert game.log.mentioning("Data Raven: the Runner takes 1 tag")


def test_marker_outside_a_run_marks_nothing() -> None:
    game = Game.given(corp={"ice": {"HQ": ["Marker"]}, "rezzed": ["Marker"]})
    game.fire_subroutine("Marker", 1)
    assert game.log.mentioning("Marker subroutine 1: there is no run")


def test_fairchild_and_heimdall_do_1_core_damage() -> None:
    for title, number in (("Fairchild 2.0", 3), ("Heimdall 1.0", 1)):
        game = Game.given(
            corp={"ice": {"HQ": [title]}, "rezzed": [title]},
            runner={"grip": ["Cache"] * 3},
            turn="runner",
        )
        game.start_run("HQ")
        game.fire_subroutine(title, number)
        assert len(game.runner.grip) == 2
        assert game.max_hand_size("runner") == 4


def test_chum_and_hudson_outside_a_run_do_nothing() -> None:
    for title in ("Chum", "Hudson 1.0"):
        game = Game.given(corp={"ice": {"HQ": [title]}, "rezzed": [title]})
        game.fire_subroutine(title, 1)
        assert game.log.mentioning(f"{title} subroutine 1: there is no run")
