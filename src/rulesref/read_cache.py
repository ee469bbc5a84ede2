"""Chapters read before, kept between builds by the digest of their source.

Reading is the one part of loading a book that grows with the whole book
and not with what changed: every build (and every rebuild in ``rulesref
serve``) reads every chapter again, because numbers, references and the
glossary are functions of the whole book.  Parsing YAML is the bulk of it
(a second at ten times the real rulebook's size), while unpickling the
model a chapter became takes a fifth of that.  So a chapter's reading is
kept, pickled, under a key made of everything it depends on:

* the chapter file's bytes and the name used for it in messages;
* the book's settings the reader sees (its configuration, one chapter);
* the code that reads: the size and modification time of every module of
  the ``rulesref`` package, so an edited or upgraded reader never meets a
  reading made by another version.

A chapter that could not be read is not kept: its error is reported again,
from the source.  A build keeps its readings in its own cache (Sphinx's
doctree folder); the commands (``rulesref check``, ``export``, ``show`` …)
in :func:`command_folder`.  Both are trusted as Sphinx trusts its own pickles
there; anything that cannot be read back (truncated, another Python) counts
as absent.  Entries are replaced atomically, and a book's entries that its
chapters no longer use are removed once the book is loaded.
"""

from __future__ import annotations

import functools
import hashlib
import os
from pathlib import Path

from platformdirs import user_cache_path

from rulesref.atomic_files import load_pickle, store_pickle
from rulesref.keys import package_fingerprint
from rulesref.model import Rulebook

SUFFIX = ".pickle"

#: Where the commands keep their readings instead, when set.
CACHE_DIR_VARIABLE = "RULESREF_CACHE_DIR"


@functools.cache
def code_fingerprint() -> str:
    """The reading code as installed: any module edited, added or removed changes it."""
    return package_fingerprint((".py",))


def command_cache(name: str) -> Path:
    """The commands' cache folder ``name``: in the user's cache folder
    (``~/.cache/rulesref/<name>`` on Linux), or ``$RULESREF_CACHE_DIR/<name>``."""
    override = os.environ.get(CACHE_DIR_VARIABLE)
    return (Path(override) if override else user_cache_path("rulesref", appauthor=False)) / name


def command_folder() -> Path:
    """Where the commands keep their readings: the user's cache folder
    (``~/.cache/rulesref/read`` on Linux), or ``$RULESREF_CACHE_DIR/read``.

    Never the books' own folder: its files are as untrusted as the chapters,
    and a pickle placed there by whoever wrote the repository would run its
    code when loaded.  Nor the build's folder: a build names the chapters as
    its configuration does, so its keys differ from a command's and each
    would prune the other's readings."""
    return command_cache("read")


class ReadCache:
    """The readings of one book's chapters, in ``folder`` (made on first write).

    ``book`` names the book: its folder and slug, so two copies of one book
    (two checkouts sharing a cache folder) keep their readings apart."""

    def __init__(self, folder: Path, book: str) -> None:
        self.folder = folder
        # Entries are named by digests only, so a slug never becomes a path.
        self.prefix = hashlib.blake2b(book.encode("utf-8"), digest_size=6).hexdigest()
        self.used: set[str] = set()

    def key(self, source: bytes, *settings: object) -> str:
        hasher = hashlib.blake2b(digest_size=20)
        hasher.update(code_fingerprint().encode())
        hasher.update(repr(settings).encode("utf-8"))
        hasher.update(b"\0")
        hasher.update(source)
        return f"{self.prefix}-{hasher.hexdigest()}"

    def get(self, key: str) -> Rulebook | None:
        self.used.add(key)
        found = load_pickle(self.folder / f"{key}{SUFFIX}")
        return found if isinstance(found, Rulebook) else None

    def put(self, key: str, reading: Rulebook) -> None:
        self.used.add(key)
        store_pickle(self.folder / f"{key}{SUFFIX}", reading)

    def prune(self) -> None:
        """Remove this book's entries that no chapter used this time."""
        try:
            entries = list(os.scandir(self.folder))
        except OSError:
            return
        for entry in entries:
            name = entry.name
            stale_entry = name.startswith(f"{self.prefix}-") and name.endswith(SUFFIX)
            if stale_entry and name[: -len(SUFFIX)] not in self.used:
                try:
                    os.remove(entry.path)
                except OSError:
                    continue
