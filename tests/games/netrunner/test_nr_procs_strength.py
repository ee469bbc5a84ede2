"""Strength as a derived value (rule_strength and the icebreaker rules of chapter 9): what
has none, and how long an increase lasts when a hosted card lengthens it."""

from __future__ import annotations

import pytest

from rulesref.games.netrunner import Game
from rulesref.games.netrunner.state.boosts import Until


@pytest.mark.parametrize(
    ("where", "title"),
    [("rig", "Kati Jones"), ("grip", "Diesel"), ("rig", "Cache")],
)
def test_a_card_with_no_printed_strength_has_none(where: str, title: str) -> None:
    game = Game.given(runner={where: [title]}, turn="runner")
    assert game.strength(title) is None


def _pumping(breaker: str, *, hosted: bool) -> Game:
    """The Runner encounters rezzed Enigma on HQ with ``breaker`` installed (hosting
    Gebrselassie if ``hosted``), and pays once for its strength increase."""
    game = Game.given(
        corp={"ice": {"HQ": ["Enigma"]}, "rezzed": ["Enigma"]},
        runner={"rig": [breaker, *(["Gebrselassie"] if hosted else [])], "credits": 10},
        turn="runner",
    )
    if hosted:
        game.use("Gebrselassie")  # host it on the only icebreaker
    game.run_on("HQ")
    game.proceed()  # approach Enigma
    game.proceed()  # encounter it
    assert game.window == "encounter ice"
    game.use(breaker, 1)
    return game


@pytest.mark.parametrize("breaker", ["Gordian Blade", "Corroder"])
@pytest.mark.parametrize("hosted", [False, True])
def test_a_lengthened_increase_counts_once_and_says_so_once(breaker: str, hosted: bool) -> None:
    game = _pumping(breaker, hosted=hosted)
    printed = game.card(breaker).facts.strength
    assert printed is not None
    assert game.strength(breaker) == printed + 1  # one increase, however long it lasts
    instead = game.log.mentioning("lasts for the remainder of the turn instead")
    assert len(instead) == (1 if hosted else 0)
    gets = game.log.mentioning(f"{breaker} gets +1 strength")
    assert len(gets) == 1
    if hosted:
        assert str(Until.TURN) in str(gets)


def test_a_lengthened_increase_outlasts_the_run() -> None:
    game = _pumping("Gordian Blade", hosted=True)
    printed = game.card("Gordian Blade").facts.strength
    assert printed is not None
    game.proceed_to_end()
    assert game.run is None
    assert game.strength("Gordian Blade") == printed + 1
