"""The events a run meets, in the order of the run's timing structure (chapter 6), each
saying what it is about: what "whenever" conditions about runs are met by."""

from __future__ import annotations

from typing import TypeVar

from rulesref.games.netrunner import Game
from rulesref.games.netrunner.state.run_events import (
    ApproachIce,
    ApproachServer,
    BreachEnds,
    DetermineLimit,
    EncounterEnds,
    FullyBreak,
    PassIce,
    RunBegins,
    RunEnds,
    UnsuccessfulRun,
)
from rulesref.games.netrunner.timing.events import Event

E = TypeVar("E", bound=Event)


def _events(game: Game, kind: type[E]) -> list[E]:
    return [e for e in game.events_this_turn() if isinstance(e, kind)]


def test_a_successful_run_through_two_ice() -> None:
    game = Game.given(
        corp={"ice": {"HQ": ["Ice Wall", "Enigma"]}, "rezzed": ["Ice Wall"], "hq": ["Hedge Fund"]},
        runner={"rig": ["Corroder"], "credits": 5},
        turn="runner",
    )
    game.run_on("HQ")
    for _ in range(5):  # to the encounter with Ice Wall, past the unrezzed Enigma
        game.proceed()
    game.break_subroutines("Corroder", 1)
    game.proceed_to_end()
    passes = _events(game, PassIce)
    assert [(p.ice.title, p.innermost) for p in passes] == [("Enigma", False), ("Ice Wall", True)]
    (fully,) = _events(game, FullyBreak)
    # one object broke every subroutine: it fully breaks the ice too
    assert getattr(fully.by, "card", None) is game.card("Corroder")
    said = {type(e): e.describe() for e in game.events_this_turn()}
    for kind, about in [
        (RunBegins, "HQ"),
        (ApproachIce, "Ice Wall"),
        (PassIce, "Ice Wall"),
        (FullyBreak, "Ice Wall"),
        (EncounterEnds, "Ice Wall"),
        (ApproachServer, "HQ"),
        (DetermineLimit, "HQ"),
        (BreachEnds, "HQ"),
        (RunEnds, "HQ"),
    ]:
        assert about in said[kind], kind


def test_a_run_ended_before_its_success_phase_is_unsuccessful() -> None:
    game = Game.given(corp={"hq": ["Hedge Fund"]}, turn="runner")
    game.run_on("HQ")
    game.end_run()
    (unsuccessful,) = _events(game, UnsuccessfulRun)
    assert "HQ" in unsuccessful.describe()
    (ended,) = _events(game, RunEnds)
    assert ended.successful is False
