"""Approaching the server (step_approach_server): abilities that trigger as the Runner
approaches it resolve in that step, before the Movement Phase is complete and the run
goes on to its Success Phase."""

from __future__ import annotations

from rulesref.games.netrunner import Game


def _index(lines: list[str], needle: str) -> int:
    return next(i for i, line in enumerate(lines) if needle in line)


def test_an_approach_server_ability_resolves_before_the_movement_phase_completes() -> None:
    """Nanisivik Grid in the root of HQ: as the Runner approaches HQ, the Corp turns
    Ashigaru faceup in Archives."""
    game = Game.given(
        corp={
            "ice": {"HQ": ["Ice Wall"]},
            "root": {"HQ": ["Nanisivik Grid"]},
            "archives_facedown": ["Ashigaru"],
            "rezzed": ["Nanisivik Grid"],
        },
        turn="runner",
    )
    game.corp.answers("Ashigaru")
    game.runner.answers("no")  # trash Nanisivik Grid when accessing it?
    game.run_on("HQ")
    game.proceed_to_end()
    assert game.card("Ashigaru").faceup
    lines = str(game.log).splitlines()
    approach = _index(lines, "the Runner approaches HQ")
    turned = _index(lines, "turns Ashigaru faceup in Archives")
    complete = _index(lines, "the Movement Phase is complete")
    assert approach < turned < complete
