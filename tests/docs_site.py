"""The repository's site built as CI builds it, for tests that read it.

The ``docs_site`` fixture (tests/conftest.py) builds it once per session; see
there.  This module holds what test modules import (tests/ is on the path).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

#: The strict build of the README and CI: only the drafting warnings are allowed.
STRICT = ("-W", "--keep-going", "-D", "suppress_warnings=rules.unresolved")


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
