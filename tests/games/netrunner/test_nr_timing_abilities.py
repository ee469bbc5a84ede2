"""The kinds of ability the timing structure knows, as a game's cards offer them."""

from __future__ import annotations

import pytest

from rulesref.games.netrunner import Game


@pytest.mark.parametrize(
    ("corp", "runner", "title", "controller"),
    [
        ({"score_area": ["The Cleaners"]}, {}, "The Cleaners", "corp"),
        ({}, {"rig": ["Sacrificial Construct"]}, "Sacrificial Construct", "runner"),
    ],
)
def test_an_ability_names_its_kind_card_and_controller(
    corp: dict[str, list[str]], runner: dict[str, list[str]], title: str, controller: str
) -> None:
    """What a failing assertion about the abilities in force shows of each."""
    game = Game.given(corp=corp, runner=runner)
    behaviour = game.card(title).behaviour
    assert behaviour is not None
    abilities = behaviour.abilities()
    assert abilities
    for ability in abilities:
        assert repr(ability) == f"<{type(ability).__name__} {title} ({controller})>"
