"""A board description is read, or refused with ``BadSetup`` naming the key it is wrong at.

``Game.given`` is how a scenario sets a position up, and a scenario is written by hand: a
misspelt key, a card this game does not have, a count that is not a number must be refused
with one clear message, never taken as something else and never crash.  Hypothesis builds
descriptions from right and wrong parts, for Technomancy and for 1996.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rulesref.engine.errors import BadSetup

JUNK = st.one_of(st.none(), st.integers(-2, 3), st.text(max_size=4), st.just(True))


def titles(known: list[str]) -> st.SearchStrategy[Any]:
    entry = st.one_of(st.sampled_from(known), st.sampled_from(["Nonesuch", "", "(tapped)"]))
    return st.one_of(st.lists(entry, max_size=3), entry, JUNK, st.just({"a": 1}))


TM_CARDS = ["Street Samurai", "Corp1 Relay", "Reboot", "Street Samurai (tapped, health 1)"]
TM_PLAYER = st.dictionaries(
    st.sampled_from(["hand", "battlefield", "library", "discard", "health", "scrip", "deck"]),
    st.one_of(
        titles(TM_CARDS),
        st.integers(-1, 30),
        st.dictionaries(st.sampled_from(["CORP1", "CORP9"]), st.integers(-1, 2), max_size=2),
    ),
    max_size=4,
)


#: Cheap examples (a board, no play): many of them, even in the default profile.
MANY = settings(max_examples=max(150, settings().max_examples))


@MANY
@given(st.one_of(TM_PLAYER, JUNK), st.sampled_from([None, "Ada", "Cy"]))
def test_a_technomancy_board_is_read_or_refused(ada: Any, active: str | None) -> None:
    from rulesref.games.technomancy import Game

    try:
        game = Game.given(active=active, Ada=ada)
    except BadSetup as refusal:
        assert refusal.message and refusal.rule  # the key it is wrong at
        return
    assert game.active_player == (active or "Ada")
    for zone in ("hand", "library"):
        named = ada.get(zone, [])
        listed = [named] if isinstance(named, str) else list(named)
        found = game.hand("Ada") if zone == "hand" else game.library("Ada")
        assert found == listed


NR96_CARDS = ["Data Wall", "Project Nightfall", "Backdoor Loop", "Data Wall (rezzed)"]
NR96_SIDE = st.dictionaries(
    st.sampled_from(["hq", "rd", "grip", "rig", "servers", "ice", "bits", "actions", "hand"]),
    st.one_of(
        titles(NR96_CARDS),
        st.integers(-1, 9),
        st.dictionaries(
            st.sampled_from(["Server 1", "HQ", ""]), titles(NR96_CARDS), max_size=2
        ),
    ),
    max_size=4,
)


@MANY
@given(st.one_of(NR96_SIDE, JUNK), NR96_SIDE)
def test_a_1996_board_is_read_or_refused(corp: Any, runner: Any) -> None:
    from rulesref.games.netrunner1996 import Game

    try:
        game = Game.given(corp=corp, runner=runner)
    except BadSetup as refusal:
        assert refusal.message and refusal.rule
        return
    corp = corp or {}  # nothing said (None, 0, "") is an empty side
    assert isinstance(corp, dict)
    assert game.actions("corp") == corp.get("actions", 3)
    # a remote server needs a name, and is not a central one
    servers = corp.get("servers", {})
    assert all(isinstance(name, str) and name.strip() for name in servers)
