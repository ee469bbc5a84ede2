"""The cards of the rulebook's chapters on card manipulation, zones and additional rules,
clause by clause: each clause the scenarios of the library do not already play is
checked here."""

from __future__ import annotations

import pytest

from rulesref.engine.errors import CannotPay, IllegalAction
from rulesref.games.netrunner import Game
from rulesref.games.netrunner.procedures.traces import give_tags

EARTH_STATION = "Earth Station: SEA Headquarters"


def test_earth_station_flips_for_a_click_and_back_after_a_successful_hq_run() -> None:
    game = Game.given(
        corp={"identity": EARTH_STATION, "remote": {"Server 1": ["Hostile Takeover"]}}
    )
    game.use(EARTH_STATION)
    assert game.corp.clicks == 2
    game.begin_turn("runner")
    game.runner.credits = 5
    with pytest.raises(CannotPay, match="6 credits"):
        game.run_on("Server 1")
    game.run_on("HQ")  # the back face adds nothing to HQ
    assert game.runner.credits == 5
    game.proceed_to_end()
    game.runner.credits = 1
    game.run_on("HQ")  # flipped back: HQ costs 1 credit more
    assert game.runner.credits == 0


def test_more_remote_servers_than_the_limit_keeps_the_servers_the_corp_chooses() -> None:
    game = Game.given(
        corp={
            "identity": EARTH_STATION,
            "remote": {"Server 1": ["Hostile Takeover"], "Server 2": ["Priority Requisition"]},
        }
    )
    game.corp.answers("Server 2")
    game.begin_turn("corp")  # its checkpoints find 2 remote servers
    assert [c.title for c in game.corp.archives] == ["Hostile Takeover"]
    assert game.card("Priority Requisition").installed


def test_chisel_trashes_its_host_encountered_at_strength_0_or_less() -> None:
    game = Game.given(
        corp={"ice": {"HQ": ["Ice Wall"]}, "rezzed": ["Ice Wall"]},
        runner={"hosted": {"Ice Wall": ["Chisel (1 virus)"]}},
        turn="runner",
    )
    assert game.strength("Ice Wall") == 0
    game.run_on("HQ")
    game.proceed()
    game.proceed()
    assert game.card("Ice Wall").zone_type.value == "discard pile"
    assert game.card("Chisel").zone_type.value == "discard pile"


def test_tithonium_third_subroutine_trashes_a_resource_and_ends_the_run() -> None:
    game = Game.given(
        corp={"ice": {"HQ": ["Tithonium"]}, "rezzed": ["Tithonium"]},
        runner={"rig": ["Kati Jones"]},
        turn="runner",
    )
    game.start_run("HQ")
    game.fire_subroutine("Tithonium", 3, targets="Kati Jones")
    assert game.card("Kati Jones").zone_type.value == "discard pile"
    assert game.run is None


def test_crowdfunding_comes_back_from_the_heap_after_three_successful_runs() -> None:
    game = Game.given(runner={"heap": ["Crowdfunding"], "credits": 0}, turn="runner")
    for _ in range(3):
        game.run_on("Archives")
        game.proceed_to_end()
    game.runner.answers("yes")
    game.end_turn("runner")
    crowdfunding = game.card("Crowdfunding")
    assert crowdfunding.installed and crowdfunding.counters["credit"] == 3
    assert game.runner.credits == 0  # installed ignoring all costs


def test_argus_security_lets_the_runner_take_a_tag_instead() -> None:
    game = Game.given(
        corp={
            "identity": "Argus Security: Protection Guaranteed",
            "remote": {"Server 1": ["Hostile Takeover"]},
        },
        runner={"grip": ["Cache", "Wyrm"]},
        turn="runner",
    )
    game.runner.answers("take 1 tag")
    game.run_on("Server 1")
    game.proceed_to_end()
    assert game.runner.tags == 1 and len(game.runner.grip) == 2


def test_jesminder_avoids_a_tag_only_the_first_time_in_a_run() -> None:
    game = Game.given(
        corp={"ice": {"HQ": ["Ice Wall"]}, "rezzed": ["Ice Wall"]},
        runner={"identity": "Jesminder Sareen: Girl Behind the Curtain"},
        turn="runner",
    )
    game.start_run("HQ")
    give_tags(game, 1, cause="a first effect")
    give_tags(game, 1, cause="a second effect")
    assert game.runner.tags == 1


def test_amaze_amusements_still_tags_after_it_was_trashed_while_accessed() -> None:
    game = Game.given(
        corp={
            "remote": {"Server 1": ["Hostile Takeover", "AMAZE Amusements"]},
            "rezzed": ["AMAZE Amusements"],
        },
        turn="runner",
    )
    game.runner.answers(game.card("Hostile Takeover"), "yes")  # then trash AMAZE for 3
    game.run_on("Server 1")
    game.proceed_to_end()
    assert game.card("AMAZE Amusements").zone_type.value == "discard pile"
    assert game.runner.tags == 2


def test_metamorph_swaps_two_other_pieces_of_ice() -> None:
    game = Game.given(
        corp={
            "ice": {"HQ": ["Ice Wall", "Metamorph"], "R&D": ["Enigma"]},
            "rezzed": ["Metamorph"],
        }
    )
    game.corp.answers("Ice Wall")  # its partner, Enigma, is the only other ice
    game.fire_subroutine("Metamorph", 1)
    assert game.card("Ice Wall").server is game.server("R&D")
    assert game.card("Enigma").server is game.server("HQ")


def test_zato_city_grid_goes_only_in_a_remote_server() -> None:
    game = Game.given(corp={"hq": ["ZATO City Grid"]})
    with pytest.raises(IllegalAction, match="remote server only"):
        game.install("ZATO City Grid", server="HQ")


def test_pharos_gets_5_strength_with_3_advancement_counters() -> None:
    game = Game.given(corp={"ice": {"HQ": ["Pharos (rezzed, 2 advancement)"]}})
    assert game.strength("Pharos") == 5
    game.card("Pharos").counters["advancement"] += 1
    assert game.strength("Pharos") == 10


def test_tucana_splits_its_total_between_install_and_rez_costs() -> None:
    game = Game.given(
        corp={
            "remote": {"Server 1": ["Tucana", "Hostile Takeover"]},
            "ice": {"HQ": ["Ice Wall"]},
            "rezzed": ["Tucana"],
            "rnd": ["Pharos"],
            "credits": 5,
        },
        runner={"credits": 0},
        turn="runner",
    )
    game.corp.answers("yes", "HQ", "no", 1)  # use it? where? trash Ice Wall? 1 off install
    game.runner.answers(game.card("Hostile Takeover"))
    game.run_on("Server 1")
    game.proceed_to_end()
    assert game.card("Pharos").rezzed
    assert game.corp.credits == 0  # install 1 - 1, rez 7 - 2
