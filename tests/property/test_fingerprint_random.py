"""A game's fingerprint tells two moments apart exactly when something changed.

Every "a refused action changes nothing" check compares fingerprints
(:func:`rulesref.engine.transactions.fingerprint`), so a fingerprint that missed a change
would make all of them pass for nothing.  On random object graphs (those of
``test_state_copy_random``): a copy has the fingerprint of its original, and any one change
anywhere in the graph changes it.  Then the kinds of value a game holds, one by one.
"""

from __future__ import annotations

import random
from collections import Counter
from enum import Enum
from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from test_state_copy_random import Colour, Plain, Slotted, graphs

from rulesref.engine.state_copy import deep_copy
from rulesref.engine.transactions import fingerprint

#: A value no graph holds (their strings have at most two characters).
NEW = "a new value"


def change(node: Any) -> bool:
    """Change ``node`` in place; whether it is a kind that can be changed."""
    if isinstance(node, Plain):
        node.tag = NEW  # type: ignore[attr-defined]
    elif isinstance(node, Slotted):
        node.value = NEW
    elif isinstance(node, Counter):
        node[NEW] += 1
    elif isinstance(node, list):
        node.append(NEW)
    elif isinstance(node, dict):
        node[NEW] = NEW
    elif isinstance(node, set):
        node.add(NEW)
    elif isinstance(node, random.Random):
        node.random()
    else:
        return False
    return True


@given(graphs(), st.data())
def test_a_copy_looks_the_same_and_any_change_shows(
    graph: tuple[Any, list[Any]], data: st.DataObject
) -> None:
    root, nodes = graph
    before = fingerprint(root)
    assert fingerprint(deep_copy(root, {})) == before
    node = data.draw(st.sampled_from(nodes))
    assume(change(node))
    assert fingerprint(root) != before


class Seat(Enum):
    FIRST = 1
    SECOND = 2


class Player:
    def __init__(self, name: str) -> None:
        self.name = name

    def act(self) -> None:
        """A bound method, as a game keeps a player's callback."""


def helper() -> None:
    """A function, as a card keeps its effect."""


def other() -> None:
    """Another function."""


class OneSlot:
    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value


ADA, BO = Player("Ada"), Player("Bo")

#: Pairs of values a game could hold that differ, and so must their fingerprints.
DIFFERENT = [
    (None, 0),
    (1.5, "1.5"),
    (b"x", "x"),
    (Colour.RED, Colour.BLUE),
    (Colour.RED, Seat.FIRST),
    (helper, other),
    (int, str),
    (len, abs),
    (ADA.act, BO.act),
    (random.Random(1), random.Random(2)),
    ([1, 2], [2, 1]),
    ([1], (1,)),
    ({1: 2}, {2: 1}),
    ({1, 2}, {1, 3}),
    (frozenset({1}), frozenset({2})),
    (OneSlot(1), OneSlot(2)),
    (Player("Ada"), Player("Bo")),
    (Counter("ab"), Counter("aab")),
    (range(2), range(3)),
]


@pytest.mark.parametrize(
    ("one", "two"),
    DIFFERENT,
    ids=[f"{type(p[0]).__name__}-{n}" for n, p in enumerate(DIFFERENT)],
)
def test_values_that_differ_have_different_fingerprints(one: object, two: object) -> None:
    assert fingerprint(one) != fingerprint(two)
    assert fingerprint([one, one]) != fingerprint([one, two])


def test_sharing_and_cycles_are_part_of_the_fingerprint() -> None:
    shared = Plain()
    same_object, two_objects = [shared, shared], [Plain(), Plain()]
    assert fingerprint(same_object) != fingerprint(two_objects)
    loop, chain = Plain(), Plain()
    loop.items = [loop]
    chain.items = [Plain()]
    assert fingerprint(loop) != fingerprint(chain)
    # a shared (printed) object is named, not walked: a change inside it is not the game's
    printed = Plain()
    before = fingerprint([printed], shared=[printed])
    printed.items.append(1)
    assert fingerprint([printed], shared=[printed]) == before
    assert fingerprint([printed]) != fingerprint([Plain()])


def test_equal_values_have_equal_fingerprints() -> None:
    assert fingerprint({2, 1}) == fingerprint({1, 2})
    assert fingerprint(ADA.act) == fingerprint(ADA.act)
    assert fingerprint([Player("Ada")]) == fingerprint([Player("Ada")])
    assert fingerprint(Slotted()) == fingerprint(Slotted())


def test_equal_sets_have_equal_fingerprints_whatever_order_they_iterate_in() -> None:
    """Two strings in the same slot of a small set's table iterate in the order they were
    added, so the same set built two ways iterates two ways (as a set a rollback refills
    may): its fingerprint must not follow that order."""
    def built_both_ways(first: str, second: str) -> tuple[set[str], set[str]]:
        return {first, second}, {second, first}

    # Which strings share a slot depends on the run's hash seed: look for a pair that does.
    one, two = next(
        (one, two)
        for one, two in (built_both_ways("s0", f"s{n}") for n in range(1, 10_000))
        if list(one) != list(two)
    )
    assert one == two
    assert fingerprint(one) == fingerprint(two)
