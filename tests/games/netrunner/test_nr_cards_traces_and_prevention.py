"""Warroid Tracker, No One Home, Thunder Art Gallery, Attini and Caldera, clause by
clause: what their scenarios leave unplayed (the card's other cases, its near misses)."""

from __future__ import annotations

import pytest

from rulesref.games.netrunner import Game
from rulesref.games.netrunner.state.objects import NetrunnerCard


def _tracker_game(**corp: object) -> Game:
    return Game.given(
        corp={
            "remote": {"Server 1": ["Warroid Tracker", "Raman Rai"], "Server 2": ["Raman Rai"]},
            "rezzed": ["Warroid Tracker"],
            "credits": 0,
            **corp,
        },
        runner={"rig": ["Corroder", "Cache", "Wyrm"], "credits": 0},
        turn="runner",
    )


def _in_server(game: Game, title: str, server: str) -> NetrunnerCard:
    return next(c for c in game.cards(title) if c.server is not None and c.server.name == server)


def test_warroid_tracker_traces_when_another_card_of_its_server_is_trashed() -> None:
    game = _tracker_game()
    game.runner.answers("Corroder", "Cache")  # the trace succeeds: which 2 cards?
    game.trash(_in_server(game, "Raman Rai", "Server 1"), by="runner")
    assert game.card("Warroid Tracker").installed
    assert [c.title for c in game.runner.heap] == ["Corroder", "Cache"]
    assert game.log.mentioning("trace strength 4 against link strength 0")


def test_warroid_tracker_ignores_a_trash_elsewhere_or_by_the_corp() -> None:
    game = _tracker_game()
    game.trash(_in_server(game, "Raman Rai", "Server 2"), by="runner")
    game.trash(_in_server(game, "Raman Rai", "Server 1"), by="corp")
    assert game.runner.heap == []
    assert not game.log.mentioning("trace strength")


def test_warroid_tracker_unrezzed_does_nothing_installed_or_trashed() -> None:
    game = _tracker_game(rezzed=[])
    game.trash(_in_server(game, "Raman Rai", "Server 1"), by="runner")
    game.trash("Warroid Tracker", by="runner")
    assert game.card("Warroid Tracker").zone_type.value == "discard pile"
    assert game.runner.heap == []
    assert not game.log.mentioning("trace strength")


def test_warroid_tracker_trashed_rezzed_traces_once() -> None:
    game = _tracker_game()
    game.runner.answers("Corroder", "Cache")
    game.trash("Warroid Tracker", by="runner")
    assert [c.title for c in game.runner.heap] == ["Corroder", "Cache"]
    game.trash(_in_server(game, "Raman Rai", "Server 1"), by="runner")
    assert [c.title for c in game.runner.heap] == ["Corroder", "Cache"]


def test_warroid_tracker_with_one_installed_card_trashes_that_one() -> None:
    game = _tracker_game()
    game.trash("Cache", "Wyrm", by="runner")
    game.trash(_in_server(game, "Raman Rai", "Server 1"), by="runner")
    assert [c.title for c in game.runner.heap] == ["Cache", "Wyrm", "Corroder"]


def test_no_one_home_prevents_net_damage_for_its_trash_and_only_the_first_time() -> None:
    game = Game.given(
        runner={"rig": ["No One Home"], "grip": ["Cache"] * 3, "credits": 0},
        corp={"credits": 0},
        turn="runner",
    )
    game.runner.answers("yes")
    game.damage("net", 1)
    assert len(game.runner.grip) == 3
    assert game.card("No One Home").zone_type.value == "discard pile"


def test_no_one_home_is_not_offered_after_the_turns_first_tags() -> None:
    game = Game.given(
        runner={"rig": ["No One Home"], "credits": 0}, corp={"credits": 0}, turn="runner"
    )
    game.runner.answers("no")
    game.take_tags(1)
    assert game.runner.tags == 1 and game.card("No One Home").installed
    game.runner.answers("yes")
    game.take_tags(1)
    assert game.runner.tags == 2
    assert game.runner.unused_answers == ["yes"]


def test_no_one_home_is_not_offered_for_meat_damage_and_meat_damage_is_not_first() -> None:
    game = Game.given(
        runner={"rig": ["No One Home"], "grip": ["Cache"] * 3, "credits": 0},
        corp={"credits": 0},
        turn="runner",
    )
    game.runner.answers("yes")
    game.damage("meat", 1)
    assert game.runner.unused_answers == ["yes"]
    game.damage("net", 1)
    assert len(game.runner.grip) == 2
    assert game.card("No One Home").zone_type.value == "discard pile"


def test_thunder_art_gallery_with_nothing_to_install_installs_nothing() -> None:
    game = Game.given(
        runner={"rig": ["Decoy", "Thunder Art Gallery"], "grip": ["Diesel"]}, turn="runner"
    )
    game.runner.answers("yes", "yes", "none")
    game.take_tags(1)
    assert game.runner.tags == 0
    assert [c.title for c in game.runner.grip] == ["Diesel"]


def test_thunder_art_gallery_discount_is_for_that_install_only() -> None:
    game = Game.given(
        runner={"rig": ["Decoy", "Thunder Art Gallery"], "grip": ["Cache", "Corroder"]},
        turn="runner",
    )
    game.runner.answers("yes", "yes", "Cache")
    game.take_tags(1)
    credits = game.runner.credits
    game.trash("Cache", by="runner")
    game.add("Cache", "grip", by="runner")
    game.install("Cache")
    assert game.runner.credits == credits - 1, "Cache costs 1 again"


@pytest.mark.parametrize("number", [1, 2, 3])
def test_attini_each_subroutine_costs_2_credits_or_1_net_damage(number: int) -> None:
    game = Game.given(
        corp={"ice": {"HQ": ["Attini"]}, "rezzed": ["Attini"]},
        runner={"grip": ["Cache"] * 3, "credits": 5},
        turn="runner",
    )
    game.runner.answers("yes")
    game.fire_subroutine("Attini", number)
    assert (len(game.runner.grip), game.runner.credits) == (3, 3)
    assert game.log.mentioning(f"Attini subroutine {number}: pay 2 credits")
    game.runner.answers("no")
    game.fire_subroutine("Attini", number)
    assert (len(game.runner.grip), game.runner.credits) == (2, 3)


@pytest.mark.parametrize(("kind", "amount", "left"), [("net", 2, 2), ("core", 1, 3), ("net", 3, 1)])
def test_caldera_prevents_1_core_or_net_damage_for_3_credits(
    kind: str, amount: int, left: int
) -> None:
    game = Game.given(runner={"rig": ["Caldera"], "grip": ["Cache"] * 3, "credits": 5})
    game.runner.answers("yes")
    game.damage(kind, amount)
    assert len(game.runner.grip) == left
    assert game.runner.credits == 2


def test_caldera_may_be_declined() -> None:
    game = Game.given(runner={"rig": ["Caldera"], "grip": ["Cache"] * 3, "credits": 5})
    game.runner.answers("no")
    game.damage("net", 1)
    assert (len(game.runner.grip), game.runner.credits) == (2, 5)
