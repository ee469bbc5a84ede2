"""Swapping cards in the roots of two servers (sec_swapping_cards): a swap that would
leave a server with two regions is refused (rule_swap_only_to_valid_location), and the
swapped cards stay in the play area, so they are the same objects as before
(rule_object)."""

from __future__ import annotations

import pytest

from rulesref.engine.errors import IllegalChoice
from rulesref.games.netrunner import Game

UPGRADES = ["ZATO City Grid", "Nanisivik Grid", "Akitaro Watanabe"]


def _two_roots() -> Game:
    """ZATO City Grid (a region) in Server 1; Nanisivik Grid (a region) and Akitaro
    Watanabe (not one) in Server 2; all rezzed."""
    return Game.given(
        corp={
            "remote": {
                "Server 1": ["ZATO City Grid"],
                "Server 2": ["Nanisivik Grid", "Akitaro Watanabe"],
            },
            "rezzed": UPGRADES,
        },
    )


def _where(game: Game) -> dict[str, tuple[str | None, int]]:
    return {
        t: (c.server.name if c.server else None, c.object_id)
        for t in UPGRADES
        for c in [game.card(t)]
    }


def test_a_swap_that_would_give_a_server_two_regions_is_refused() -> None:
    game = _two_roots()
    before = game.state()
    with pytest.raises(IllegalChoice, match="would both be regions of Server 2"):
        game.swap("ZATO City Grid", "Akitaro Watanabe", by="corp")
    assert game.state() == before


def test_regions_swapped_between_two_roots_stay_the_same_objects() -> None:
    game = _two_roots()
    before = _where(game)
    game.swap("ZATO City Grid", "Nanisivik Grid", by="corp")
    after = _where(game)
    assert after["ZATO City Grid"] == ("Server 2", before["ZATO City Grid"][1])
    assert after["Nanisivik Grid"] == ("Server 1", before["Nanisivik Grid"][1])
    assert after["Akitaro Watanabe"] == before["Akitaro Watanabe"]
    assert game.card("ZATO City Grid").rezzed and game.card("Nanisivik Grid").rezzed
