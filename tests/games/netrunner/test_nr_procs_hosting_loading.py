"""Hosting by an ability (a card that cannot host cards refuses, and nothing changes) and
loading (a loaded card becomes empty once: rule_empty_requires_loading)."""

from __future__ import annotations

import pytest

from rulesref.engine.errors import IllegalAction
from rulesref.games.netrunner import Game


def test_an_ability_cannot_host_a_card_on_ice_that_cannot_host_cards() -> None:
    game = Game.given(
        corp={"ice": {"HQ": ["Tithonium"]}, "rezzed": ["Tithonium"]},
        runner={"rig": ["Rook"]},
        turn="runner",
    )
    before = game.state()
    with pytest.raises(IllegalAction, match="cannot host cards"):
        game.use("Rook", targets=[game.card("Tithonium")])
    assert game.card("Rook").host is None
    assert game.state() == before


def test_a_loaded_card_that_stays_in_play_becomes_empty_only_once() -> None:
    """Crowdfunding, loaded with 3 credits as it is installed, gives 1 as each of the
    Runner's turns begins; empty, it is trashed and the Runner draws 1 card.  Fall Guy
    prevents the trash: Crowdfunding stays, still empty, but it does not become empty
    again at later checkpoints."""
    game = Game.given(
        corp={"rnd": ["Hedge Fund", "Ice Wall", "Enigma"], "hq": ["Beanstalk Royalties"]},
        runner={
            "grip": ["Crowdfunding"],
            "rig": ["Fall Guy"],
            "stack": ["Cache", "Wyrm", "Corroder"],
            "credits": 5,
        },
        turn="runner",
    )
    game.install("Crowdfunding")
    assert game.card("Crowdfunding").counters["credit"] == 3
    for turn in range(3):
        game.end_turn("runner")
        game.begin_turn("corp")
        game.end_turn("corp")
        if turn == 2:  # the third credit is taken: it is empty, and about to be trashed
            game.runner.answers("yes", "Crowdfunding")  # use Fall Guy? to save which card?
        game.begin_turn("runner")
    assert game.card("Crowdfunding").installed
    assert [c.title for c in game.runner.grip] == ["Cache"]
    game.draw("runner")  # a checkpoint: Crowdfunding is empty, but did not just become so
    assert [c.title for c in game.runner.grip] == ["Cache", "Wyrm"]
    assert len(game.log.citing("rule_empty_requires_loading")) == 1
