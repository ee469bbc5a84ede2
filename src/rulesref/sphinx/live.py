"""Rebuilding in a running process (``rulesref serve``).

A fresh ``sphinx-build`` spends most of a one-word rebuild before it reads
anything: starting Python, importing Sphinx, reading every chapter, loading
the environment.  A process that stays up pays that once; each edit then
costs what it changes.  Sphinx supports building again with the same
application (its environment is kept in memory); what rulesref loads at
``builder-inited`` (the books, the scenarios) is loaded again here first.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

from sphinx.application import Sphinx

from rulesref.sphinx.features.scenarios.environment import load_index, scenario_sources
from rulesref.sphinx.pages import book_roots, load_books

#: A snapshot of the watched files: path → (modification time, size).
Snapshot = dict[str, tuple[int, int]]


def reload_sources(app: Sphinx) -> None:
    """Read the books and scenarios again, as ``builder-inited`` did, so the next
    ``app.build()`` sees their edits (unchanged stub pages keep their mtimes, so
    only what changed is re-read)."""
    load_books(app)
    load_index(app)


def watched_roots(app: Sphinx) -> list[Path]:
    """Where the site's sources are: the books, the scenarios, the project."""
    return [*book_roots(app), *scenario_sources(app), Path(app.srcdir)]


def _skipped(app: Sphinx) -> list[str]:
    """Folders the build itself writes: watching them would rebuild forever."""
    pages = (Path(app.srcdir) / app.config.rulesref_pages_dir.strip("/")).resolve()
    return [str(Path(app.outdir).resolve()), str(Path(app.doctreedir).resolve()), str(pages)]


def _files(root: Path, skipped: list[str]) -> Iterator[os.DirEntry[str]]:
    stack = [str(root.resolve())]
    while stack:
        folder = stack.pop()
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            if entry.name.startswith((".", "_")) and entry.is_dir():
                continue  # .git, _build, __pycache__
            if entry.is_dir(follow_symlinks=False):
                if not any(entry.path == s or entry.path.startswith(s + os.sep) for s in skipped):
                    stack.append(entry.path)
            elif entry.is_file():
                yield entry


def snapshot(app: Sphinx) -> Snapshot:
    """Modification time and size of every watched file."""
    skipped = _skipped(app)
    found: Snapshot = {}
    for root in watched_roots(app):
        if root.is_dir():
            for entry in _files(root, skipped):
                status = entry.stat()
                found[entry.path] = (status.st_mtime_ns, status.st_size)
    return found


def changed_files(before: Snapshot, after: Snapshot) -> list[str]:
    """Files added, removed or edited between two snapshots."""
    return sorted(path for path in before.keys() | after.keys()
                  if before.get(path) != after.get(path))
