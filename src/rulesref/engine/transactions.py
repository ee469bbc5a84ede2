"""Rollback: a refused action or choice leaves the game exactly as it was.

An action can be refused halfway (a cost found unpayable after a click was
spent, an illegal answer to a decision asked mid-resolution).  Rather than make
every procedure check everything up front, :func:`transaction` takes a deep
snapshot of the game (:func:`~rulesref.engine.state_copy.deep_copy`) before the
action and, if a domain error escapes, puts every object of the game back as it
was *in place*: the card objects, zones and players a scenario holds keep their
identity and simply show the old state.

Objects that never change (printed card facts, functions) are shared with the
snapshot instead of copied; a game lists them with ``shared``.

Every game makes its public actions with :func:`transactional`: one decorator,
given what that game counts as a refusal and what it does after an action (its
checkpoint), so "a refused action changes nothing" means the same in every game.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from enum import Enum
from types import BuiltinFunctionType, FunctionType, MethodType
from typing import Any, TypeVar, cast

from rulesref.engine.errors import RulesViolation
from rulesref.engine.state_copy import deep_copy, slot_names


class Snapshot:
    """A deep copy of ``root`` that can be written back into the original objects."""

    def __init__(self, root: object, shared: Iterable[object] = ()) -> None:
        memo: dict[int, Any] = {id(obj): obj for obj in shared}
        self._copy = deep_copy(root, memo)
        # What restore() needs is worked out from the memo only when it is called:
        # most actions are not refused.
        self._memo = memo
        self._originals: dict[int, Any] = {}

    def _back(self, value: Any) -> Any:
        return self._originals.get(id(value), value)

    def restore(self) -> None:
        """Write the snapshot's state back into the original objects."""
        memo = self._memo
        #: (original, copy) for every object that was copied.
        pairs = [(obj, memo[id(obj)]) for obj in memo.get(id(memo), [])
                 if memo.get(id(obj)) is not obj]
        self._originals = {id(c): o for o, c in pairs}
        for original, snap in pairs:
            if isinstance(original, random.Random):
                original.setstate(snap.getstate())
            elif isinstance(original, list):
                list.__setitem__(original, slice(None), [self._back(v) for v in snap])
            elif isinstance(original, dict):
                # dict's own methods: a subclass's update may mean something else (Counter adds)
                items = [(self._back(k), self._back(v)) for k, v in dict.items(snap)]
                dict.clear(original)
                dict.update(original, items)
            elif isinstance(original, set):
                set.clear(original)
                set.update(original, (self._back(v) for v in snap))
            elif not isinstance(original, tuple | frozenset):
                # tuples and frozensets: their contents were restored above
                self._restore_attributes(original, snap)

    def _restore_attributes(self, original: Any, snap: Any) -> None:
        if hasattr(original, "__dict__") and hasattr(snap, "__dict__"):
            state = {k: self._back(v) for k, v in vars(snap).items()}
            vars(original).clear()
            vars(original).update(state)
        for name in slot_names(type(original)):
            if hasattr(snap, name):
                object.__setattr__(original, name, self._back(getattr(snap, name)))
            elif hasattr(original, name):
                object.__delattr__(original, name)


@contextmanager
def transaction(
    root: object,
    shared: Iterable[object] = (),
    refusals: tuple[type[BaseException], ...] = (RulesViolation,),
) -> Iterator[Snapshot]:
    """Run the body; if it raises one of ``refusals``, restore ``root`` and re-raise."""
    snapshot = Snapshot(root, shared)
    try:
        yield snapshot
    except refusals:
        snapshot.restore()
        raise


def fingerprint(root: object, shared: Iterable[object] = ()) -> object:
    """The whole state reachable from ``root`` as nested tuples, for comparing two
    moments of one game (tests: "a refused action leaves the game exactly as it was").

    Objects are numbered in the order they are first reached, so shared and cyclic
    references compare by position; ``shared`` objects (printed facts) are named only.
    """
    seen: dict[int, int] = {}
    keep: list[object] = []  # ids stay unique while the walk holds the objects
    skip = {id(obj) for obj in shared}

    def walk(value: object) -> object:
        if value is None or isinstance(value, bool | int | float | str | bytes):
            return value
        if isinstance(value, Enum):
            return (type(value).__name__, value.name)
        if id(value) in skip:
            return ("shared", type(value).__name__, id(value))
        if isinstance(value, type | FunctionType | BuiltinFunctionType):
            return ("code", getattr(value, "__qualname__", repr(value)))
        if id(value) in seen:
            return ("ref", seen[id(value)])
        seen[id(value)] = len(seen)
        keep.append(value)
        if isinstance(value, MethodType):
            return ("method", value.__func__.__qualname__, walk(value.__self__))
        if isinstance(value, random.Random):
            return ("random", value.getstate())
        if isinstance(value, list | tuple):
            return (type(value).__name__, tuple(walk(v) for v in value))
        if isinstance(value, dict):
            return ("dict", tuple((walk(k), walk(v)) for k, v in dict.items(value)))
        if isinstance(value, set | frozenset):
            return ("set", tuple(sorted((walk(v) for v in value), key=repr)))
        slots = sorted(slot_names(type(value)))
        if hasattr(value, "__dict__") or slots:
            fields = list(vars(value).items()) if hasattr(value, "__dict__") else []
            fields += [(name, getattr(value, name)) for name in slots if hasattr(value, name)]
            return (type(value).__name__, tuple((k, walk(v)) for k, v in fields))
        return (type(value).__name__, repr(value))

    return walk(root)


M = TypeVar("M", bound=Callable[..., Any])
Hook = Callable[[Any], None]


def _nothing(game: Any) -> None:
    return None


def _itself(game: Any) -> object:
    return game


def _no_shared(game: Any) -> Iterable[object]:
    return ()


#: The games inside a public action right now, by identity: an action called from inside
#: another joins the outer one (one snapshot, one settle, one rollback).
_IN_ACTION: set[int] = set()


def transactional(
    *,
    refusals: tuple[type[BaseException], ...] = (RulesViolation,),
    settle: Hook = _nothing,
    guard: Hook = _nothing,
    root: Callable[[Any], object] = _itself,
    shared: Callable[[Any], Iterable[object]] = _no_shared,
) -> Callable[[M], M]:
    """The decorator a game makes its public actions with (methods of its facade).

    Before the action, ``guard(game)`` may refuse it outright (a game that is over);
    ``root(game)`` is snapshotted, sharing ``shared(game)``; after the action
    ``settle(game)`` does what the game's rules do after every action (a checkpoint and
    the abilities it makes pending).  If one of ``refusals`` escapes, however late, the
    snapshot is written back and the refusal re-raised.  An action called from inside
    another is part of it: it is neither snapshotted, guarded nor settled on its own.
    """

    def decorate(method: M) -> M:
        @functools.wraps(method)
        def run(game: Any, *args: Any, **kwargs: Any) -> Any:
            key = id(game)
            if key in _IN_ACTION:
                return method(game, *args, **kwargs)
            guard(game)
            snapshot = Snapshot(root(game), shared(game))
            _IN_ACTION.add(key)
            try:
                result = method(game, *args, **kwargs)
                settle(game)
            except refusals:
                snapshot.restore()
                raise
            finally:
                _IN_ACTION.discard(key)
            return result

        return cast(M, run)

    return decorate
