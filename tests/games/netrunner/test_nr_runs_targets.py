"""Announcing targets (tc_1_1_2): counters named by their host, one counter at most per
counter there is, and a scenario's names for a subroutine's targets read as targets."""

from __future__ import annotations

import pytest

from rulesref.engine.errors import IllegalChoice, InvalidTarget
from rulesref.games.netrunner import Game


def _trick(secretary: int) -> Game:
    return Game.given(
        corp={
            "hq": ["Trick of Light"],
            "remote": {
                "Server 1": ["Aggressive Secretary"],
                "Server 2": ["Priority Requisition"],
            },
            "counters": {"Aggressive Secretary": {"advancement": secretary}},
        }
    )


def _advancement(game: Game, title: str) -> int:
    return game.card(title).counters["advancement"]


def test_one_counter_named_once_is_the_hosts_first() -> None:
    game = _trick(1)
    game.play(
        "Trick of Light",
        targets={"card": "Priority Requisition", "counters": ["Aggressive Secretary"]},
    )
    moved = (_advancement(game, "Priority Requisition"), _advancement(game, "Aggressive Secretary"))
    assert moved == (1, 0)


def test_a_host_is_named_no_more_times_than_it_has_counters() -> None:
    # The second counter named on a card that hosts one is not there to be a target.
    game = _trick(1)
    before = game.state()
    with pytest.raises(InvalidTarget):
        game.play(
            "Trick of Light",
            targets={
                "card": "Priority Requisition",
                "counters": ["Aggressive Secretary", "Aggressive Secretary"],
            },
        )
    assert game.state() == before


@pytest.mark.parametrize(
    ("targets", "message"),
    [
        ({"card": "Priority Requisition", "counters": [1]}, "name counters by their host card"),
        ({"card": 2, "counters": []}, r"a position \(2\) only names a card in a stated deck"),
        (["Priority Requisition"], "give targets as a mapping of those"),
        ({"cards": "Priority Requisition"}, "has nothing to choose called cards"),
    ],
)
def test_names_that_name_no_target_are_refused(targets: object, message: str) -> None:
    game = _trick(2)
    before = game.state()
    with pytest.raises(IllegalChoice, match=message):
        game.play("Trick of Light", targets=targets)  # type: ignore[arg-type]
    assert game.state() == before


def test_counters_on_a_scored_agenda_are_not_in_the_play_area() -> None:
    # Trick of Light states no zone: only counters in the play area can be its targets.
    game = Game.given(
        corp={
            "hq": ["Trick of Light"],
            "remote": {"Server 1": ["Priority Requisition"]},
            "score_area": ["Hostile Takeover"],
            "counters": {"Hostile Takeover": {"advancement": 2}},
        }
    )
    before = game.state()
    with pytest.raises(InvalidTarget, match="only cards and counters in the play area"):
        game.play(
            "Trick of Light",
            targets={"card": "Priority Requisition", "counters": ["Hostile Takeover"]},
        )
    assert game.state() == before


def _rototurret() -> Game:
    game = Game.given(
        corp={"ice": {"HQ": ["Rototurret"]}, "rezzed": ["Rototurret"], "hq": ["Hedge Fund"]},
        runner={"rig": ["Corroder", "Mimic"]},
        turn="runner",
    )
    game.run_on("HQ")
    game.proceed()  # approach Rototurret
    game.proceed()  # encounter it
    return game


@pytest.mark.parametrize("named", ["Mimic", ["Mimic"], {"program": "Mimic"}])
def test_a_subroutines_target_given_as_a_name_a_list_or_a_mapping(named: object) -> None:
    game = _rototurret()
    game.proceed({1: named})  # subroutine 1 trashes the program named
    assert [c.title for c in game.runner.heap] == ["Mimic"]


def test_a_subroutines_target_must_be_a_name() -> None:
    game = _rototurret()
    before = game.state()
    with pytest.raises(IllegalChoice, match=r"cannot read 2\.5 as targets"):
        game.proceed({1: 2.5})
    assert game.state() == before
