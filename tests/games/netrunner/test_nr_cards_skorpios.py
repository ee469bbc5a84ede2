"""Skorpios Defense Systems removes a trashed card of the Runner's once per turn; declining
leaves the chance for later in the turn."""

from __future__ import annotations

from rulesref.games.netrunner import Game


def _skorpios() -> Game:
    return Game.given(
        corp={"identity": "Skorpios Defense Systems: Persuasive Power"},
        runner={"rig": ["Corroder", "Mimic", "Cache"]},
        turn="runner",
    )


def test_skorpios_removes_a_card_once_per_turn() -> None:
    game = _skorpios()
    game.corp.answers("Corroder")
    game.trash("Corroder", by="runner")
    assert game.card("Corroder").zone_type.value == "removed from the game"
    game.trash("Mimic", by="runner")
    assert game.card("Mimic").zone_type.value == "discard pile"


def test_skorpios_declined_may_remove_a_later_card() -> None:
    game = _skorpios()
    game.corp.answers("none")
    game.trash("Corroder", by="runner")
    assert game.card("Corroder").zone_type.value == "discard pile"
    game.corp.answers("Mimic")
    game.trash("Mimic", by="runner")
    assert game.card("Mimic").zone_type.value == "removed from the game"
