"""The kernel's invariants hold whatever the players do, in every game.

Hypothesis plays random sequences of actions (runs in Netrunner and in 1996, plays and
priority in Technomancy), with random answers to the rules' questions (now and then one
that names no option).  Every action the rules refuse is left out of the sequence, so what
is played is a legal game; after each attempt:

* no card is in two places: each card is in exactly one zone, the one it says it is in;
* credits (bits, scrip) are never negative;
* a refused action changes nothing: the whole game state is as it was before it.

The default profile (``tests/property/conftest.py``) plays a dozen games per engine;
``HYPOTHESIS_PROFILE=thorough`` plays a thousand.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any

from hypothesis import event, given
from hypothesis import strategies as st

from rulesref.engine.decisions import Decision
from rulesref.engine.errors import RulesViolation
from rulesref.engine.zones import Zones


def one_place_each(zones: Zones[Any], expected: int) -> None:
    """Each card is in exactly one zone, that zone is the one the card names, and no card
    has appeared or vanished (created cards aside: ``expected`` is a lower bound)."""
    seen: dict[int, str] = {}
    for zone in zones:
        for card in zone:
            assert id(card) not in seen, f"{card!r} is in {seen[id(card)]} and in {zone.name}"
            seen[id(card)] = zone.name
            assert card.zone is zone, f"{card!r} is in {zone.name} but says {card.zone!r}"
    assert len(seen) >= expected


def play_out(
    steps: Iterable[tuple[Any, ...]],
    act: Callable[[tuple[Any, ...]], None],
    state: Callable[[], object],
    check: Callable[[], None],
    refusals: tuple[type[BaseException], ...] = (RulesViolation,),
) -> None:
    """Try each step; a refused one must leave ``state()`` as it was; ``check()`` after
    every attempt."""
    played = 0
    for step in steps:
        before = state()
        try:
            act(step)
        except refusals:
            assert state() == before, f"{step} was refused but changed the game"
        else:
            played += 1
        check()
    event(f"legal actions played: {min(played, 10)}{'+' if played >= 10 else ''}")


def answering(rng: random.Random) -> Callable[[Decision], object]:
    def decide(decision: Decision) -> object:
        return "no such option" if rng.random() < 0.1 else rng.choice(decision.options)

    return decide


# -- Netrunner: runs ------------------------------------------------------------------------

ICE = ["Ice Wall", "Enigma", "Neural Katana", "Data Mine", "Rototurret"]
BREAKERS = ["Corroder", "Gordian Blade", "Mimic", "Wyrm"]
SERVERS = st.sampled_from(["HQ", "R&D", "Archives", "Server 1"])
NR_CARDS = st.sampled_from([*ICE, *BREAKERS, "Daily Business Show", "Dinosaurus", "Parasite"])
NR_STEPS = st.one_of(
    st.tuples(st.just("run_on"), SERVERS),
    *[st.tuples(st.just("proceed"))] * 6,
    st.tuples(st.just("jack_out")),
    st.tuples(st.just("rez"), NR_CARDS),
    st.tuples(st.just("use"), st.sampled_from(BREAKERS), st.integers(1, 2)),
    *[st.tuples(st.just("break_subroutines"), st.sampled_from(BREAKERS), st.integers(1, 3))] * 2,
    st.tuples(st.just("play_run"), st.sampled_from(["HQ", "R&D", "Server 1"])),
    st.tuples(st.just("install"), st.sampled_from(["Parasite", "Pipeline"]), NR_CARDS),
    st.tuples(st.just("draw"), st.sampled_from(["corp", "runner"])),
)


@given(st.lists(NR_STEPS, min_size=4, max_size=15), st.randoms(use_true_random=False))
def test_netrunner_runs_keep_the_kernels_invariants(
    steps: list[tuple[Any, ...]], rng: random.Random
) -> None:
    from rulesref.games.netrunner import Game, UnimplementedCard

    game = Game.given(
        corp={
            "ice": {"HQ": ICE[:3], "R&D": ICE[3:]},
            "rezzed": ["Ice Wall", "Enigma", "Data Mine", "Rototurret"],
            "remote": {"Server 1": ["Daily Business Show"]},
            "hq": ["Hedge Fund"],
            "rnd": ["Hostile Takeover", "Hedge Fund", "Priority Requisition"],
            "credits": 4,
        },
        runner={
            "rig": ["Dinosaurus", *BREAKERS[1:]],
            "hosted": {"Dinosaurus": ["Corroder"]},
            "grip": ["Inside Job", "Parasite", "Pipeline"],
            "stack": ["Kati Jones", "Gordian Blade"],
            "credits": 3,
            "clicks": 30,
        },
        turn="runner",
    )
    game.corp.decides_with(answering(rng))
    game.runner.decides_with(answering(rng))
    count = sum(len(zone) for zone in game.zones)

    def act(step: tuple[Any, ...]) -> None:
        name, *args = step
        if name == "proceed" and game.run is None:
            game.run_on("HQ")
        elif name == "play_run":
            game.play_run("Inside Job", on=args[0])
        elif name == "install":
            game.install(args[0], host=args[1])
        else:
            getattr(game, name)(*args)

    def check() -> None:
        one_place_each(game.zones, count)
        assert game.corp.credits >= 0 and game.runner.credits >= 0

    play_out(steps, act, game.state, check, (RulesViolation, UnimplementedCard))


# -- Netrunner (1996): actions and runs ----------------------------------------------------

NR96_STEPS = st.one_of(
    *[st.tuples(st.just("run"), st.sampled_from(["HQ", "R&D", "Archives", "Server 1"]))] * 3,
    st.tuples(
        st.just("use"), st.sampled_from(["Backdoor Loop", "Research Annex", "Deep Dive Rig"])
    ),
    st.tuples(st.just("play"), st.sampled_from(["Overtime Surge", "Leaked Dossier"])),
    st.tuples(st.just("advance"), st.sampled_from(["Tripwire Node", "Quiet Merger"])),
    st.tuples(st.just("rez"), st.sampled_from(["Data Wall", "Research Annex"])),
    st.tuples(st.just("end_turn")),
)


@given(st.lists(NR96_STEPS, min_size=4, max_size=15), st.randoms(use_true_random=False))
def test_1996_runs_keep_the_kernels_invariants(
    steps: list[tuple[Any, ...]], rng: random.Random
) -> None:
    from rulesref.games.netrunner1996 import Game

    game = Game.given(
        turn="runner",
        corp={
            "hq": ["Project Nightfall", "Overtime Surge"],
            # one copy of each title in the game: the 1996 facade names cards by title
            "rd": ["Black Ops Budget Review"],
            "archives": ["Wake the Sentries"],
            "servers": {
                "Server 1": ["Quiet Merger", "Research Annex"],
                "Server 2": ["Tripwire Node"],
            },
            "ice": {"HQ": ["Data Wall"]},
            "bits": 3,
        },
        runner={
            "rig": ["Backdoor Loop", "Wire Cutter", "Deep Dive Rig"],
            "grip": ["Leaked Dossier"],
            "stack": ["Spare Cycles"],
            "bits": 2,
        },
    )
    game.corp.decides_with(answering(rng))
    game.runner.decides_with(answering(rng))
    count = sum(len(zone) for zone in game.zones)

    def act(step: tuple[Any, ...]) -> None:
        name, *args = step
        getattr(game, name)(*args)

    def check() -> None:
        one_place_each(game.zones, count)
        for side in ("corp", "runner"):
            assert game.bits(side) >= 0 and game.actions(side) >= 0

    play_out(steps, act, game.state, check)


# -- Technomancy: plays, abilities and priority ---------------------------------------------

TM_HAND = ["Short Circuit", "Nanoweave", "Overclock", "Street Samurai", "Corp1 Relay", "Reboot"]
TM_STEPS = st.one_of(
    st.tuples(
        st.just("play"),
        st.sampled_from(TM_HAND),
        st.sampled_from([None, "Street Samurai", "Netrunner Kid", "Corp1 Relay"]),
        st.lists(st.sampled_from(["Corp1 Relay", "Corp2 Relay", "Corp4 Relay"]), max_size=2),
    ),
    st.tuples(st.just("activate"), st.sampled_from(["Street Samurai", "Netrunner Kid"])),
    *[st.tuples(st.just("pass_priority"))] * 2,
    *[st.tuples(st.just("pass_all"))] * 3,
)


@given(st.lists(TM_STEPS, min_size=4, max_size=15), st.randoms(use_true_random=False))
def test_technomancy_turns_keep_the_kernels_invariants(
    steps: list[tuple[Any, ...]], rng: random.Random
) -> None:
    from rulesref.games.technomancy import Game
    from rulesref.games.technomancy.errors import IllegalAction

    game = Game.given(
        Ada={
            "hand": TM_HAND,
            "battlefield": ["Corp1 Relay", "Corp1 Relay", "Corp4 Relay", "Netrunner Kid"],
            "library": ["Reboot", "Patch Job", "Data Mine", "Nanoweave"],
        },
        Bo={
            "hand": TM_HAND,
            "battlefield": ["Corp1 Relay", "Corp2 Relay", "Street Samurai", "Black Wall"],
            "library": ["Reboot", "Patch Job", "Data Mine", "Nanoweave"],
        },
    )
    for player in game.players:
        game.decides_with(player, answering(rng))
    count = sum(len(zone) for zone in game.state.zones)

    def act(step: tuple[Any, ...]) -> None:
        name, *args = step
        if name == "play":
            title, target, scrip = args
            game.play(title, target=target, scrip_from=scrip)
        elif name == "activate":
            game.activate(args[0], target="Street Samurai")
        else:
            getattr(game, name)()

    def check() -> None:
        one_place_each(game.state.zones, count)
        for player in game.players:
            assert all(amount >= 0 for amount in game.scrip(player).values())

    # a name that matches no card here is the scenario's mistake, not a refusal of the rules
    play_out(steps, act, game.fingerprint, check, (RulesViolation, IllegalAction, LookupError))
