"""The real site builds with only the drafting warnings allowed.

A parallel build is checked against a serial one elsewhere, page for page and
warning for warning (test_sphinx_scenarios.py, test_sphinx_incremental.py)."""

from __future__ import annotations

from docs_site import SHARED_BUILDS, DocsSite


# The run's shared build (tests/conftest.py), made with the strict flags.
def test_docs_build_strict(docs_site: DocsSite) -> None:
    spec = SHARED_BUILDS["docs_site"]
    run = docs_site
    assert "-j" in run.command and run.command[run.command.index("-j") + 1] == spec.jobs
    assert run.returncode == 0, run.stderr
    assert "WARNING" not in run.stderr
    # Quiet: no line that other extensions print on every build and that says
    # nothing to act on (see docs/conf.py and rulesref.sphinx.features.quiet).
    for noise in ("RemovedInSphinx10Warning", "MdParserConfig", "matplotlib is not installed"):
        assert noise not in run.stdout + run.stderr, noise
    assert (run.html / "rules/netrunner-cr/chpt_card_manipulation.html").is_file()
    assert (run.html / "api/engine.html").is_file()
    assert (run.html / "writing-scenarios.html").is_file()
