"""Files that other processes may read while they are written.

The caches kept between builds (chapter readings, each chapter's search
records and short addresses, scenario results shared by a test run's
processes) are read by whoever comes next, possibly while this process
writes: each file is written beside its place and renamed into it, so a
reader finds the old file, the new one, or none, never half of one.

The pickled ones are read back by :func:`load_pickle`, for which a file that
cannot be read back (missing, truncated, from another Python or another
version of the classes) is absent, and written by :func:`store_pickle`, for
which a file that cannot be written only costs the next build time.  Both
trust the folder, as Sphinx trusts its doctree folder: never point them at a
folder that holds others' files.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import tempfile
from pathlib import Path


def replace_atomically(path: Path, data: bytes) -> None:
    """Make ``path`` hold ``data`` (its folder too, if missing).  Raises
    ``OSError``, and then leaves nothing half-written behind."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, partial = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.",
                                       suffix=".partial")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(partial, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(partial)
        raise


def store_pickle(path: Path, value: object) -> None:
    """``value`` pickled into ``path``, atomically; nothing if that fails."""
    # What cannot be pickled raises PicklingError, AttributeError (a local
    # class or function) or TypeError (a lock, a file).
    with contextlib.suppress(OSError, pickle.PicklingError, AttributeError, TypeError,
                             RecursionError):
        replace_atomically(path, pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))


def load_pickle(path: Path) -> object:
    """What :func:`store_pickle` kept in ``path``, or ``None``."""
    try:
        with open(path, "rb") as handle:
            return pickle.load(handle)
    except (OSError, EOFError, pickle.UnpicklingError, AttributeError, ImportError,
            IndexError, TypeError, ValueError):
        return None
