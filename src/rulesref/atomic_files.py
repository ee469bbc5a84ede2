"""Files that other processes may read while they are written.

The caches kept between builds (chapter readings, scenario results shared by
a test run's processes) are read by whoever comes next, possibly while this
process writes: each file is written beside its place and renamed into it,
so a reader finds the old file, the new one, or none, never half of one.
"""

from __future__ import annotations

import contextlib
import os
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
