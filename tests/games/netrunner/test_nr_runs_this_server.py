""""This server" (rule_this_server): the server a card left holds only while the ability
its move initiated resolves, and only for a card whose abilities say "this server"."""

from __future__ import annotations

from rulesref.games.netrunner import Game


def _zato(*ice: str) -> Game:
    return Game.given(
        corp={
            "ice": {"Server 1": list(ice)},
            "remote": {"Server 1": ["ZATO City Grid"]},
            "rezzed": [*ice, "ZATO City Grid"],
            "rnd": ["Hedge Fund"],
            "credits": 0,
        },
        turn="runner",
    )


def test_zato_fires_ice_that_never_says_this_server() -> None:
    # Ice Wall's ability does not care where it was: trashed by ZATO City Grid as a cost,
    # its subroutine still resolves, and ends the run.
    game = _zato("Ice Wall")
    game.corp.answers("yes")  # trash Ice Wall to resolve its only subroutine?
    game.run_on("Server 1")
    game.proceed()  # approach Ice Wall
    game.proceed()  # encounter it: ZATO City Grid's ability
    assert game.card("Ice Wall").zone_type.value == "discard pile"
    assert game.run is None
    assert game.log.mentioning("ZATO City Grid: Ice Wall's subroutine 1 resolves")


def test_this_server_is_the_old_server_only_while_that_ability_resolves() -> None:
    # Trashed from Server 1 (three ice), Border Control's subroutine counts Server 1's
    # other ice while it resolves; installed again on HQ later, "this server" is HQ.
    game = _zato("Ice Wall", "Enigma", "Border Control")
    game.corp.answers(1, "yes")
    game.run_on("Server 1")
    game.proceed()
    game.proceed()
    assert game.corp.credits == 2  # Ice Wall and Enigma still protect Server 1
    game.jack_out()
    game.add("Border Control", "HQ", by="corp")
    game.end_turn("runner")
    game.begin_turn("corp")
    game.install("Border Control", server="HQ", ignoring_costs=True)
    game.rez("Border Control", ignoring_costs=True)
    before = game.corp.credits
    game.fire_subroutine("Border Control", 1)
    assert game.corp.credits - before == 1  # it alone protects HQ
