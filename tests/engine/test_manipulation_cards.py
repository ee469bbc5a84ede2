"""The cards of the rulebook's chapters on card manipulation, zones and additional rules,
clause by clause: each clause the scenarios of the library do not already play is
checked here."""

from __future__ import annotations

import pytest

from rulesref.engine.errors import CannotPay
from rulesref.games.netrunner import Game

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
