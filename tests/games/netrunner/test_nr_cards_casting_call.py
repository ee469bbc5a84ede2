"""Casting Call installs its agenda in the remote server chosen, or finds none in HQ."""

from __future__ import annotations

from rulesref.games.netrunner import Game


def test_casting_call_installs_in_an_existing_remote_server() -> None:
    game = Game.given(
        corp={"hq": ["Casting Call", "Hostile Takeover"], "ice": {"Server 1": ["Ice Wall"]}}
    )
    game.corp.answers("Server 1")  # the only agenda of HQ goes in which server?
    game.play("Casting Call")
    assert repr(game.card("Hostile Takeover")) == "<Hostile Takeover: root of Server 1, faceup>"
    assert game.card("Casting Call").host is game.card("Hostile Takeover")


def test_casting_call_with_no_agenda_in_hq_installs_nothing() -> None:
    game = Game.given(corp={"hq": ["Casting Call", "Hedge Fund"]})
    game.play("Casting Call")
    assert game.log.mentioning("Casting Call: HQ holds no agenda")
