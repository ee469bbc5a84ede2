"""Chronos Protocol selects for the turn's first net damage only, meat damage aside, and
may be declined."""

from __future__ import annotations

from rulesref.games.netrunner import Game


def _chronos() -> Game:
    return Game.given(
        corp={"identity": "Chronos Protocol: Selective Mind-mapping"},
        runner={"grip": ["Corroder", "Cache", "Wyrm", "Mimic"]},
        turn="runner",
    )


def test_meat_damage_before_leaves_the_first_net_damage_to_select() -> None:
    game = _chronos()
    game.damage("meat", 1)  # at random, and Chronos Protocol asks nothing
    chosen = game.runner.grip[-1]
    game.corp.answers("yes", chosen)
    game.damage("net", 1)
    assert chosen.zone_type.value == "discard pile"
    assert len(game.runner.grip) == 2
    assert game.corp.unused_answers == []


def test_chronos_protocol_may_be_declined() -> None:
    game = _chronos()
    game.corp.answers("no")
    game.damage("net", 1)
    assert game.corp.unused_answers == []
    assert len(game.runner.grip) == 3
