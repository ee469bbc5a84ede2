"""Fewer garbage collections while a build or a command runs.

Reading a rulebook makes millions of small objects that live until the end
(the model, the readings loaded from the cache, Sphinx's environment), and
docutils trees are full of reference cycles.  With Python's default
thresholds the collector runs a young collection every 700 new objects and,
every hundred of those, walks the whole heap again: measured with
``gc.callbacks`` it took 12 % of a full build of the real-size rulebook, 20 %
of a one-word rebuild at ten times that size (3.1 of 15.2 s) and 22 % of a
full one (10.3 of 46.7 s), for garbage it mostly could not free.  The same
builds with the thresholds below spent 0.2 to 1.0 s collecting, with the same
peak memory at 10x (mypy raises its thresholds the same way while it
type-checks).

:func:`begin` raises the thresholds and :func:`end` puts back the ones it
found; calls do not nest, so the first ``end`` restores the defaults (a long
``rulesref serve`` collects as usual between its rebuilds).
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

#: A young collection every 100,000 new objects; older generations rarely.
BATCH_THRESHOLDS = (100_000, 50, 100)

_saved: list[tuple[int, int, int]] = []


def begin() -> None:
    """Raise the collector's thresholds, unless a batch is already under way."""
    if not _saved:
        _saved.append(gc.get_threshold())
        gc.set_threshold(*BATCH_THRESHOLDS)


def end() -> None:
    """Put back the thresholds :func:`begin` found (nothing if none is raised)."""
    if _saved:
        gc.set_threshold(*_saved.pop())


@contextmanager
def batch() -> Iterator[None]:
    """Run the body with the raised thresholds."""
    begin()
    try:
        yield
    finally:
        end()
