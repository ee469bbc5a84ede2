"""Events and the turn's history: turns are numbered one after another, and an event
prevented part by part names every ability that prevented a part of it."""

from __future__ import annotations

from rulesref.games.netrunner import Game


def test_turns_are_numbered_one_after_another() -> None:
    game = Game.given(turn="corp")
    game.end_turn("corp")
    game.begin_turn("runner")
    game.end_turn("runner")
    game.begin_turn("corp")
    said = [str(line) for line in game.log.mentioning("Turn ")]
    assert [line.split(":")[0].strip() for line in said] == ["Turn 1", "Turn 2", "Turn 2", "Turn 3"]
    assert "Turn 3: the Corp's turn begins" in said[-1]


def test_a_trash_prevented_part_by_part_names_every_preventer() -> None:
    """LLDS Energy Regulator saves the hardware, Fall Guy the resource: the trash is left
    with nothing, prevented by both."""
    game = Game.given(
        runner={
            "rig": ["LLDS Energy Regulator", "Fall Guy", "Dinosaurus", "Kati Jones"],
            "credits": 5,
        },
        turn="corp",
    )
    game.runner.answers("LLDS Energy Regulator", "3 credits", "yes")
    game.trash("Dinosaurus", "Kati Jones", by="corp")
    assert game.card("Dinosaurus").installed and game.card("Kati Jones").installed
    assert game.runner.credits == 2
    assert game.card("Fall Guy").zone_type.value == "discard pile"
    [line] = game.log.mentioning("so it does not take place")
    assert "prevented by LLDS Energy Regulator, Fall Guy" in str(line)
