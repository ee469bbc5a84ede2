"""The repository's site built as CI builds it, for tests that read it.

The ``docs_site`` fixture (tests/conftest.py) builds
it once per test run; see there.  This module holds what test modules import
(tests/ is on the path) and the shared-build machinery.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import threading
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]

#: The strict build of the README and CI: only the drafting warnings are allowed.
STRICT = ("-W", "--keep-going", "-D", "suppress_warnings=rules.unresolved")

@dataclass(frozen=True)
class SharedBuildSpec:
    jobs: str
    options: tuple[str, ...] = ()


#: The builds the test run shares, by fixture name (``real_site`` is the real
#: rulebook's, made through the command line: see tests/real_rulebook.py).
SHARED_BUILDS = {"docs_site": SharedBuildSpec("1"),
                 "real_site": SharedBuildSpec("1")}


@dataclass(frozen=True)
class DocsSite:
    html: Path
    doctrees: Path
    command: tuple[str, ...]
    returncode: int
    stdout: str
    stderr: str

    def copy_doctrees(self, target: Path) -> Path:
        """A private copy of the doctrees, for another builder to reuse the environment."""
        shutil.copytree(self.doctrees, target)
        return target


def build_docs(out: Path, *options: str, jobs: str = "1") -> DocsSite:
    """``sphinx-build`` of the repository's ``docs/`` into ``out`` (a new process,
    as a user runs it)."""
    command = (sys.executable, "-m", "sphinx", *options, "-j", jobs, "-b", "html",
               "-d", str(out / "doctrees"), str(REPO / "docs"), str(out / "html"))
    run = subprocess.run(command, cwd=REPO, capture_output=True, text=True, timeout=900,
                         check=False)
    return DocsSite(out / "html", out / "doctrees", command, run.returncode, run.stdout,
                    run.stderr)


class SharedBuild:
    """One strict build of the site for the whole test run, in ``folder``,
    whichever process asks first.

    The first process to :meth:`start` claims the build (an exclusively created
    marker file, so pytest-xdist workers never build twice) and runs it in a
    background thread: ``sphinx-build`` is a child process, so the tests of this
    worker keep running meanwhile.  :meth:`result` waits for the record the
    builder writes when done (atomically: written beside, then renamed), in any
    process; :meth:`join` lets the claiming worker finish the build before it
    exits even if it needs no result itself.
    """

    def __init__(self, folder: Path, spec: SharedBuildSpec) -> None:
        self.folder = folder
        self.spec = spec
        self.record = folder / "build.json"
        self.thread: threading.Thread | None = None

    def start(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        try:
            os.close(os.open(self.folder / "claimed", os.O_CREAT | os.O_EXCL | os.O_WRONLY))
        except FileExistsError:
            return
        self.thread = threading.Thread(target=self._build, name=f"build {self.folder.name}")
        self.thread.start()

    def _build(self) -> None:
        try:
            data = asdict(build_docs(self.folder, *STRICT, *self.spec.options,
                                     jobs=self.spec.jobs))
        except BaseException as error:  # the waiting tests report it, not this thread
            data = {"error": f"{type(error).__name__}: {error}"}
        partial = self.record.with_suffix(".partial")
        partial.write_text(json.dumps(data, default=str), encoding="utf-8")
        partial.replace(self.record)

    def _wait(self, timeout: float) -> dict[str, Any]:
        """The record of the build, once written (by any process)."""
        deadline = time.monotonic() + timeout
        while not self.record.is_file():
            if time.monotonic() > deadline:
                raise TimeoutError(f"no site build in {self.folder} after {timeout:.0f} s")
            time.sleep(0.1)
        data: dict[str, Any] = json.loads(self.record.read_text(encoding="utf-8"))
        return data

    def result(self, timeout: float = 1200) -> DocsSite:
        self.start()
        data = self._wait(timeout)
        if "error" in data:
            raise RuntimeError(f"the shared site build failed to run: {data['error']}")
        return DocsSite(Path(data["html"]), Path(data["doctrees"]), tuple(data["command"]),
                        data["returncode"], data["stdout"], data["stderr"])

    def join(self) -> None:
        if self.thread is not None:
            self.thread.join()
