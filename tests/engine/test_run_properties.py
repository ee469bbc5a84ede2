"""A property of runs: whatever the players do, in any window, with any answers, the
game only ever refuses with a domain error, a refusal changes nothing, and the run's
bookkeeping stays consistent (every card in one zone, hosted cards on installed hosts,
strengths and memory computable)."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulesref.engine.decisions import Decision
from rulesref.engine.errors import RulesViolation
from rulesref.games.netrunner import Game, UnimplementedCard
from rulesref.games.netrunner.state.runs import Window
from rulesref.games.netrunner.state.zones import ZoneType

ICE = ["Ice Wall", "Enigma", "Neural Katana", "Data Mine", "Rototurret"]
PROGRAMS = ["Corroder", "Gordian Blade", "Mimic", "Wyrm", "Net Shield"]


def board() -> Game:
    return Game.given(
        corp={
            "ice": {"HQ": ICE[:3], "R&D": ICE[3:]},
            "rezzed": ["Ice Wall", "Enigma", "Data Mine", "Rototurret"],
            "remote": {"Server 1": ["Daily Business Show"]},
            "hq": ["Hedge Fund"],
            "rnd": ["Hostile Takeover", "Hedge Fund"],
            "credits": 8,
        },
        runner={
            "rig": ["Dinosaurus", *PROGRAMS[1:]],
            "hosted": {"Dinosaurus": ["Corroder"]},
            "grip": ["Inside Job", "Kati Jones", "Parasite", "Pipeline"],
            "credits": 9,
            "clicks": 30,
        },
        turn="runner",
    )


CARDS = st.sampled_from([*ICE, *PROGRAMS, "Daily Business Show", "Dinosaurus", "Parasite"])
BREAKERS = st.sampled_from(["Corroder", "Gordian Blade", "Mimic", "Wyrm"])
STEPS = st.one_of(
    st.tuples(st.just("run_on"), st.sampled_from(["HQ", "R&D", "Archives", "Server 1"])),
    *[st.tuples(st.just("go"), st.sampled_from(["HQ", "R&D", "Archives", "Server 1"]))] * 6,
    st.tuples(st.just("jack_out")),
    st.tuples(st.just("rez"), CARDS),
    st.tuples(st.just("use"), BREAKERS, st.integers(1, 2)),
    *[st.tuples(st.just("break_subroutines"), BREAKERS, st.integers(1, 3))] * 2,
    st.tuples(st.just("play_run"), st.sampled_from(["HQ", "R&D", "Server 1"])),
    st.tuples(st.just("install"), st.sampled_from(["Parasite", "Pipeline"]), CARDS),
    st.tuples(st.just("trash"), CARDS),
)


def act(game: Game, step: tuple[Any, ...]) -> None:
    name, *args = step
    if name == "go":  # pass in the run's window, or make a run if there is none
        if game.run is None:
            game.run_on(args[0])
        else:
            game.proceed()
    elif name == "play_run":
        game.play_run("Inside Job", on=args[0])
    elif name == "install":
        game.install(args[0], host=args[1])
    elif name == "trash":
        game.trash(args[0], by="corp")
    else:
        getattr(game, name)(*args)


def consistent(game: Game, count: int) -> None:
    assert sum(len(zone) for zone in game.zones) == count
    run = game.run
    if run is not None and run.phased:
        assert run.window in tuple(Window)
        if run.window is Window.ENCOUNTER_ICE:
            # the encountered ice may have left mid-window: the run then goes on to the
            # Movement Phase once the window is complete
            assert run.encounter is not None or run.redirected
    for card in game.zones.get(ZoneType.PLAY_AREA).cards:
        if card.host is not None:
            assert card.installed and card.host.installed
        game.strength(card)
    assert game.memory.endswith("MU")


@settings(
    max_examples=80,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(st.lists(STEPS, max_size=20), st.randoms(use_true_random=False))
def test_random_runs_refuse_only_with_domain_errors_and_stay_consistent(
    steps: list[tuple[Any, ...]], rng: random.Random
) -> None:
    game = board()

    def decide(decision: Decision) -> object:
        return "no such option" if rng.random() < 0.1 else rng.choice(decision.options)

    game.corp.decides_with(decide)
    game.runner.decides_with(decide)
    count = sum(len(zone) for zone in game.zones)
    for step in steps:
        before = game.state()
        try:
            act(game, step)
        except (RulesViolation, UnimplementedCard):
            assert game.state() == before, f"{step} was refused but changed the game"
        consistent(game, count)
