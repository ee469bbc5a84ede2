"""ZATO City Grid and Nanisivik Grid: the ice they cannot or need not fire."""

from __future__ import annotations

from rulesref.games.netrunner import Game


def _zato(ice: str) -> Game:
    return Game.given(
        corp={
            "ice": {"Server 1": [ice], "HQ": ["Enigma"]},
            "remote": {"Server 1": ["ZATO City Grid"]},
            "rezzed": [ice, "Enigma", "ZATO City Grid"],
        },
        turn="runner",
    )


def test_zato_city_grid_ignores_ice_of_another_server() -> None:
    game = _zato("Ice Wall")
    game.corp.answers(1, "yes")
    game.encounter("Enigma")
    assert game.corp.unused_answers == [1, "yes"]
    assert game.card("Enigma").installed


def test_zato_city_grid_declined_keeps_the_ice() -> None:
    game = _zato("Ice Wall")
    game.corp.answers("no")  # trash Ice Wall to resolve its only subroutine?
    game.run_on("Server 1")
    game.proceed()
    game.proceed()
    assert game.card("Ice Wall").installed
    assert game.run is not None


def test_zato_city_grid_cannot_fire_ice_it_cannot_trash() -> None:
    game = _zato("Architect")
    game.corp.answers(2, "yes")  # Architect subroutine 2 would install from HQ
    game.run_on("Server 1")
    game.proceed()
    game.proceed()
    assert game.card("Architect").installed
    assert not game.log.mentioning("ZATO City Grid: Architect's subroutine 2 resolves")


def test_zato_city_grid_passes_over_ice_with_no_subroutine() -> None:
    game = _zato("Ashigaru")  # as many subroutines as HQ holds cards: none
    game.corp.answers(1, "yes")
    game.run_on("Server 1")
    game.proceed()
    game.proceed()
    assert game.corp.unused_answers == [1, "yes"]


def _nanisivik(*facedown: str) -> Game:
    return Game.given(
        corp={
            "ice": {"HQ": ["Ice Wall"]},
            "root": {"HQ": ["Nanisivik Grid"]},
            "archives_facedown": list(facedown),
            "rezzed": ["Nanisivik Grid"],
        },
        turn="runner",
    )


def test_nanisivik_grid_may_turn_nothing_faceup() -> None:
    game = _nanisivik("Border Control")
    game.corp.answers("none")
    game.runner.answers("no")  # trash Nanisivik Grid when accessing it?
    game.run_on("HQ")
    game.proceed_to_end()
    assert not game.card("Border Control").faceup


def test_nanisivik_grid_turns_up_ice_with_no_subroutine_and_resolves_none() -> None:
    game = _nanisivik("Ashigaru")
    game.corp.answers("Ashigaru")
    game.runner.answers("no")
    game.run_on("HQ")
    game.proceed_to_end()
    assert game.card("Ashigaru").faceup
    assert not game.log.mentioning("Ashigaru's subroutine")
