"""Where the two versions of a diff come from: a folder of books, or a git
revision of the repository holding them.

A revision is extracted with ``git archive`` into a temporary folder rather
than checked out, so the working tree (and its uncommitted edits) is never
touched.
"""

from __future__ import annotations

import io
import subprocess
import tarfile
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from rulesref.errors import Position, RulesSourceError
from rulesref.init import config_for
from rulesref.library import NO_BOOK_CONFIG, Library, load_configured, load_library
from rulesref.model import Rulebook


def read_version(folder: Path, only: str | None = None, like: Library | None = None) -> Library:
    """Every book of one version (``only``: that slug), read through the one
    loader, with what it left out.  A version without a ``book.toml`` (a tag of
    a rules repository made before it had one) is read as ``rulesref init``
    would configure it, under the name of ``like``'s one book, so that the two
    versions' books are compared; without ``like`` it is an error."""
    selected = [only] if only else None
    library = load_library([folder], only=selected)
    # Folders of sources without a book.toml are all a version made before it
    # had one holds: those are read as init would, not reported as left out.
    if library.books or any(e.subtype != NO_BOOK_CONFIG for e in library.errors):
        return library
    if like is not None and len(like.configs) == 1:
        other = like.configs[0]
        config = config_for(folder, title=other.title, slug=other.slug)
        return load_configured([config], only=selected)
    raise RulesSourceError(Position(str(folder)), "no book.toml in this version")


def load_version(folder: Path, only: str | None = None) -> list[Rulebook]:
    """Every book of one version, which must be read whole: a diff against part
    of a version would report what was left out as removed (the first error
    raises; :func:`read_version` keeps them for a partial diff)."""
    library = read_version(folder, only)
    if library.errors:
        first = library.errors[0]
        raise RulesSourceError(first.pos, first.message)
    return library.books


@contextmanager
def checkout(spec: str, books: Path) -> Iterator[Path]:
    """The books folder of version ``spec``: ``spec`` itself when it is a folder,
    else git revision ``spec`` of the repository holding ``books`` (``REV`` or
    ``REV:path``), extracted with ``git archive`` into a temporary folder."""
    folder = Path(spec)
    if folder.is_dir():
        yield folder
        return
    revision, _, path = spec.partition(":")
    where = books if books.is_dir() else books.parent
    top = _git(where, "rev-parse", "--show-toplevel").strip()
    relative = path or Path(books.resolve()).relative_to(Path(top).resolve()).as_posix()
    data = _git_bytes(Path(top), "archive", "--format=tar", revision, "--", relative or ".")
    with tempfile.TemporaryDirectory(prefix="rulesref-diff-") as tmp:
        with tarfile.open(fileobj=io.BytesIO(data)) as tar:
            tar.extractall(tmp, filter="data")
        yield Path(tmp) / relative


def _git(cwd: Path, *args: str) -> str:
    return _git_bytes(cwd, *args).decode("utf-8", errors="replace")


def _git_bytes(cwd: Path, *args: str) -> bytes:
    try:
        done = subprocess.run(["git", *args], cwd=cwd, capture_output=True, check=False)
    except OSError as exc:
        raise RulesSourceError(Position(str(cwd)), f"cannot run git: {exc}") from None
    if done.returncode != 0:
        message = done.stderr.decode("utf-8", errors="replace").strip().splitlines()
        detail = message[-1] if message else f"git {args[0]} failed"
        raise RulesSourceError(Position(str(cwd)), f"not a folder or git revision: {detail}")
    return done.stdout
