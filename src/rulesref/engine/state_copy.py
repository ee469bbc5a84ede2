"""The deep copy behind :class:`~rulesref.engine.transactions.Snapshot`.

Every player action snapshots the whole game before it runs, so a refused
action can be put back (a Technomancy scenario takes dozens of snapshots).
``copy.deepcopy`` spent most of that time on generic machinery: it sends every
value, even an ``int``, through its dispatcher, rebuilds each plain object
through ``__reduce_ex__`` and copies the object's ``__dict__`` as a separate
object, and copies a ``random.Random``'s 625-number state tuple item by item.
Game state is mostly plain objects, lists and dicts of atoms, so
:func:`deep_copy` copies those directly and hands every other kind of object
to ``copy.deepcopy`` with the same memo: the result is the copy
``copy.deepcopy`` makes (tests/property/test_state_copy_random.py compares
the two on random object graphs).

The memo keeps ``copy.deepcopy``'s layout: ``memo[id(original)]`` is the copy,
and ``memo[id(memo)]`` lists every original that was copied, which is how the
snapshot finds what to write back.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from enum import Enum
from types import BuiltinFunctionType, FunctionType, MethodType
from typing import Any, TypeVar

#: Values ``copy.deepcopy`` returns as they are (its ``_deepcopy_atomic``).
_ATOMIC: frozenset[type] = frozenset({
    type(None), int, float, bool, complex, str, bytes, type, range, FunctionType,
    BuiltinFunctionType, type(Ellipsis), type(NotImplemented), property,
})

_PLAIN, _SHARED, _OTHER = "plain", "shared", "other"
_kinds: dict[type, str] = {}


T = TypeVar("T", bound=type)


def _itself(self: Any, memo: dict[int, Any]) -> Any:
    return self


def copied_as_itself(cls: T) -> T:
    """Class decorator for values that never change once made (a frozen dataclass
    of strings and numbers, such as a line of the trace): a copy of the game
    shares them instead of copying them, and so does ``copy.deepcopy`` (their
    ``__deepcopy__`` returns them), as both share an enum member.  A game's
    trace grows with every step and every action snapshots it."""
    cls.__deepcopy__ = _itself  # type: ignore[attr-defined]
    return cls


def slot_names(cls: type) -> set[str]:
    """The slots objects of ``cls`` keep their attributes in (besides a ``__dict__``)."""
    names: set[str] = set()
    for klass in cls.__mro__:
        declared = vars(klass).get("__slots__", ())
        names.update((declared,) if isinstance(declared, str) else declared)
    return names - {"__dict__", "__weakref__"}


def _kind(cls: type) -> str:
    """How objects of ``cls`` are copied: *plain* objects are rebuilt from a copy of
    their ``__dict__`` (what ``copy.deepcopy`` does through ``object.__reduce_ex__``),
    enums and :func:`copied_as_itself` values are shared (their ``__deepcopy__``
    returns them), and a class that customises copying or pickling, keeps slots or
    subclasses a container goes to ``copy.deepcopy``."""
    kind = _kinds.get(cls)
    if kind is None:
        if issubclass(cls, Enum) or getattr(cls, "__deepcopy__", None) is _itself:
            kind = _SHARED
        elif (
            cls.__reduce_ex__ is object.__reduce_ex__
            and cls.__reduce__ is object.__reduce__
            and getattr(cls, "__getstate__", object.__getstate__) is object.__getstate__
            and not hasattr(cls, "__setstate__")
            and not hasattr(cls, "__deepcopy__")
            and not hasattr(cls, "__getnewargs__")
            and not hasattr(cls, "__getnewargs_ex__")
            and not issubclass(cls, list | dict | set | frozenset | tuple)
            and not slot_names(cls)
        ):
            kind = _PLAIN
        else:
            kind = _OTHER
        _kinds[cls] = kind
    return kind


def deep_copy(root: Any, memo: dict[int, Any]) -> Any:
    """``copy.deepcopy(root, memo)``, faster for the objects game state is made of.
    Objects already in ``memo`` (the game's shared, never-changing objects) are
    used as they are."""
    kept: list[Any] = memo.setdefault(id(memo), [])
    atomic = _ATOMIC
    missing = memo  # a value no copy can be

    def new(original: Any, made: Any) -> Any:
        memo[id(original)] = made
        kept.append(original)
        return made

    def copy_of(x: Any) -> Any:
        cls: Any = type(x)
        if cls in atomic:
            return x
        made = memo.get(id(x), missing)
        if made is not missing:
            return made
        if cls is list:
            out: list[Any] = new(x, [])
            out.extend([v if type(v) in atomic else copy_of(v) for v in x])
            return out
        if cls is dict:
            table: dict[Any, Any] = new(x, {})
            for key, value in x.items():
                table[key if type(key) in atomic else copy_of(key)] = (
                    value if type(value) in atomic else copy_of(value)
                )
            return table
        kind = _kind(cls)
        if kind is _PLAIN:
            obj = new(x, cls.__new__(cls))
            obj.__dict__.update({
                name: value if type(value) in atomic else copy_of(value)
                for name, value in x.__dict__.items()
            })
            return obj
        if kind is _SHARED:
            return x
        if cls is set:
            members: set[Any] = new(x, set())
            members.update([copy_of(v) for v in x])
            return members
        if cls is tuple:
            items = tuple([copy_of(v) for v in x])
            made = memo.get(id(x), missing)  # a cycle through the tuple made it already
            if made is not missing:
                return made
            if all(a is b for a, b in zip(items, x, strict=True)):
                return x
            return new(x, items)
        if cls is random.Random:
            # the state is a tuple of ints: nothing in it to copy one by one
            generator = new(x, random.Random())
            generator.setstate(x.getstate())
            return generator
        if cls is MethodType:
            # a callback bound to an object of the game is bound to that object's
            # copy (``copy.deepcopy``'s own way, without its dispatch: a fifth of
            # the scenarios' snapshot time went to it)
            return new(x, MethodType(x.__func__, copy_of(x.__self__)))
        if cls is Counter and not x.__dict__:
            counts: Counter[Any] = new(x, Counter())
            for key, value in x.items():
                dict.__setitem__(counts, copy_of(key), copy_of(value))
            return counts
        return copy.deepcopy(x, memo)

    return copy_of(root)
