"""Link strength in a trace: the Runner identity's base link (0 is a value, not a gap)
plus the credits they spend (rule_link_strength, rule_compare_trace_and_link_strength)."""

from __future__ import annotations

import pytest

from rulesref.games.netrunner import Game


@pytest.mark.parametrize(
    ("identity", "successful"),
    [
        ("Zahya Sadeghi: Versatile Smuggler", True),  # base link 0: 2 > 0 + 1
        ('Armand "Geist" Walker: Tech Lord', False),  # base link 1: 2 = 1 + 1
    ],
)
def test_gemini_trace_against_base_link_and_one_credit(identity: str, successful: bool) -> None:
    game = Game.given(
        corp={"ice": {"HQ": ["Gemini"]}, "rezzed": ["Gemini"], "credits": 0},
        runner={"identity": identity, "grip": ["Diesel", "Diesel", "Diesel"], "credits": 1},
    )
    game.runner.answers(1)  # spend 1 credit against trace strength 2
    game.fire_subroutine("Gemini", 1)
    assert game.runner.credits == 0
    assert len(game.runner.grip) == (2 if successful else 3)  # 1 net damage if successful
