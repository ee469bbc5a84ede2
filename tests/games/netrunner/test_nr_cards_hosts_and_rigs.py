"""Cyberfeeder, Spinal Modem, Ghost Runner, Atman, Rook, Dyson Mem Chip and The Supplier:
the clauses of their text the scenarios do not reach."""

from __future__ import annotations

import pytest

from rulesref.engine.errors import IllegalAction, RulesViolation
from rulesref.games.netrunner import Game


def test_cyberfeeder_pays_for_installing_a_virus_program() -> None:
    game = Game.given(
        corp={"ice": {"HQ": ["Ice Wall"]}, "rezzed": ["Ice Wall"]},
        runner={"rig": ["Cyberfeeder"], "grip": ["Parasite", "Corroder"], "credits": 5},
        turn="runner",
    )
    game.runner.answers(1)  # spend the credit hosted on Cyberfeeder?
    game.install("Parasite", host="Ice Wall")
    assert game.card("Cyberfeeder").counters["credit"] == 0
    assert game.runner.credits == 5 - 1
    game = Game.given(runner={"rig": ["Cyberfeeder"], "grip": ["Corroder"]}, turn="runner")
    game.install("Corroder")  # not a virus: Cyberfeeder's credit is not offered
    assert game.card("Cyberfeeder").counters["credit"] == 1
    assert game.runner.credits == 5 - 2


def test_spinal_modem_core_damage_for_a_successful_trace_during_a_run_only() -> None:
    game = Game.given(
        corp={"ice": {"HQ": ["Data Raven"]}, "rezzed": ["Data Raven"], "credits": 0},
        runner={"rig": ["Spinal Modem"], "grip": ["Cache"] * 3, "credits": 0},
        turn="runner",
    )
    game.fire_subroutine("Data Raven", 1)  # no run: the trace succeeds, no damage
    assert (len(game.runner.grip), game.max_hand_size("runner")) == (3, 5)
    game.start_run("HQ")
    game.fire_subroutine("Data Raven", 1)
    assert (len(game.runner.grip), game.max_hand_size("runner")) == (2, 4)


def test_ghost_runner_is_installed_with_3_credits() -> None:
    game = Game.given(runner={"grip": ["Ghost Runner"]}, turn="runner")
    game.install("Ghost Runner")
    assert game.card("Ghost Runner").counters["credit"] == 3


def test_atman_buys_its_power_counters_as_it_is_installed() -> None:
    game = Game.given(runner={"grip": ["Atman"], "credits": 8}, turn="runner")
    game.runner.answers(2)
    game.install("Atman")
    assert game.card("Atman").counters["power"] == 2
    assert game.strength("Atman") == 2
    assert game.runner.credits == 8 - 3 - 2


def _rook_game() -> Game:
    return Game.given(
        corp={
            "ice": {"HQ": ["Ice Wall", "Enigma"], "R&D": ["Enigma"]},
            "rezzed": [],
            "credits": 20,
        },
        runner={"rig": ["Rook", "Cache"], "hosted": {"Ice Wall": ["Rook"]}},
        turn="runner",
    )


def test_rook_raises_the_rez_cost_of_ice_on_its_server_only() -> None:
    game = _rook_game()
    hq_enigma, rnd_enigma = game.cards("Enigma")
    game.rez(hq_enigma)
    assert game.corp.credits == 20 - 3 - 2
    game.rez(rnd_enigma)
    assert game.corp.credits == 15 - 3


def test_rook_is_hosted_only_on_ice_and_moves_within_its_server() -> None:
    game = _rook_game()
    rook = next(c for c in game.cards("Rook") if c.host is not None)
    before = game.state()
    with pytest.raises((IllegalAction, RulesViolation)):
        game.use(rook, targets=[game.card("Cache")])
    assert game.state() == before
    hq_enigma = next(c for c in game.cards("Enigma") if c.server and c.server.name == "HQ")
    game.use(rook, targets=[hq_enigma])
    assert rook.host is hq_enigma


def test_dyson_mem_chip_gives_1_memory_unit_and_1_link() -> None:
    game = Game.given(runner={"rig": ["Dyson Mem Chip"]}, turn="runner")
    assert game.memory == "0 of 5 MU"


def test_the_supplier_hosts_from_the_grip_for_a_click_and_needs_a_card_to_host() -> None:
    game = Game.given(runner={"rig": ["The Supplier"], "grip": ["Corroder"]}, turn="runner")
    before = game.state()
    with pytest.raises(IllegalAction, match="the grip holds no resource or hardware"):
        game.use("The Supplier")
    assert game.state() == before
    game = Game.given(runner={"rig": ["The Supplier"], "grip": ["Kati Jones"]}, turn="runner")
    game.use("The Supplier")
    assert game.card("Kati Jones").host is game.card("The Supplier")
    assert game.runner.clicks == 3


def test_the_supplier_at_the_turns_beginning_with_nothing_or_declining() -> None:
    game = Game.given(runner={"rig": ["The Supplier"]}, turn="corp")
    game.runner.answers("yes")
    game.begin_turn("runner")
    assert game.log.mentioning("The Supplier hosts no card to install")
    game = Game.given(
        corp={"rnd": ["Hedge Fund"]},
        runner={"rig": ["The Supplier"], "grip": ["Kati Jones"]},
        turn="runner",
    )
    game.use("The Supplier")
    game.end_turn("runner")
    game.begin_turn("corp")
    game.end_turn("corp")
    game.runner.answers("yes", "none")
    game.begin_turn("runner")
    assert game.card("Kati Jones").host is game.card("The Supplier")
    assert not game.card("Kati Jones").installed


def test_the_supplier_lowers_the_cost_of_that_install_only() -> None:
    game = Game.given(
        corp={"rnd": ["Hedge Fund"]},
        runner={"rig": ["The Supplier"], "grip": ["Kati Jones"], "credits": 5},
        turn="runner",
    )
    game.use("The Supplier")
    game.end_turn("runner")
    game.begin_turn("corp")
    game.end_turn("corp")
    game.runner.answers("yes", "Kati Jones")
    game.begin_turn("runner")
    assert game.card("Kati Jones").installed and game.runner.credits == 5, "2 - 2 = 0"
    game.trash("Kati Jones", by="runner")
    game.add("Kati Jones", "grip", by="runner")
    game.install("Kati Jones")
    assert game.runner.credits == 5 - 2
