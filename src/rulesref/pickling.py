"""Frozen value classes pickled as a call of their constructor.

The model's inline nodes and source positions are frozen dataclasses with
slots, and a chapter holds thousands of them.  Pickle restores such an object
through the ``__setstate__`` that :mod:`dataclasses` adds to frozen slotted
classes, which looks the class's fields up again for every object: four
fifths of loading a chapter's kept reading (:mod:`rulesref.read_cache`) went
there.  Restored by a call of the constructor, the same objects load in a
fraction of that time.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from dataclasses import fields
from typing import Any, TypeVar

T = TypeVar("T")


def pickled_by_fields(cls: type[T]) -> type[T]:
    """Pickle instances of the dataclass ``cls`` as ``cls(*fields)``.  Every field
    must be an argument of the constructor; a subclass that adds fields must be
    decorated again (else loading its pickle fails loudly, missing arguments)."""
    found = fields(cls)  # type: ignore[arg-type]
    if not found or not all(f.init for f in found):
        raise TypeError(f"{cls.__name__}: every field must be a constructor argument")
    get = operator.attrgetter(*(f.name for f in found))  # a tuple for two names or more
    values: Callable[[Any], tuple[Any, ...]] = get if len(found) > 1 else lambda v: (get(v),)

    def reduce(self: Any) -> tuple[type[Any], tuple[Any, ...]]:
        return type(self), values(self)

    cls.__reduce__ = reduce  # type: ignore[method-assign]
    return cls
