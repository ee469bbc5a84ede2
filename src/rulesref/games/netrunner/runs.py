"""Runs: what exists of them so far (success, encounter, ending the run)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesref.engine.errors import IllegalAction
from rulesref.games.netrunner.access import breach
from rulesref.games.netrunner.events import (
    Encounter,
    RunEnds,
    SuccessfulRun,
)
from rulesref.games.netrunner.objects import NetrunnerCard

if TYPE_CHECKING:
    from rulesref.games.netrunner.game import Game


def successful_run(game: Game) -> None:
    run = game.require_run()
    run.successful = True
    game.timing.perform(SuccessfulRun(run.server), lambda: None)
    game.timing.settle()
    if game.run is run:
        breach(game, run.server)


def encounter(game: Game, ice: NetrunnerCard) -> None:
    if not ice.rezzed:
        raise IllegalAction(f"{ice.title} is not rezzed ice")
    game.timing.perform(Encounter(ice), lambda: None)


def end_the_run(game: Game, *, cause: str) -> None:
    """A subroutine's or ability's "end the run"."""
    if game.run is None:
        game.log.record((), f"{cause}: there is no run to end")
        return
    game.log.record((), f"{cause} ends the run")
    end_run(game)


def end_run(game: Game) -> None:
    run = game.require_run()
    game.run = None
    game.timing.perform(RunEnds(run.server, run.successful), lambda: None)
