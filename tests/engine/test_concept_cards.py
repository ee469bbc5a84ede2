"""Abilities of the chapter-1 cards that their scenarios do not reach."""

from __future__ import annotations

import pytest

from rulesref.games.netrunner import Game, IllegalAction


def test_vaporframe_trashed_by_the_runner_installs_elsewhere() -> None:
    game = Game.given(
        corp={
            "hq": ["Hostile Infrastructure"],
            "remote": {"Server 1": ["Vaporframe Fabricator"]},
            "ice": {"Server 2": ["Ice Wall"]},
            "rezzed": ["Vaporframe Fabricator"],
        },
        runner={"credits": 10},
        turn="runner",
    )
    game.runner.answers("yes")  # pay to trash it
    # the Corp uses the trigger: which card, which server (not Server 1's root), trash?
    asked: list[str] = []

    def corp(decision: object) -> object:
        options = decision.options  # type: ignore[attr-defined]
        asked.append(" / ".join(o.label for o in options))
        return options[0]

    game.corp.decides_with(corp)
    game.run_on("Server 1")
    game.proceed_to_end()
    assert str(game.card("Vaporframe Fabricator").location) == "Archives"
    servers = next(q for q in asked if "a new remote server" in q)
    assert "Server 1" not in servers and "Server 2" in servers, asked
    assert game.card("Hostile Infrastructure").installed


def test_vaporframe_trashed_by_the_corp_installs_nothing() -> None:
    game = Game.given(
        corp={
            "hq": ["Hostile Infrastructure"],
            "remote": {"Server 1": ["Vaporframe Fabricator"]},
            "rezzed": ["Vaporframe Fabricator"],
        }
    )
    game.trash("Vaporframe Fabricator", by="corp")
    assert not game.card("Hostile Infrastructure").installed
    assert game.corp.unused_answers == []


def test_next_big_thing_gets_its_counter_when_stolen_and_shuffles_cards_back() -> None:
    game = Game.given(
        corp={"hq": ["Next Big Thing"], "rnd": ["Ice Wall"] + ["Hedge Fund"] * 4},
        turn="runner",
    )
    game.run_on("HQ")
    game.proceed_to_end()
    stolen = game.card("Next Big Thing")
    assert str(stolen.location) == "Runner score area"
    assert stolen.counters["agenda"] == 1
    game.begin_turn("corp")  # the Corp draws Ice Wall
    game.corp.answers("Ice Wall", "no more")  # shuffle which cards back?
    game.use("Next Big Thing")  # the Corp uses it from the Runner's score area
    assert stolen.counters["agenda"] == 0
    assert sorted(c.title for c in game.corp.hq) == ["Hedge Fund"] * 4
    assert [c.title for c in game.corp.rnd] == ["Ice Wall"]


def _encounter(ice: str, **runner: object) -> Game:
    game = Game.given(corp={"ice": {"HQ": [ice]}, "rezzed": [ice]}, runner=runner, turn="runner")
    game.run_on("HQ")
    game.proceed()
    game.proceed()
    return game


def test_bulwark_and_its_subroutines() -> None:
    game = Game.given(corp={"ice": {"HQ": ["Bulwark"]}, "credits": 10})
    game.rez("Bulwark")
    assert (game.corp.bad_publicity, game.corp.credits) == (1, 0)
    game = _encounter("Bulwark", rig=["Atman"])
    assert game.corp.credits == 7, "encountered with an AI program installed: 2 credits"
    game.fire_subroutine("Bulwark", 2)
    assert game.corp.credits == 9 and game.run is None
    game = _encounter("Bulwark")
    assert game.corp.credits == 5


def test_dna_tracker_eli_and_pop_up_window() -> None:
    game = Game.given(
        corp={"ice": {"HQ": ["DNA Tracker", "Eli 1.0"]}, "rezzed": ["DNA Tracker", "Eli 1.0"]},
        runner={"grip": ["Kati Jones"] * 4, "credits": 9},
    )
    for number in (1, 2, 3):
        game.fire_subroutine("DNA Tracker", number)
    assert (game.runner.credits, len(game.runner.grip)) == (3, 1)
    assert len(game.card("Eli 1.0").behaviour.subroutines()) == 2  # type: ignore[union-attr]
    game = _encounter("Pop-up Window")
    assert game.corp.credits == 6


