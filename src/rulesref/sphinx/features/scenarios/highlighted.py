"""Highlighted doctest blocks, kept between builds.

Highlighting a scenario's doctests is most of the cost of writing them, and
it depends on the block's text and options alone.  ``rulesref serve``
rewrites the edited chapter after every save and a fresh build after one
word rewrites a chapter too: both highlighted the same blocks again (a
tenth of a second for the runs chapter, the lexer's start-up included).
The highlighted HTML is kept by block: in memory for a server's next build,
and in the doctree folder for the next process, stamped with the versions
of Pygments, Sphinx and rulesref's code that made it (a stamp that differs
counts as nothing kept).  Only a block that lexed cleanly is kept: one that
did not is highlighted in place again, with Sphinx's warning.

The file is written when a build highlighted a block it did not hold; a
block none of the last :data:`KEEP_BUILDS` such builds used is then dropped,
so an edited scenario's old blocks do not pile up.  The doctree folder is
trusted as Sphinx trusts its own pickles there; a file that cannot be read
back counts as absent.
"""

from __future__ import annotations

from collections.abc import Hashable
from pathlib import Path
from typing import Any

import pygments
import sphinx
from sphinx.application import Sphinx

from rulesref.atomic_files import load_pickle, store_pickle
from rulesref.read_cache import code_fingerprint

FILE = "rulesref-highlighted.pickle"
#: Builds a kept block may go unused before it is dropped.
KEEP_BUILDS = 50


class Kept:
    """The blocks of one doctree folder: ``blocks[key] = (html, build)``, the
    build being the number of the file's write that followed its last use."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.build = 0
        self.blocks: dict[Hashable, tuple[str, int]] = {}
        self.changed = False
        stored: Any = load_pickle(path)
        if isinstance(stored, tuple) and len(stored) == 3 and stored[0] == _stamp():
            _, self.build, self.blocks = stored
            self.build += 1

    def get(self, key: Hashable) -> str | None:
        found = self.blocks.get(key)
        if found is None:
            return None
        if found[1] != self.build:  # written with the next new block, not for this alone
            self.blocks[key] = (found[0], self.build)
        return found[0]

    def put(self, key: Hashable, highlighted: str) -> None:
        self.blocks[key] = (highlighted, self.build)
        self.changed = True

    def store(self) -> None:
        """Write the blocks used lately, if one was added since the last write."""
        if not self.changed:
            return
        oldest = self.build - KEEP_BUILDS
        self.blocks = {key: kept for key, kept in self.blocks.items() if kept[1] > oldest}
        store_pickle(self.path, (_stamp(), self.build, self.blocks))
        self.changed = False
        self.build += 1


def _stamp() -> tuple[str, str, str]:
    return (pygments.__version__, sphinx.__version__, code_fingerprint())


#: By doctree folder: a server's builds share one, each build's writer finds it.
_kept: dict[str, Kept] = {}


def kept(doctreedir: str | Path) -> Kept:
    """The blocks kept for this doctree folder (read from it on first use)."""
    folder = str(doctreedir)
    found = _kept.get(folder)
    if found is None:
        found = _kept[folder] = Kept(Path(folder) / FILE)
    return found


def store(app: Sphinx, exception: BaseException | None) -> None:
    """``build-finished``: write what this build highlighted or used."""
    found = _kept.get(str(app.doctreedir))
    if found is not None and exception is None:
        found.store()


def setup(app: Sphinx) -> None:
    app.connect("build-finished", store)
