"""Every public entry point of the Netrunner engine rejects nonsense with a domain error
naming the rule or argument, and never acts on a card its side does not own (issue 9,
point 7).  The property test drives random calls, sensible and not, and checks the
invariants after each: only domain errors, each card in exactly one zone, the card
count conserved, and a refused call leaves the game exactly as it was.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulesref.engine.decisions import Decision
from rulesref.engine.errors import BadSetup, IllegalAction, IllegalChoice, RulesViolation
from rulesref.games.netrunner import Game, UnimplementedCard

BOARD: dict[str, dict[str, Any]] = {
    "corp": {
        "hq": ["Hedge Fund", "Ice Wall", "Trick of Light"],
        "rnd": ["Enigma", "Hostile Takeover", "Beanstalk Royalties", "Wraparound"],
        "archives": ["Tollbooth"],
        "ice": {"HQ": ["Rototurret"]},
        "remote": {"Server 1": ["Priority Requisition"]},
        "rezzed": ["Rototurret"],
        "counters": {"Priority Requisition": {"advancement": 1}},
    },
    "runner": {
        "grip": ["Corroder"],
        "stack": ["Gordian Blade", "Kati Jones"],
        "rig": ["Sacrificial Construct", "Mimic", "Cache"],
        "heap": ["Akamatsu Mem Chip"],
    },
}


def board(turn: str = "corp") -> Game:
    return Game.given(corp=BOARD["corp"], runner=BOARD["runner"], turn=turn)


@pytest.mark.parametrize(
    ("setup", "argument"),
    [
        ({"corp": {"credits": "lots"}}, "credits"),
        ({"corp": {"credits": -1}}, "credits"),
        ({"corp": {"clicks": True}}, "clicks"),
        ({"runner": {"tags": 1.5}}, "tags"),
        ({"corp": {"hq": "Nonexistent Card"}}, "hq"),
        ({"corp": {"hq": ["Corroder"]}}, "hq"),
        ({"corp": {"hq": [None]}}, "hq"),
        ({"corp": {"ice": ["Ice Wall"]}}, "ice"),
        ({"corp": {"ice": {"HQ": ["Hedge Fund"]}}}, "ice"),
        ({"corp": {"ice": {"": ["Ice Wall"]}}}, "ice"),
        ({"corp": {"remote": {"HQ": ["Hostile Takeover"]}}}, "remote"),
        ({"corp": {"rezzed": ["Hedge Fund"], "hq": ["Hedge Fund"]}}, "rezzed"),
        ({"corp": {"counters": {"Nope": {"advancement": 1}}}}, "counters"),
        ({"corp": {"hq": ["Hedge Fund"], "counters": {"Hedge Fund": {"power": -2}}}}, "power"),
        ({"corp": {"score_area": ["Hedge Fund"]}}, "score_area"),
        ({"runner": {"rig": ["Fisk Investment Seminar"]}}, "rig"),
        ({"runner": {"identity": "Corroder"}}, "identity"),
        ({"runner": {"hosted": {"Corroder": ["Cache"]}, "grip": ["Corroder"]}}, "hosted"),
        ({"runner": {"wallet": 3}}, "runner"),
        ({"corp": ["hq"]}, "corp"),
        ({"corp": {"ice": {"HQ": ["Ice Wall (shiny)"]}}}, "ice"),
        ({"corp": {"remote": {"Server 1": ["Hostile Takeover (rezzed)"]}}}, "remote"),
        ({"runner": {"rig": ["Corroder (rezzed)"]}}, "rig"),
        ({"runner": {"rig": ["Cache (-1 virus)"]}}, "rig"),
        ({"turn": "bob"}, "turn"),
        ({"seed": "x"}, "seed"),
    ],
)
def test_nonsense_setups_are_bad_setups_naming_the_key(
    setup: dict[str, Any], argument: str
) -> None:
    with pytest.raises(BadSetup) as refused:
        Game.given(**setup)
    assert refused.value.rule is not None and argument in str(refused.value)


NONSENSE: list[tuple[str, Callable[[Game], object], type[RulesViolation], str]] = [
    ("card(None)", lambda g: g.card(None), IllegalChoice, "card"),  # type: ignore[arg-type]
    ("card(3)", lambda g: g.card(3), IllegalChoice, "card"),  # type: ignore[arg-type]
    ("card of another game", lambda g: g.card(board().card("Corroder")), IllegalChoice, "card"),
    ("begin_turn('bob')", lambda g: g.begin_turn("bob"), IllegalChoice, "side"),
    ("draw(count=-1)", lambda g: g.draw("corp", count=-1), IllegalChoice, "count"),
    ("draw(count='2')", lambda g: g.draw("corp", count="2"), IllegalChoice, "count"),  # type: ignore[arg-type]
    ("damage('net', -3)", lambda g: g.damage("net", -3), IllegalChoice, "amount"),
    ("damage('psychic')", lambda g: g.damage("psychic", 1), IllegalChoice, "damage_type"),
    (
        "corp installs Corroder",
        lambda g: g.install("Corroder", by="corp"),
        IllegalAction,
        "movement_install",
    ),
    ("server=''", lambda g: g.install("Ice Wall", server=""), IllegalChoice, "server"),
    (
        "Runner card in a server",
        lambda g: g.install("Corroder", server="HQ"),
        IllegalChoice,
        "destination",
    ),
    (
        "swap with itself",
        lambda g: g.swap("Ice Wall", "Ice Wall", by="corp"),
        IllegalChoice,
        "movement_swap",
    ),
    ("trash by 'bob'", lambda g: g.trash("Mimic", by="bob"), IllegalChoice, "by"),
    ("trash twice at once", lambda g: g.trash("Mimic", "Mimic", by="corp"), IllegalChoice, "cards"),
    ("trash nothing", lambda g: g.trash(by="corp"), IllegalChoice, "cards"),
    ("add to nowhere", lambda g: g.add("Mimic", "", by="runner"), IllegalChoice, "zone"),
    ("use ability 0", lambda g: g.use("Cache", 0), IllegalChoice, "ability"),
    ("subroutine -1", lambda g: g.fire_subroutine("Rototurret", -1), IllegalChoice, "number"),
    (
        "resolve_trash('widget')",
        lambda g: g.resolve_trash("widget", chooser="corp"),
        IllegalChoice,
        "card_type",
    ),
    ("arrange_top(-2)", lambda g: g.arrange_top("R&D", -2, [], by="corp"), IllegalChoice, "count"),
    ("search for None", lambda g: g.search("stack", None, by="runner"), IllegalChoice, "title"),  # type: ignore[arg-type]
    (
        "draw_simultaneously(bob=1)",
        lambda g: g.draw_simultaneously(bob=1),
        IllegalChoice,
        "draw_simultaneously",
    ),
]


@pytest.mark.parametrize(
    ("call", "error", "named"), [n[1:] for n in NONSENSE], ids=[n[0] for n in NONSENSE]
)
def test_nonsense_calls_are_domain_errors_that_change_nothing(
    call: Callable[[Game], object], error: type[RulesViolation], named: str
) -> None:
    game = board()
    before = game.state()
    with pytest.raises(error) as refused:
        call(game)
    assert named in str(refused.value)
    assert game.state() == before


# -- the property test ------------------------------------------------------------------

TITLES = sorted(
    {
        *(t for k in ("hq", "rnd", "archives") for t in BOARD["corp"][k]),
        "Rototurret",
        "Priority Requisition",
        *(t for k in ("grip", "stack", "rig", "heap") for t in BOARD["runner"][k]),
    }
)
cards = st.one_of(st.sampled_from(TITLES), st.sampled_from(["", "Nonexistent", "Ice"]), st.none())
sides = st.sampled_from(["corp", "runner", "bob", ""])
numbers = st.integers(min_value=-2, max_value=4)
servers = st.sampled_from(["HQ", "R&D", "Archives", "Server 1", "new", "", "Nowhere"])
zones = st.sampled_from(["HQ", "R&D", "archives", "grip", "stack", "heap", "set aside", "x"])

CALLS: dict[str, Any] = {
    "begin_turn": st.tuples(sides),
    "draw": st.tuples(sides, numbers),
    "trash": st.tuples(cards, sides),
    "install": st.tuples(cards, st.one_of(st.none(), servers), st.one_of(st.none(), sides)),
    "rez": st.tuples(cards),
    "derez": st.tuples(cards),
    "turn_facedown": st.tuples(cards),
    "swap": st.tuples(cards, cards, sides),
    "add": st.tuples(cards, zones, sides),
    "discard": st.tuples(cards, sides),
    "damage": st.tuples(st.sampled_from(["net", "meat", "core", "psychic"]), numbers),
    "score": st.tuples(cards),
    "steal": st.tuples(cards),
    # the calls that resolve abilities, and so ask decisions, get sensible cards more often
    "play": st.tuples(st.sampled_from(["Trick of Light", "Hedge Fund", "Corroder", "Nonexistent"])),
    "use": st.tuples(st.sampled_from(["Cache", "Mimic", "Rototurret"]), numbers),
    "fire_subroutine": st.tuples(st.sampled_from(["Rototurret", "Ice Wall"]), numbers),
    "successful_run": st.tuples(servers),
    "successful_run ": st.tuples(st.sampled_from(["R&D", "HQ", "Server 1", "Archives"])),
    "search": st.tuples(st.sampled_from(["stack", "R&D", "HQ"]), cards, sides),
}


def call(game: Game, name: str, args: tuple[Any, ...]) -> None:
    match name:
        case "draw":
            game.draw(args[0], args[1])
        case "trash":
            game.trash(args[0], by=args[1])
        case "install":
            game.install(args[0], server=args[1], by=args[2])
        case "swap":
            game.swap(args[0], args[1], by=args[2])
        case "add":
            game.add(args[0], args[1], by=args[2])
        case "discard":
            game.discard(args[0], by=args[1])
        case "search":
            game.search(args[0], args[1], by=args[2])
        case _:
            getattr(game, name.strip())(*args)


def zone_invariants(game: Game, count: int) -> None:
    serials: list[int] = []
    for zone in game.zones:
        for card in zone:
            assert card.zone is zone
            serials.append(card.serial)
    assert len(serials) == len(set(serials)) == count


@settings(
    max_examples=50,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    st.lists(
        st.sampled_from(sorted(CALLS)).flatmap(lambda n: st.tuples(st.just(n), CALLS[n])),
        max_size=8,
    ),
    st.randoms(use_true_random=False),
)
def test_random_calls_raise_only_domain_errors_and_keep_the_invariants(
    steps: list[tuple[str, tuple[Any, ...]]], rng: random.Random
) -> None:
    game = board()

    def decide(decision: Decision) -> object:
        """Any legal option, and now and then an illegal answer: a refusal mid-action."""
        return "no such option" if rng.random() < 0.2 else rng.choice(decision.options)

    game.corp.decides_with(decide)
    game.runner.decides_with(decide)
    count = sum(len(zone) for zone in game.zones)
    for name, args in steps:
        before = game.state()
        try:
            call(game, name, args)
        except (RulesViolation, UnimplementedCard):
            assert game.state() == before, f"{name}{args} was refused but changed the game"
        zone_invariants(game, count)
