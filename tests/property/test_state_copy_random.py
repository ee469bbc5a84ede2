"""The snapshot's deep copy makes the copy ``copy.deepcopy`` makes, and a snapshot
puts back whatever was changed after it, on random object graphs: plain objects,
lists, dicts, sets, tuples, counters, random generators, slotted objects, enum
members, objects that copy themselves, values marked as never changing and
methods bound to objects of the graph, shared and in cycles."""

from __future__ import annotations

import copy
import random
from collections import Counter
from enum import Enum
from types import MethodType
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from rulesref.engine.log import LogEntry
from rulesref.engine.state_copy import copied_as_itself, deep_copy
from rulesref.engine.transactions import Snapshot, fingerprint


class Plain:
    def __init__(self) -> None:
        self.items: list[Any] = []

    def act(self) -> int:
        return len(self.items)


class Slotted:
    __slots__ = ("other", "value")

    def __init__(self) -> None:
        self.value: Any = 0


class Printed:
    """Never changes: copies itself as itself, as a game's printed card facts do."""

    def __deepcopy__(self, memo: dict[int, Any]) -> Printed:
        return self


@copied_as_itself
class Fixed:
    """A value that never changes once made: copies share it."""

    def __init__(self, value: Any) -> None:
        self.value = value


class Colour(Enum):
    RED = 1
    BLUE = 2


ATOMS = st.one_of(st.integers(-3, 3), st.text(max_size=2), st.none(), st.booleans(),
                  st.sampled_from(list(Colour)))
KINDS = ("plain", "slotted", "list", "dict", "set", "tuple", "counter", "random", "printed",
         "fixed", "method", "atom")


@st.composite
def graphs(draw: st.DrawFn) -> tuple[Any, list[Any]]:
    """A root (a list of every object made) and the objects; children may be any
    object made before (tuples) or any object at all (the rest), so cycles and
    sharing occur."""
    kinds = draw(st.lists(st.sampled_from(KINDS), min_size=1, max_size=14))
    nodes: list[Any] = []
    for kind in kinds:
        if kind == "method":  # bound to a plain object made before, or to a new one
            owners = [node for node in nodes if isinstance(node, Plain)]
            nodes.append((draw(st.sampled_from(owners)) if owners else Plain()).act)
        elif kind == "tuple":
            picks = draw(st.lists(st.integers(0, max(len(nodes) - 1, 0)), max_size=3))
            nodes.append((*[nodes[i] for i in picks if nodes], draw(ATOMS)))
        else:
            nodes.append({
                "plain": Plain, "slotted": Slotted, "list": list, "dict": dict, "set": set,
                "counter": Counter, "printed": Printed, "fixed": lambda: Fixed(draw(ATOMS)),
                "random": lambda: random.Random(draw(st.integers(0, 9))),
                "atom": lambda: draw(ATOMS),
            }[kind]())
    for node in nodes:
        children = [nodes[i] for i in draw(st.lists(st.integers(0, len(nodes) - 1), max_size=3))]
        if isinstance(node, Plain):
            node.items.extend(children)
            node.tag = draw(ATOMS)  # type: ignore[attr-defined]
        elif isinstance(node, Slotted):
            node.value = children[0] if children else draw(ATOMS)
        elif type(node) is list:
            node.extend([*children, draw(ATOMS)])
        elif type(node) is dict:
            node.update((f"k{i}", child) for i, child in enumerate(children))
            node[draw(ATOMS)] = draw(ATOMS)
        elif type(node) is set:
            # members hash by value, so a copy's set iterates in the original's order
            node.update(draw(st.lists(ATOMS, max_size=3)))
        elif isinstance(node, Counter):
            node.update(draw(st.lists(st.text(max_size=1), max_size=3)))
    return list(nodes), nodes


def reachable(root: Any) -> set[int]:
    """The ids of every object reachable from ``root``."""
    seen: dict[int, Any] = {}
    stack = [root]
    while stack:
        value = stack.pop()
        if id(value) in seen:
            continue
        seen[id(value)] = value
        if isinstance(value, dict):
            stack.extend(value.keys())
            stack.extend(value.values())
        elif isinstance(value, list | tuple | set | frozenset):
            stack.extend(value)
        elif isinstance(value, Plain):
            stack.extend(vars(value).values())
        elif isinstance(value, Slotted):
            stack.extend(getattr(value, name) for name in Slotted.__slots__ if hasattr(value, name))
        elif isinstance(value, MethodType):
            stack.append(value.__self__)
    return set(seen)


@given(graphs())
def test_the_copy_is_the_one_deepcopy_makes(graph: tuple[Any, list[Any]]) -> None:
    root, _ = graph
    ours, theirs = deep_copy(root, {}), copy.deepcopy(root, {})
    assert fingerprint(ours) == fingerprint(theirs) == fingerprint(root)
    # the same objects are shared with the original (atoms, enum members, tuples of
    # them, objects that copy themselves as themselves), and no others
    original = reachable(root)
    assert reachable(ours) & original == reachable(theirs) & original


@given(graphs(), st.data())
def test_a_snapshot_puts_back_every_change(graph: tuple[Any, list[Any]], data: st.DataObject
                                           ) -> None:
    root, nodes = graph
    before = fingerprint(root)
    snapshot = Snapshot(root)
    for node in data.draw(st.lists(st.sampled_from(nodes), max_size=6)):
        if isinstance(node, Plain):
            node.items = [node]
            node.extra = 1  # type: ignore[attr-defined]
        elif isinstance(node, Slotted):
            node.other = node.value
            node.value = "changed"
        elif isinstance(node, list | dict | set):
            node.clear()
        elif isinstance(node, random.Random):
            node.random()
    snapshot.restore()
    assert fingerprint(root) == before


def test_shared_objects_are_used_as_they_are() -> None:
    facts, zone = Plain(), Plain()
    zone.items = [facts, facts]
    memo = {id(facts): facts}
    made = deep_copy(zone, memo)
    assert made is not zone and made.items[0] is facts and made.items[1] is facts
    assert memo[id(memo)] == [zone, zone.items], "the memo lists what was copied"


def test_values_that_never_change_and_trace_lines_are_shared_methods_rebound() -> None:
    owner, line = Plain(), LogEntry(("rule_x",), "a step")
    owner.items = [Fixed(1), line, owner.act]
    for made in (deep_copy(owner, {}), copy.deepcopy(owner)):
        assert made.items[0] is owner.items[0] and made.items[1] is line
        assert made is not owner and made.items[2].__self__ is made


def test_a_copied_generator_goes_on_with_the_same_numbers() -> None:
    rng = random.Random(7)
    rng.random()
    made = deep_copy([rng], {})[0]
    assert made is not rng
    assert [made.random() for _ in range(3)] == [rng.random() for _ in range(3)]


def test_tuples_are_copied_only_when_they_hold_something_copied() -> None:
    frozen, holding = (1, "a", Colour.RED), ([1],)
    made = deep_copy([frozen, holding], {})
    assert made[0] is frozen
    assert made[1] is not holding and made[1] == holding and made[1][0] is not holding[0]
