"""Off-Campus Apartment draws one card per connection installed on it; Leprechaun hosts
only programs."""

from __future__ import annotations

import pytest

from rulesref.engine.errors import IllegalAction, RulesViolation
from rulesref.games.netrunner import Game


def test_off_campus_apartment_draws_1_card_for_a_connection_installed_on_it() -> None:
    game = Game.given(
        runner={
            "rig": ["Off-Campus Apartment"],
            "grip": ["Kati Jones"],
            "stack": ["Cache", "Wyrm"],
            "credits": 10,
        },
        turn="runner",
    )
    game.install("Kati Jones", host="Off-Campus Apartment")
    assert [c.title for c in game.runner.grip] == ["Cache"]


def test_leprechaun_hosts_only_programs() -> None:
    game = Game.given(runner={"rig": ["Leprechaun"], "grip": ["Clone Chip"]}, turn="runner")
    before = game.state()
    with pytest.raises((IllegalAction, RulesViolation), match="it hosts only programs"):
        game.install("Clone Chip", host="Leprechaun")
    assert game.state() == before
