"""Hosting and memory: hosts and limits, memory in use, hosted cards leaving with the host."""

from __future__ import annotations

import pytest

from rulesref.engine.decisions import Unanswered
from rulesref.engine.errors import BadSetup, IllegalAction
from rulesref.games.netrunner import Game
from rulesref.games.netrunner.errors import UnimplementedCard


def test_trashing_a_host_trashes_what_it_hosts_in_a_second_trash() -> None:
    game = Game.given(runner={"rig": ["Dinosaurus"], "hosted": {"Dinosaurus": ["Corroder"]}})
    assert repr(game.card("Corroder")) == "<Corroder: hosted on Dinosaurus, faceup>"
    game.trash("Dinosaurus", by="corp")
    assert [c.title for c in game.runner.heap] == ["Corroder", "Dinosaurus"]
    assert game.card("Corroder").host is None and not game.card("Corroder").installed
    assert game.movements_this_turn() == ["trash", "trash"]


def test_a_prevented_host_trash_leaves_the_hosted_card_alone() -> None:
    game = Game.given(
        runner={
            "rig": ["Dinosaurus", "LLDS Energy Regulator"],
            "hosted": {"Dinosaurus": ["Corroder"]},
        }
    )
    game.runner.answers("3 credits")
    game.trash("Dinosaurus", by="corp")
    assert game.card("Corroder").installed and game.card("Corroder").host is game.card("Dinosaurus")


def test_only_a_non_ai_icebreaker_and_only_one() -> None:
    game = Game.given(runner={"rig": ["Dinosaurus"], "grip": ["Net Shield", "Mimic", "Corroder"]})
    with pytest.raises(IllegalAction, match="only a non-AI icebreaker"):
        game.install("Net Shield", host="Dinosaurus")
    game.install("Mimic", host="Dinosaurus")
    with pytest.raises(IllegalAction, match="can host 1"):
        game.install("Corroder", host="Dinosaurus")
    assert [c.title for c in game.runner.grip] == ["Net Shield", "Corroder"]


def test_setup_does_not_let_a_filler_host_silently() -> None:
    with pytest.raises(UnimplementedCard):
        Game.given(runner={"rig": ["Kati Jones"], "hosted": {"Kati Jones": ["Corroder"]}})
    with pytest.raises(BadSetup, match="only a non-AI icebreaker"):
        Game.given(runner={"rig": ["Dinosaurus"], "hosted": {"Dinosaurus": ["Net Shield"]}})


def test_memory_counts_what_is_active_now() -> None:
    game = Game.given(
        runner={
            "rig": ["Akamatsu Mem Chip", "Dinosaurus", "Battering Ram", "Net Shield"],
            "hosted": {"Dinosaurus": ["Corroder"]},
        }
    )
    assert game.memory == "3 of 5 MU"
    assert game.strength("Corroder") == 4
    game.turn_facedown("Dinosaurus")
    assert game.memory == "4 of 5 MU"
    assert game.strength("Corroder") == 2
    game.trash("Akamatsu Mem Chip", by="corp")
    assert game.memory == "4 of 4 MU"
    game.turn_facedown("Net Shield")
    assert game.memory == "3 of 4 MU", "a facedown program is blank: it has no memory cost"


def test_a_program_that_does_not_fit_is_refused_before_anything_is_paid() -> None:
    game = Game.given(
        runner={
            "rig": ["Battering Ram", "Corroder", "Mimic"],
            "grip": ["Gordian Blade"],
            "credits": 9,
        }
    )
    with pytest.raises(IllegalAction, match="memory limit"):
        game.install("Gordian Blade")
    assert game.runner.credits == 9 and len(game.log) == 0
    game.install("Gordian Blade", facedown=True)
    assert game.memory == "4 of 4 MU"


def test_when_the_limit_goes_down_the_runner_trashes_programs_of_their_choice() -> None:
    game = Game.given(
        runner={"rig": ["Akamatsu Mem Chip", "Battering Ram", "Corroder", "Mimic", "Net Shield"]}
    )
    assert game.memory == "5 of 5 MU"
    before = game.state()
    with pytest.raises(Unanswered, match="memory limit"):
        game.trash("Akamatsu Mem Chip", by="corp")
    assert game.state() == before
    game.runner.answers("Net Shield")
    game.trash("Akamatsu Mem Chip", by="corp")
    assert game.memory == "4 of 4 MU"
    assert [c.title for c in game.runner.heap] == ["Akamatsu Mem Chip", "Net Shield"]


def test_making_room_names_installed_programs_only() -> None:
    game = Game.given(
        runner={
            "rig": ["Battering Ram", "Corroder", "Mimic", "Akamatsu Mem Chip"],
            "grip": ["Gordian Blade", "Net Shield"],
            "credits": 9,
        }
    )
    with pytest.raises(IllegalAction, match="not an installed program"):
        game.install("Gordian Blade", making_room=["Akamatsu Mem Chip"])
    with pytest.raises(IllegalAction, match="not an installed program"):
        game.install("Gordian Blade", making_room=["Net Shield"])
    game.install("Gordian Blade", making_room=["Mimic"])
    assert game.memory == "4 of 5 MU"
