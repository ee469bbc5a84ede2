"""Many small generated files beside the HTML pages, written cheaply.

A real-size rulebook has thousands of short addresses and search records.
On a virtual disk, creating a file costs about as much as rendering a rule,
so these files are written:

* only when their text changed: a manifest beside them records each file's
  digest, so a rebuild neither reads nor rewrites the unchanged ones, and
  removes exactly the files it wrote before and no longer wants;
* on a worker thread, started before Sphinx reads the pages (what these
  files show comes from the model, loaded before that) and joined when the
  build finishes, so the disk waits overlap Sphinx's reading and writing
  instead of following them; thousands of them are written by child
  processes (:func:`write_files`), so their system calls do not contend
  with the build for the interpreter lock.  In a parallel build (``-j N``) Sphinx forks
  its reader and writer processes while the thread runs.  That is safe here
  because the thread only writes its own files: it takes no lock the
  children use (no logging, no Sphinx state; the one import it makes is
  of Pagefind's executable finder, and Python resets the import lock in a
  forked child), and a forked child keeps only the thread that forked it.

Paths are relative, checked to stay below the folder, and made of the
names the callers already validated (numbers, slugs).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import marshal
import os
import shutil
import subprocess
import sys
import threading
import weakref
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path

from sphinx.application import Sphinx

MANIFEST = ".rulesref-manifest.json"

_jobs: weakref.WeakKeyDictionary[Sphinx, dict[str, _Job]] = weakref.WeakKeyDictionary()


def digest(text: str) -> str:
    """What the manifest records of a file's text."""
    return hashlib.blake2b(text.encode("utf-8"), digest_size=12).hexdigest()


def _inside(root: str, relative: str) -> str:
    """``relative`` below the absolute, normalised ``root``, or ValueError.  A
    prefix test of the normalised path, not ``os.path.commonpath`` (a
    fifth of the time: a full build checks some 8,000 names)."""
    path = os.path.normpath(os.path.join(root, relative))
    below = root if root.endswith(os.sep) else root + os.sep
    if not path.startswith(below) or path == root:
        raise ValueError(f"generated file outside its folder: {relative!r}")
    return path


def sync_folder(
    root: Path,
    files: Mapping[str, str],
    *,
    manifest: Path | None = None,
    is_stale: Callable[[Path], bool] | None = None,
    digests: Mapping[str, str] | None = None,
) -> int:
    """Make ``root`` hold ``files`` (relative path → text); returns how many
    files were written.

    ``manifest`` (by default a file in ``root``; a published folder keeps it
    in the doctree cache instead) lists what was written last time, and into
    which folder (its inode and change time): a rebuild trusts it without looking at each
    file, which on a cold disk costs more than writing them, while a folder
    deleted and made again is written whole.  Files listed there but not
    wanted now are removed, with the folders they leave empty.  Without a
    manifest (a site written by an older version, or a cleared cache),
    ``is_stale`` says which existing files to remove.  ``digests`` gives the
    :func:`digest` of texts the caller kept with them, so they are not made again;
    with them, ``files`` may be a :class:`MadeTexts`, whose texts are only made
    for the files written."""
    base = os.path.abspath(root)
    manifest_path = str(manifest) if manifest is not None else os.path.join(base, MANIFEST)
    before = _read_manifest(manifest_path, base)
    if before is None:
        before = {}
        if is_stale is not None and os.path.isdir(base):
            _remove_stale(base, set(files), is_stale)
    after: dict[str, str] = {}
    wanted: list[tuple[str, bytes]] = []
    known = digests or {}
    for relative in files:  # a text is looked up only to be digested or written
        made, text = known.get(relative), None
        if made is None:
            text = files[relative]
            made = digest(text)
        after[relative] = made
        if before.get(relative) == made:
            continue  # written before, under this name, once checked
        text = files[relative] if text is None else text
        wanted.append((_inside(base, relative), text.encode("utf-8")))
    write_files(wanted)
    for relative in before.keys() - after.keys():
        try:
            path = _inside(base, relative)
            os.remove(path)
        except (OSError, ValueError):
            continue  # already gone
        _remove_empty_folders(base, os.path.dirname(path))
    os.makedirs(base, exist_ok=True)
    os.makedirs(os.path.dirname(manifest_path), exist_ok=True)
    with open(manifest_path, "w", encoding="utf-8") as handle:
        json.dump({"folder": _identity(base), "files": after}, handle, separators=(",", ":"))
    return len(wanted)


class MadeTexts(Mapping[str, str]):
    """File → text, each text made when it is asked for (by ``make[file]()``):
    :func:`sync_folder`, given every file's digest, asks only for the texts
    it writes."""

    def __init__(self, make: Mapping[str, Callable[[], str]]) -> None:
        self._make = make

    def __getitem__(self, relative: str) -> str:
        return self._make[relative]()

    def __iter__(self) -> Iterator[str]:
        return iter(self._make)

    def __len__(self) -> int:
        return len(self._make)


#: From how many files on the writing is done by processes of their own, and
#: how many files each of them writes at most (up to :data:`WRITERS` of them).
CHILD_FILES = 200
FILES_PER_WRITER = 1000
WRITERS = 4
#: Such a process: (path, bytes) pairs in ``marshal`` form on its standard
#: input; three system calls a file (``open`` would add a ``stat``, a terminal
#: check and two seeks), and one a folder (``os.makedirs`` looks at the parent
#: first: a short address is a folder of its own, and on this disk that look
#: cost a tenth to a third of the writing), at a lower priority than the build
#: it works beside.
_WRITER = """
import marshal, os, sys
try:
    os.nice(10)
except (AttributeError, OSError):
    pass
made = set()
flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_BINARY", 0)
for path, data in marshal.loads(sys.stdin.buffer.read()):
    folder = os.path.dirname(path)
    if folder not in made:
        try:
            os.mkdir(folder)
        except FileExistsError:
            pass
        except FileNotFoundError:
            os.makedirs(folder, exist_ok=True)
        made.add(folder)
    fd = os.open(path, flags, 0o666)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
    finally:
        os.close(fd)
"""


