"""Run twice: the Sphinx doctest builder runs the very blocks the site shows.

pytest runs every scenario through Sybil (``examples/conftest.py``); here
``sphinx-build -b doctest`` runs them again from the pages that embed them,
each scenario in its own group, and must pass on the real site and fail on a
deliberately wrong scenario, pointing at that scenario's file and line.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

from docs_site import DocsSite
from rulesref.scenarios import LIBRARY, find_scenarios

ROOT = Path(__file__).resolve().parents[1]
ANSI = re.compile(r"\x1b\[[0-9;]*m")
SUMMARY = re.compile(
    r"Doctest summary\n=+\n\s*(?P<tests>\d+) tests?\n\s*(?P<failures>\d+) failures? in tests\n"
    r"\s*(?P<setup>\d+) failures? in setup code\n\s*(?P<cleanup>\d+) failures? in cleanup code"
)


def sphinx(builder: str, srcdir: Path, out: Path, *options: str
           ) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "sphinx", "-b", builder, *options,
               "-d", str(out / f"doctrees-{builder}"), str(srcdir), str(out / builder)]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600,
                          check=False)


def summary(out: Path) -> dict[str, int]:
    report = (out / "doctest" / "output.txt").read_text(encoding="utf-8")
    match = SUMMARY.search(report)
    assert match, report
    return {key: int(value) for key, value in match.groupdict().items()}


def test_the_site_doctests_pass_with_the_real_scenarios(tmp_path: Path,
                                                        docs_site: DocsSite) -> None:
    # As Sphinx's Makefile does after "make html": the doctest builder reuses the
    # environment the HTML build pickled (a copy of the session's shared site),
    # and runs the doctests of every page it embeds.
    docs_site.copy_doctrees(tmp_path / "doctrees-doctest")
    run = sphinx("doctest", ROOT / "docs", tmp_path, "-D", "suppress_warnings=rules.unresolved")
    assert run.returncode == 0, run.stdout + run.stderr
    result = summary(tmp_path)
    # The library's scenarios about the seeded books (a guest folder about a book the
    # site does not hold, such as the real rulebook's netrunner/, is shown nowhere here).
    shown = [s for s in find_scenarios(LIBRARY) if (ROOT / "seeds" / s.book).is_dir()]
    blocks = sum(len(s.doctest_blocks()) for s in shown)
    assert blocks > 0
    assert result["tests"] >= blocks
    assert result == {"tests": result["tests"], "failures": 0, "setup": 0, "cleanup": 0}
    # Each scenario is its own group, named after it.
    report = (tmp_path / "doctest" / "output.txt").read_text(encoding="utf-8")
    for scenario in shown:
        assert f"tests in {scenario.book}/{scenario.slug}\n" in report, scenario.slug


def test_a_wrong_scenario_fails_the_doctest_builder_and_shows_failing(tmp_path: Path) -> None:
    site = tmp_path / "site"
    shutil.copytree(ROOT / "tests/roots/test-scenarios", site)
    wrong = site / "examples/tiny/corp-credits.md"
    line = next(n for n, text in enumerate(wrong.read_text(encoding="utf-8").splitlines(), 1)
                if text == ">>> game.corp.credits")

    run = sphinx("doctest", site, tmp_path)
    assert run.returncode != 0
    result = summary(tmp_path)
    assert result["failures"] == 1 and result["tests"] > 1
    report = (tmp_path / "doctest" / "output.txt").read_text(encoding="utf-8")
    # The failure points at the scenario file and its line, not at the generated page.
    assert f'File "examples/tiny/corp-credits.md", line {line}, in tiny/corp-credits' in report
    assert "Expected:\n    8\nGot:\n    7" in report
    assert "1 of   3 in tiny/corp-credits" in report

    html = sphinx("html", site, tmp_path)
    assert html.returncode == 0, html.stderr
    warnings = ANSI.sub("", html.stderr).splitlines()
    assert f"{wrong}:{line}: WARNING: scenario 'The Corp's pool is deliberately wrong' fails " \
        "(1 failing example(s)); run: pytest examples/tiny/corp-credits.md " \
        "[rules.scenario-failed]" in warnings
    chapter = (tmp_path / "html/rules/tiny/chpt_tiny.html").read_text(encoding="utf-8")
    box = chapter[chapter.index('id="scenario-tiny-corp-credits"'):]
    box = box[:box.index("</summary>")]
    assert '<span class="rr-badge rr-badge-failing">failing</span>' in box
    assert "verified" not in box

    strict = sphinx("html", site, tmp_path / "strict", "-W", "--keep-going")
    assert strict.returncode != 0
