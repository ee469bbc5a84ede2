"""The real site builds with only the drafting warnings allowed, serially and in parallel."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from sphinx_site import REPO


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_docs_build_strict(tmp_path: Path, jobs: str) -> None:
    command = [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-j", jobs,
               "-D", "suppress_warnings=rules.unresolved", "-b", "html",
               "-d", str(tmp_path / "doctrees"), str(REPO / "docs"), str(tmp_path / "html")]
    run = subprocess.run(command, cwd=REPO, capture_output=True, text=True, timeout=600,
                         check=False)
    assert run.returncode == 0, run.stderr
    assert "WARNING" not in run.stderr
    assert (tmp_path / "html/rules/netrunner-cr/chpt_card_manipulation.html").is_file()
