"""Net Shield, Street Peddler and Fermenter: the cases their scenarios leave unplayed."""

from __future__ import annotations

from rulesref.games.netrunner import Game


def test_net_shield_prevents_only_the_turns_first_net_damage() -> None:
    game = Game.given(
        runner={"rig": ["Net Shield"], "grip": ["Cache"] * 4, "credits": 5}, turn="runner"
    )
    game.runner.answers("yes")
    game.damage("meat", 1)  # not net damage: neither offered nor counted
    assert game.runner.unused_answers == ["yes"]
    game.damage("net", 1)
    assert (len(game.runner.grip), game.runner.credits) == (3, 4)
    game.runner.answers("yes")
    game.damage("net", 1)
    assert game.runner.unused_answers == ["yes"]
    assert len(game.runner.grip) == 2


def test_street_peddler_hosts_the_top_3_known_to_the_runner() -> None:
    game = Game.given(
        runner={"grip": ["Street Peddler"], "stack": ["Diesel", "Diesel", "Diesel", "Cache"]},
        turn="runner",
    )
    game.install("Street Peddler")
    hosted = [c for c in game.cards("Diesel")]
    assert all(c.host is game.card("Street Peddler") for c in hosted)
    assert all(game.knows("runner", c) for c in hosted)
    assert [c.title for c in game.runner.stack] == ["Cache"]
    game.use("Street Peddler")
    assert game.log.mentioning("Street Peddler hosts no card the Runner can install")


def test_fermenter_in_the_grip_gets_no_counter_when_the_turn_begins() -> None:
    game = Game.given(corp={"rnd": ["Hedge Fund"]}, runner={"grip": ["Fermenter"]})
    game.end_turn("corp")
    game.begin_turn("runner")
    assert game.card("Fermenter").counters["virus"] == 0


def test_street_peddler_installs_a_hosted_card_1_credit_cheaper_that_once() -> None:
    game = Game.given(
        runner={
            "grip": ["Street Peddler"],
            "stack": ["Kati Jones", "Diesel", "Diesel"],
            "credits": 5,
        },
        turn="runner",
    )
    game.install("Street Peddler")
    game.runner.answers("Kati Jones")
    game.use("Street Peddler")
    assert game.card("Kati Jones").installed and game.card("Kati Jones").host is None
    assert game.runner.credits == 5 - 1
    game.trash("Kati Jones", by="runner")
    game.add("Kati Jones", "grip", by="runner")
    game.install("Kati Jones")
    assert game.runner.credits == 4 - 2
