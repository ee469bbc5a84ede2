"""Tranquility Home Grid, Architect Deployment Test, Esâ Afontov, Blackguard and Satellite
Uplink: the clauses of their text the scenarios leave unplayed."""

from __future__ import annotations

import pytest

from rulesref.engine.errors import IllegalAction, IllegalChoice, RulesViolation
from rulesref.games.netrunner import Game


def test_tranquility_home_grid_remote_only_and_only_for_its_own_root() -> None:
    game = Game.given(corp={"hq": ["Tranquility Home Grid"]})
    with pytest.raises(IllegalAction, match="only in a remote server"):
        game.install("Tranquility Home Grid", server="HQ")
    game = Game.given(
        corp={
            "remote": {"Server 1": ["Tranquility Home Grid"]},
            "rezzed": ["Tranquility Home Grid"],
            "hq": ["Ice Wall", "Raman Rai"],
            "rnd": ["Hedge Fund"],
        }
    )
    game.corp.answers("draw 1 card")
    game.install("Ice Wall", server="HQ")
    assert game.corp.unused_answers == ["draw 1 card"]
    game.install("Raman Rai", server="Server 1")
    assert [c.title for c in game.corp.hq] == ["Hedge Fund"]


def test_architect_deployment_test_looks_at_5_and_installs_for_free() -> None:
    rnd = ["Hostile Takeover", "Raman Rai", "Hedge Fund", "Hedge Fund", "Hedge Fund", "Enigma"]
    game = Game.given(
        corp={
            "credits": 0,
            "rnd": rnd,
            "ice": {"HQ": ["Ice Wall"]},
            "remote": {"Server 1": ["Architect Deployment Test (4 advancement)"]},
        }
    )
    game.corp.answers("Enigma")
    with pytest.raises(IllegalChoice):
        game.score("Architect Deployment Test")
    game = Game.given(
        corp={
            "credits": 0,
            "rnd": ["Enigma", *rnd[:5]],
            "ice": {"HQ": ["Ice Wall"]},
            "remote": {"Server 1": ["Architect Deployment Test (4 advancement)"]},
        }
    )
    game.corp.answers("Enigma", "HQ", "no")  # install where? trash Ice Wall?
    game.score("Architect Deployment Test")
    assert repr(game.card("Enigma")) == "<Enigma: protecting HQ at position 2, rezzed>"


def test_architect_deployment_test_does_not_rez_an_agenda() -> None:
    game = Game.given(
        corp={
            "rnd": ["Hostile Takeover"],
            "remote": {"Server 1": ["Architect Deployment Test (4 advancement)"]},
        }
    )
    game.corp.answers("Hostile Takeover", "a new remote server")
    game.score("Architect Deployment Test")
    assert repr(game.card("Hostile Takeover")) == "<Hostile Takeover: root of Server 2, unrezzed>"


def _esa(**runner: object) -> Game:
    return Game.given(
        corp={"hq": ["Hedge Fund", "Ice Wall"], "rnd": ["Enigma"] * 10},
        runner={
            "identity": "Esâ Afontov: Eco-Insurrectionist",
            "grip": ["Cache"],
            "stack": ["Wyrm", "Wyrm"],
            **runner,
        },
        turn="runner",
    )


def test_esa_afontov_draws_1_then_sabotages_on_core_damage() -> None:
    game = _esa()
    game.runner.answers("yes")
    game.corp.answers("no more")
    game.damage("core", 1)
    assert [c.title for c in game.runner.grip] == ["Wyrm"]
    lines = str(game.log).splitlines()
    drew = next(i for i, line in enumerate(lines) if "Runner draws 1 card" in line)
    sabotaged = next(i for i, line in enumerate(lines) if "sabotage" in line.lower())
    assert drew < sabotaged


def test_esa_afontov_may_decline_and_ignores_net_damage() -> None:
    game = _esa()
    game.runner.answers("yes")
    game.damage("net", 1)
    assert game.runner.unused_answers == ["yes"]
    game = _esa()
    game.runner.answers("no")
    game.damage("core", 1)
    assert game.runner.grip == [] and len(game.corp.rnd) == 10


def test_blackguard_gives_2_mu_and_uplink_exposes_up_to_2_unrezzed_cards() -> None:
    game = Game.given(
        corp={
            "ice": {"HQ": ["Ice Wall", "Enigma"], "R&D": ["Ice Wall"]},
            "rezzed": [],
            "remote": {"Server 1": ["Hostile Takeover"]},
            "credits": 0,
        },
        runner={"rig": ["Blackguard"], "grip": ["Satellite Uplink"] * 2},
        turn="runner",
    )
    assert game.memory == "0 of 6 MU"
    walls = game.cards("Ice Wall")
    before = game.state()
    with pytest.raises((IllegalAction, RulesViolation, IllegalChoice)):
        game.play("Satellite Uplink", targets=[*walls, game.card("Enigma")])
    assert game.state() == before
    first, _ = game.cards("Satellite Uplink")
    game.play(first, targets=[game.card("Hostile Takeover")])
    assert game.knows("runner", "Hostile Takeover")
    assert game.card("Hostile Takeover").rezzed is False
