"""Rezzing makes a card active: of two rezzed copies of a unique card, the one rezzed
most recently stays and the other is trashed at the next checkpoint
(step_checkpoint_uniqueness, rule_uniqueness), whichever of them was installed first."""

from __future__ import annotations

import pytest

from rulesref.games.netrunner import Game


@pytest.mark.parametrize("last", [0, 1])
def test_of_two_rezzed_unique_upgrades_the_one_rezzed_last_stays(last: int) -> None:
    game = Game.given(
        corp={
            "remote": {"Server 1": ["Akitaro Watanabe"], "Server 2": ["Akitaro Watanabe"]},
            "credits": 10,
        },
    )
    copies = game.cards("Akitaro Watanabe")
    game.rez(copies[1 - last])
    game.rez(copies[last])
    assert game.log.citing("step_checkpoint_uniqueness")
    kept = [c for c in game.cards("Akitaro Watanabe") if c.installed]
    assert [c.server.name if c.server else None for c in kept] == [f"Server {last + 1}"]
    assert kept[0].rezzed
    assert len(game.corp.archives) == 1
