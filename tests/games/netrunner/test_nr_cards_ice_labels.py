"""Each subroutine of a piece of ice says, as it resolves, which one it is: the trace of a
run names "Eli 1.0 subroutine 2", and a card that numbered its subroutines wrongly would
name another.  And a trace starts at the base strength the card prints."""

from __future__ import annotations

import pytest

from rulesref.games.netrunner import Game

LABELLED = [
    ("Eli 1.0", 1),
    ("Eli 1.0", 2),
    ("Thimblerig", 1),
    ("DNA Tracker", 1),
    ("DNA Tracker", 2),
    ("DNA Tracker", 3),
    ("Bulwark", 2),
    ("Bulwark", 3),
    ("Tollbooth", 1),
    ("Hadrian's Wall", 1),
    ("Hadrian's Wall", 2),
    ("Rototurret", 2),
    ("Wraparound", 1),
    ("Shiro", 1),
    ("Fairchild 2.0", 1),
    ("Fairchild 2.0", 2),
    ("Heimdall 1.0", 2),
    ("Heimdall 1.0", 3),
    ("Little Engine", 1),
    ("Little Engine", 2),
    ("Little Engine", 3),
    ("Tithonium", 3),
    ("Pharos", 1),
]


def _encountering(title: str) -> Game:
    game = Game.given(
        corp={"ice": {"HQ": [title]}, "rezzed": [title], "credits": 10},
        runner={"grip": ["Cache"] * 5, "credits": 10},
        turn="runner",
    )
    game.start_run("HQ")
    return game


@pytest.mark.parametrize(("title", "number"), LABELLED)
def test_a_subroutine_names_itself_as_it_resolves(title: str, number: int) -> None:
    game = _encountering(title)
    mark = game.log.mark()
    game.fire_subroutine(title, number)
    text = str(game.log.since(mark))
    assert f"{title} subroutine {number}" in text
    others = [n for n in range(1, 5) if n != number and f"{title} subroutine {n}" in text]
    assert others == []


@pytest.mark.parametrize(("title", "base"), [("Archangel", 6), ("Flare", 6), ("Data Raven", 3)])
def test_a_trace_starts_at_its_printed_base_strength(title: str, base: int) -> None:
    game = _encountering(title)
    game.corp.answers(0)
    game.runner.answers(0)
    mark = game.log.mark()
    game.fire_subroutine(title, 1)
    assert f"trace strength {base} against link strength 0" in str(game.log.since(mark))
