"""Playing cards: timing by type, the cost procedure, rollback, buildings."""

from __future__ import annotations

import pytest

from rulesref.games.technomancy import STARTER_DECK, CannotPay, Game, IllegalAction, IllegalDeck


def test_quickhacks_at_any_priority_other_types_only_active_with_empty_stack() -> None:
    game = Game.given(
        Ada={"hand": ["Data Mine"], "battlefield": ["Corp1 Relay", "Corp3 Relay", "Netrunner Kid"]},
        Bo={
            "hand": ["Netrunner Kid", "Short Circuit"],
            "battlefield": ["Corp1 Relay", "Corp2 Relay"],
        },
    )
    game.pass_priority("Ada")
    with pytest.raises(IllegalAction) as refused:
        game.play("Netrunner Kid", by="Bo", scrip_from=["Corp2 Relay"])
    assert refused.value.rule == "tm_3_5_3_1"
    game.play("Short Circuit", by="Bo", target="Ada's Netrunner Kid", scrip_from=["Corp1 Relay"])
    game.pass_priority("Bo")
    with pytest.raises(IllegalAction) as refused:
        game.play("Data Mine", by="Ada", scrip_from=["Corp1 Relay", "Corp3 Relay"])
    assert refused.value.rule == "tm_3_5_2_1"
    game.pass_all()
    game.play("Data Mine", by="Ada", scrip_from=["Corp1 Relay", "Corp3 Relay"])
    assert game.stack == ("Data Mine (Ada)",)


def test_additional_costs_then_reductions_then_scrip_then_payment() -> None:
    game = Game.given(
        Ada={
            "hand": ["Street Samurai", "Short Circuit"],
            "battlefield": ["Ripperdoc", "Corp1 Relay", "Corp1 Relay", "Corp4 Relay"],
        },
        Bo={"battlefield": ["Black Wall", "Netrunner Kid"]},
    )
    mark = game.log.mark()
    game.play("Street Samurai", scrip_from=["Corp1 Relay"])
    steps = [e.rule for e in game.log.since(mark) if e.rule.startswith("tm_3_6")]
    assert steps == [
        "tm_3_6_1",
        "tm_3_6_2",
        "tm_3_6_2_2",
        "tm_3_6_2_3",
        "tm_3_6_2_4",
        "tm_3_6_3",
        "tm_3_6_4",
    ]
    game.pass_all()
    game.play("Short Circuit", target="Netrunner Kid", scrip_from=["Corp1 Relay", "Corp4 Relay"])
    assert game.scrip("Ada") == {}


def test_a_failed_payment_restores_the_whole_state() -> None:
    game = Game.given(
        Ada={"hand": ["Short Circuit"], "battlefield": ["Corp1 Relay"], "scrip": {"CORP2": 1}},
        Bo={"battlefield": ["Black Wall", "Netrunner Kid"]},
    )
    before = game.fingerprint()
    with pytest.raises(CannotPay):
        game.play("Short Circuit", target="Netrunner Kid", scrip_from=["Corp1 Relay"])
    # cards, zones (and each card's object identity), players, stack, clock, priority, rng
    assert game.fingerprint() == before
    assert game.log[-1].rule == "tm_3_6_3"


def test_buildings_skip_the_stack_and_one_per_turn() -> None:
    game = Game.given(Ada={"hand": ["Corp1 Relay", "Corp2 Relay"]})
    game.play("Corp1 Relay")
    assert game.stack == () and game.battlefield("Ada") == ["Corp1 Relay"]
    with pytest.raises(IllegalAction) as refused:
        game.play("Corp2 Relay")
    assert refused.value.rule == "tm_3_5_4_2"
    game.advance_to("main", turn=3)
    game.play("Corp2 Relay")
    assert game.battlefield("Ada") == ["Corp1 Relay", "Corp2 Relay"]


def test_a_permission_lifts_the_limit_unless_a_restriction_applies() -> None:
    def second_building(bo_battlefield: list[str]) -> str | None:
        game = Game.given(
            Ada={
                "hand": ["Urban Sprawl", "Corp1 Relay", "Corp3 Relay"],
                "battlefield": ["Corp2 Relay"],
            },
            Bo={"battlefield": bo_battlefield},
        )
        game.play("Urban Sprawl", scrip_from=["Corp2 Relay"])
        game.pass_all()
        game.play("Corp1 Relay")
        try:
            game.play("Corp3 Relay")
        except IllegalAction as refused:
            return refused.rule
        return None

    assert second_building([]) is None
    assert second_building(["Zoning Board"]) == "tm_0_2"


def test_matrix_deck_construction() -> None:
    Game.start({"Ada": STARTER_DECK, "Bo": STARTER_DECK}, seed=0)
    with pytest.raises(IllegalDeck) as too_small:
        Game.start({"Ada": STARTER_DECK[1:], "Bo": STARTER_DECK}, seed=0)
    assert too_small.value.rule == "tm_2_1_1"
    with pytest.raises(IllegalDeck) as five:
        Game.start({"Ada": STARTER_DECK, "Bo": [*STARTER_DECK[:-1], "Reboot"]}, seed=0)
    assert five.value.rule == "tm_2_1_2"