def write_files(files: list[tuple[str, bytes]]) -> None:
    """Write ``files`` (absolute path, bytes), making their folders.

    Thousands of small files are written by child processes: a thread making
    their system calls fought the build's main thread for the interpreter lock
    at every one, slowing both.  On a virtual disk shared with other work each
    file waits for the disk (from 0.1 to 2 ms), so a few processes share them
    and wait together; they run at a lower priority, so the build keeps its
    core."""
    if len(files) >= CHILD_FILES:
        count = min(WRITERS, 1 + len(files) // FILES_PER_WRITER)
        writers = [subprocess.Popen([sys.executable, "-S", "-E", "-c", _WRITER],
                                    stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                    stderr=subprocess.PIPE) for _ in range(count)]
        for index, writer in enumerate(writers):
            assert writer.stdin is not None
            with writer.stdin:
                writer.stdin.write(marshal.dumps(files[index::count]))
        errors = []
        for writer in writers:
            assert writer.stderr is not None
            with writer.stderr:
                errors.append(writer.stderr.read())
            writer.wait()
        if any(writer.returncode for writer in writers):
            message = b"".join(errors).decode("utf-8", "replace").strip().splitlines()
            raise OSError(f"the files could not be written: {message[-1] if message else ''}")
        return
    made: set[str] = set()
    for path, data in files:
        folder = os.path.dirname(path)
        if folder not in made:
            os.makedirs(folder, exist_ok=True)
            made.add(folder)
        with open(path, "wb") as handle:
            handle.write(data)


def _identity(folder: str) -> list[int]:
    """The folder as it was left: a folder made again, or whose entries
    something else added or removed, has another identity."""
    status = os.stat(folder)
    return [status.st_dev, status.st_ino, status.st_ctime_ns]


def _read_manifest(path: str, base: str) -> dict[str, str] | None:
    """The files the manifest lists, if it describes the folder as it is."""
    try:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
        if data.get("folder") != _identity(base) or not isinstance(data.get("files"), dict):
            return None
        return {str(k): str(v) for k, v in data["files"].items()}
    except (OSError, ValueError, AttributeError):
        return None


def _remove_empty_folders(base: str, folder: str) -> None:
    while folder != base and folder.startswith(base + os.sep):
        try:
            os.rmdir(folder)
        except OSError:
            return  # not empty
        folder = os.path.dirname(folder)


def _remove_stale(base: str, wanted: set[str], is_stale: Callable[[Path], bool]) -> None:
    for folder, _dirs, names in os.walk(base, topdown=False):
        for name in names:
            path = os.path.join(folder, name)
            if os.path.relpath(path, base).replace(os.sep, "/") not in wanted and is_stale(
                Path(path)
            ):
                os.remove(path)
        if folder != base and not os.listdir(folder):
            os.rmdir(folder)


class _Job:
    """One piece of file work on its own thread, waited for by :func:`finish`."""

    def __init__(self, work: Callable[[], object]) -> None:
        self.work = work
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._run, name="rulesref-files", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        try:
            self.work()
        except BaseException as error:  # handed to the main thread by finish()
            self.error = error

    def finish(self) -> None:
        self.thread.join()
        if self.error is not None:
            raise self.error


def discard(folder: Path, trash: Path) -> None:
    """Take ``folder`` out of the site at once: it is moved into ``trash`` (in
    the doctree cache), which :func:`empty_trash` deletes when there is time.
    Deleting a search bundle of thousands of files on the spot held up the
    end of every rebuild."""
    if not folder.is_dir():
        return
    trash.mkdir(parents=True, exist_ok=True)
    try:
        folder.rename(trash / f"{folder.name}-{os.getpid()}-{threading.get_ident()}-{_serial()}")
    except OSError:  # another file system: delete it here
        shutil.rmtree(folder, ignore_errors=True)


_serials = iter(range(1 << 62))


def _serial() -> int:
    return next(_serials)


def empty_trash(trash: Path) -> None:
    """Delete what :func:`discard` moved into ``trash``, on a daemon thread
    that the build does not wait for (what it leaves, the next build deletes)."""
    if not trash.is_dir():
        return

    def work() -> None:
        for entry in trash.iterdir():
            shutil.rmtree(entry, ignore_errors=True)

    threading.Thread(target=work, name="rulesref-trash", daemon=True).start()


def start(app: Sphinx, name: str, work: Callable[[], object]) -> None:
    """Begin ``work`` (file writing only: no Sphinx state, no logging), once
    the work of that name an earlier build left running is done."""
    left = _jobs.get(app, {}).pop(name, None)
    if left is not None:
        with contextlib.suppress(OSError, RuntimeError, ValueError):
            left.finish()  # superseded: this build does the work again
    _jobs.setdefault(app, {})[name] = _Job(work)


def running(app: Sphinx, name: str) -> bool:
    """Whether the work started as ``name`` is still under way."""
    job = _jobs.get(app, {}).get(name)
    return job is not None and job.thread.is_alive()


def finish(app: Sphinx, name: str) -> bool:
    """Wait for the work started as ``name``; False if none was started.
    Errors raised by the work are raised here, in the main thread."""
    job = _jobs.get(app, {}).pop(name, None)
    if job is None:
        return False
    job.finish()
    return True