def test_funhouse_subroutine_and_jesminder_with_two_tags() -> None:
    for pays, tags, credits in (("no", 2, 5), ("yes", 1, 1)):
        game = Game.given(
            corp={"ice": {"HQ": ["Funhouse"]}, "rezzed": ["Funhouse"]},
            runner={"credits": 5},
            turn="runner",
        )
        game.runner.answers("yes", pays)  # take the tag to go on; pay 4 for the subroutine?
        game.run_on("HQ")
        game.proceed()
        game.proceed()
        game.proceed()
        assert (game.runner.tags, game.runner.credits) == (tags, credits)
    game = Game.given(
        corp={"ice": {"HQ": ["Colossus (rezzed, 3 advancement)"]}},
        runner={"identity": "Jesminder Sareen: Girl Behind the Curtain"},
        turn="runner",
    )
    game.run_on("HQ")
    game.proceed()
    game.proceed()
    game.proceed()
    assert game.runner.tags == 1, "2 tags: the first time in the run, 1 is prevented"


def test_spinal_modem_ghost_runner_and_atman() -> None:
    game = Game.given(
        runner={"grip": ["Ghost Runner", "Spinal Modem"], "credits": 10}, turn="runner"
    )
    game.install("Ghost Runner")
    game.install("Spinal Modem")
    assert game.card("Ghost Runner").counters["credit"] == 3
    assert game.memory == "0 of 5 MU"
    game = Game.given(
        corp={"ice": {"HQ": ["Ice Wall"]}, "rezzed": ["Ice Wall"]},
        runner={"rig": ["Atman (2 power)"], "credits": 5},
        turn="runner",
    )
    assert game.strength("Atman") == 2
    game.run_on("HQ")
    game.proceed()
    game.proceed()
    with pytest.raises(IllegalAction, match="exactly equal"):
        game.break_subroutines("Atman", 1)


def test_hosts_free_memory_and_draw_only_for_their_connections() -> None:
    game = Game.given(
        runner={
            "rig": ["Leprechaun", "Dhegdheer", "Off-Campus Apartment"],
            "grip": ["Corroder", "Mimic", "Cleaver", "Kati Jones"],
            "stack": ["Fall Guy"],
            "credits": 20,
        },
        turn="runner",
    )
    game.install("Corroder", host="Leprechaun")
    game.install("Mimic", host="Leprechaun")
    game.install("Cleaver", host="Dhegdheer")
    assert game.memory == "1 of 4 MU", "only Leprechaun's own memory counts"
    with pytest.raises(IllegalAction):
        game.install("Kati Jones", host="Leprechaun")
    game.install("Kati Jones")
    assert game.card("Fall Guy").location.zone.value == "deck", "not installed on the Apartment"


def test_apocalypse_exchange_order_of_sol_and_ben_musashi() -> None:
    game = Game.given(runner={"grip": ["Apocalypse"]}, turn="runner")
    with pytest.raises(IllegalAction, match="no successful run"):
        game.play("Apocalypse")
    game = Game.given(
        corp={"hq": ["Exchange of Information"], "score_area": ["Obokata Protocol"]},
        runner={"score_area": ["Next Big Thing"]},
    )
    with pytest.raises(IllegalAction, match="not tagged"):
        game.play("Exchange of Information")
    game = Game.given(runner={"rig": ["Order of Sol", "Fall Guy"], "credits": 0}, turn="runner")
    game.use("Fall Guy")
    assert game.runner.credits == 1 + 2, "its pool empty at the checkpoint: 1 credit, once"
    game = Game.given(
        corp={
            "remote": {"Server 1": ["Ben Musashi"], "Server 2": ["Obokata Protocol"]},
            "rezzed": ["Ben Musashi"],
        },
        runner={"grip": ["Kati Jones"] * 5},
        turn="runner",
    )
    game.runner.answers("yes")
    game.run_on("Server 2")
    game.proceed_to_end()
    assert len(game.runner.grip) == 1, "Ben Musashi adds nothing outside its server"


def test_egret_gains_go_with_it_and_zer0_draws_two() -> None:
    game = Game.given(
        corp={"ice": {"HQ": ["Ice Wall"]}, "rezzed": ["Ice Wall"]},
        runner={"grip": ["Egret"]},
        turn="runner",
    )
    game.install("Egret", host="Ice Wall")
    game.trash("Egret", by="corp")
    assert game.card("Ice Wall").subtypes == ("barrier",)
    game = Game.given(
        runner={"rig": ["Zer0"], "grip": ["Kati Jones"], "stack": ["Fall Guy", "Fall Guy"]},
        turn="runner",
    )
    game.use("Zer0")
    assert [c.title for c in game.runner.grip] == ["Fall Guy", "Fall Guy"]
    assert (game.runner.credits, game.runner.clicks) == (6, 3)
