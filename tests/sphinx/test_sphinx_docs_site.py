"""The real site builds with only the drafting warnings allowed, serially and in parallel."""

from __future__ import annotations

from pathlib import Path

import pytest

from docs_site import STRICT, DocsSite, build_docs


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_docs_build_strict(tmp_path: Path, jobs: str, docs_site: DocsSite) -> None:
    # -j 1 is the session's shared build (tests/conftest.py), made with these very
    # flags; -j 2 builds again, in parallel.
    run = docs_site if jobs == "1" else build_docs(tmp_path, *STRICT, jobs=jobs)
    assert "-j" in run.command and run.command[run.command.index("-j") + 1] == jobs
    assert run.returncode == 0, run.stderr
    assert "WARNING" not in run.stderr
    assert (run.html / "rules/netrunner-cr/chpt_card_manipulation.html").is_file()
