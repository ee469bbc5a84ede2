"""Gray ops that need the Runner tagged (Bad Times, Subcontract, Trust Operation) and the
current Enhanced Login Protocol: the clauses their scenarios leave out."""

from __future__ import annotations

import pytest

from rulesref.engine.errors import IllegalAction
from rulesref.games.netrunner import Game


def test_bad_times_is_played_only_while_the_runner_is_tagged() -> None:
    game = Game.given(corp={"hq": ["Bad Times"]})
    before = game.state()
    with pytest.raises(IllegalAction, match="the Runner is not tagged"):
        game.play("Bad Times")
    assert game.state() == before


def test_subcontract_plays_its_operations_without_spending_their_clicks() -> None:
    game = Game.given(corp={"hq": ["Subcontract", "Hedge Fund"], "credits": 5}, runner={"tags": 1})
    game.corp.answers("Hedge Fund", "no more")
    game.play("Subcontract")
    assert game.corp.clicks == 2
    assert game.corp.credits == 5 - 0 - 5 + 9


def test_trust_operation_trashes_the_resource_then_installs_and_rezzes_for_free() -> None:
    game = Game.given(
        corp={"hq": ["Trust Operation"], "archives": ["Enigma"], "credits": 1},
        runner={"tags": 1, "rig": ["Kati Jones", "Professional Contacts"]},
    )
    game.corp.answers("HQ")
    game.play("Trust Operation", targets="Kati Jones")
    assert game.card("Kati Jones").zone_type.value == "discard pile"
    assert game.card("Professional Contacts").installed
    assert repr(game.card("Enigma")) == "<Enigma: protecting HQ at position 1, rezzed>"
    assert game.corp.credits == 1, "Trust Operation costs 0 and the rest is free"


def _login_protocol() -> Game:
    game = Game.given(
        corp={
            "hq": ["Enhanced Login Protocol", "Hedge Fund"],
            "remote": {"Server 1": ["Hostile Takeover"]},
            "credits": 10,
        },
        runner={"grip": ["Direct Access"], "credits": 5},
    )
    game.play("Enhanced Login Protocol")
    return game


def test_enhanced_login_protocol_stays_until_an_agenda_is_stolen() -> None:
    game = _login_protocol()
    game.play("Hedge Fund")
    assert game.log.mentioning("not trashed until another current is played or the Runner steals")
    assert game.card("Enhanced Login Protocol").zone_type.value == "play area"
    game.begin_turn("runner")
    game.runner.answers("Hostile Takeover")
    game.run_on("Server 1")
    assert game.runner.clicks == 4 - 2, "the first basic run costs a click more"
    game.proceed_to_end()
    assert game.card("Enhanced Login Protocol").zone_type.value == "discard pile"


def test_enhanced_login_protocol_costs_nothing_more_for_a_run_event() -> None:
    game = _login_protocol()
    game.begin_turn("runner")
    game.runner.answers("no")  # shuffle Direct Access back?
    game.play_run("Direct Access", on="HQ")
    assert game.runner.clicks == 3
