"""Turns, phases, priority and the stack."""

from __future__ import annotations

import pytest

from rulesref.engine.decisions import Unanswered
from rulesref.games.technomancy import STARTER_DECK, Game, IllegalAction, Phase


def test_phases_run_in_rulebook_order() -> None:
    assert [p.value for p in Phase] == [
        "recovery",
        "turn start",
        "draw",
        "main",
        "turn end",
        "cleanup",
    ]
    game = Game.given(phase="recovery")
    game.advance_to("turn start", turn_of="Bo")
    begun = [e.message for e in game.log.in_turn(1) if e.message.endswith("phase begins")]
    assert begun == [f"Ada's {p} phase begins" for p in Phase]


def test_same_seed_same_game_and_shuffles_differ_by_seed() -> None:
    decks = {"Ada": STARTER_DECK, "Bo": STARTER_DECK}
    one, two, other = (Game.start(decks, seed=s) for s in (7, 7, 8))
    one.advance_to("main", turn=4)
    two.advance_to("main", turn=4)
    assert str(one.log) == str(two.log)
    assert one.library("Ada") == two.library("Ada")
    assert Game.start(decks, seed=7).library("Ada") != other.library("Ada")


def test_starting_player_comes_from_the_seed_not_the_seating() -> None:
    decks = {"Ada": STARTER_DECK, "Bo": STARTER_DECK, "Cy": STARTER_DECK}
    starters = {Game.start(decks, seed=s).active_player for s in range(30)}
    assert starters == {"Ada", "Bo", "Cy"}


def test_the_active_player_draws_one_card_before_draw_phase_triggers() -> None:
    game = Game.given(
        phase="turn start",
        Ada={"battlefield": ["Newsfeed"], "library": ["Reboot", "Patch Job", "Overclock"]},
        Bo={"library": ["Dampener"]},
    )
    game.pass_all()
    assert game.phase is Phase.DRAW
    assert game.hand("Ada") == ["Reboot"]  # the trigger waits on the stack
    assert len(game.stack) == 1
    game.pass_all()
    assert game.hand("Ada") == ["Reboot", "Patch Job"]
    assert game.library("Bo") == ["Dampener"]


def test_priority_passes_clockwise_and_returns_to_the_active_player_after_an_effect() -> None:
    game = Game.given(
        players=["Ada", "Bo", "Cy"],
        active="Bo",
        Cy={"hand": ["Reboot"], "battlefield": ["Corp3 Relay", "Netrunner Kid (tapped)"]},
    )
    with pytest.raises(IllegalAction):
        game.pass_priority("Cy")
    game.pass_priority("Bo")
    assert game.priority == "Cy"
    game.play("Reboot", target="Netrunner Kid", scrip_from=["Corp3 Relay"])
    game.pass_priority("Cy")
    assert game.priority == "Ada"
    game.pass_priority("Ada")
    assert game.stack  # Bo's earlier pass does not count for the Reboot
    game.pass_priority("Bo")
    assert not game.stack
    assert game.priority == "Bo"
    assert game.phase is Phase.MAIN


def test_all_passing_with_an_empty_stack_ends_the_phase() -> None:
    game = Game.given()
    game.pass_priority("Ada")
    assert game.phase is Phase.MAIN
    game.pass_priority("Bo")
    assert game.phase is Phase.TURN_END
    assert game.priority == "Ada"


def test_the_stack_resolves_last_in_first_out() -> None:
    game = Game.given(
        Ada={"hand": ["Short Circuit"], "battlefield": ["Corp1 Relay"]},
        Bo={"hand": ["Nanoweave"], "battlefield": ["Netrunner Kid", "Corp2 Relay"]},
    )
    game.play("Short Circuit", target="Netrunner Kid", scrip_from=["Corp1 Relay"])
    game.pass_priority()
    game.play("Nanoweave", target="Netrunner Kid", scrip_from=["Corp2 Relay"])
    game.pass_all()
    game.pass_all()
    order = [e.message for e in game.log if e.message.endswith("→ Netrunner Kid takes effect")]
    assert order == [
        "Nanoweave (Bo) → Netrunner Kid takes effect",
        "Short Circuit (Ada) → Netrunner Kid takes effect",
    ]
    assert game.card("Netrunner Kid").zone.value == "battlefield"


def test_no_priority_in_recovery_nor_in_a_quiet_cleanup() -> None:
    game = Game.given(phase="turn end", Ada={"battlefield": ["Street Samurai (tapped)"]})
    game.pass_all()
    turn_two = game.log.in_turn(2)
    got_priority = [e for e in turn_two if "receives priority" in e.message]
    assert got_priority[0].message == "Bo receives priority in the turn start phase"
    cleanup = [e for e in game.log.in_turn(1) if e.rule == "tm_3_4_8"]
    assert [e.message for e in cleanup] == ["nothing triggered: no priority in the cleanup phase"]
    assert not game.card("Street Samurai").tapped


def test_cleanup_ends_until_end_of_turn_effects_and_asks_for_discards() -> None:
    game = Game.given(
        Ada={
            "hand": ["Overclock", *["Reboot"] * 7],
            "battlefield": ["Street Samurai", "Corp1 Relay"],
        },
        Bo={"hand": ["Reboot"] * 9},
    )
    game.play("Overclock", target="Street Samurai", scrip_from=["Corp1 Relay"])
    game.pass_all()
    assert game.card("Street Samurai").damage == 5
    game.advance_to("turn end")
    with pytest.raises(Unanswered):
        game.pass_all()
    assert game.card("Street Samurai").damage == 5, "refused: the effect has not ended"
    game.answers("Ada", "Reboot", "Reboot")
    game.pass_all()
    assert game.card("Street Samurai").damage == 3
    # one card over hand size: one question, and the second answer is never asked for
    assert game.unused_answers("Ada") == ["Reboot"]
    asked = [d for d, _ in game.decider.asked]
    assert [(d.player, d.rule, len(d.options)) for d in asked] == [("Ada", "tm_3_3_6_2", 7)]
    assert len(game.hand("Ada")) == 6
    assert len(game.hand("Bo")) == 9
    assert game.active_player == "Bo"


def test_an_extra_turn_keeps_the_clockwise_order() -> None:
    game = Game.given(
        players=["Ada", "Bo", "Cy"],
        Ada={"hand": ["Time Dilation"], "battlefield": ["Corp3 Relay", "Corp3 Relay"]},
    )
    game.play("Time Dilation", scrip_from=["Corp3 Relay", "Corp3 Relay"])
    game.pass_all()
    owners = []
    for turn in range(2, 5):
        game.advance_to("main", turn=turn)
        owners.append(game.active_player)
    assert owners == ["Ada", "Bo", "Cy"]


def test_a_player_whose_deck_level_is_too_high_loses_and_is_skipped() -> None:
    high = [*STARTER_DECK[:-1], "Time Dilation"]
    game = Game.start(
        {"Ada": STARTER_DECK, "Bo": high, "Cy": STARTER_DECK}, seed=0, max_deck_level=2
    )
    assert game.losers == ("Bo",)
    seen = set()
    for turn in range(1, 5):
        game.advance_to("main", turn=turn)
        seen.add(game.active_player)
    assert seen == {"Ada", "Cy"}
