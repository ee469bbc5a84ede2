"""The real site builds with only the drafting warnings allowed, serially and in parallel."""

from __future__ import annotations

import pytest

from docs_site import SHARED_BUILDS, DocsSite


@pytest.fixture
def strict_build(request: pytest.FixtureRequest) -> DocsSite:
    site: DocsSite = request.getfixturevalue(request.param)
    return site


# Both are the run's shared builds (tests/conftest.py), made with the strict flags:
# ``docs_site`` with -j 1, ``docs_site_parallel`` with -j 2 (without the API
# reference: see docs_site.WITHOUT_API).
@pytest.mark.parametrize("strict_build", ["docs_site", "docs_site_parallel"], ids=["1", "2"],
                         indirect=True)
def test_docs_build_strict(strict_build: DocsSite, request: pytest.FixtureRequest) -> None:
    spec = SHARED_BUILDS[request.node.callspec.params["strict_build"]]
    run = strict_build
    assert "-j" in run.command and run.command[run.command.index("-j") + 1] == spec.jobs
    assert run.returncode == 0, run.stderr
    assert "WARNING" not in run.stderr
    # Quiet: no line that other extensions print on every build and that says
    # nothing to act on (see docs/conf.py and rulesref.sphinx.features.quiet).
    for noise in ("RemovedInSphinx10Warning", "MdParserConfig", "matplotlib is not installed"):
        assert noise not in run.stdout + run.stderr, noise
    assert (run.html / "rules/netrunner-cr/chpt_card_manipulation.html").is_file()
    # The serial build has every page; the parallel one all but the API reference.
    assert (run.html / "api/engine.html").is_file() == (spec.jobs == "1")
    assert (run.html / "writing-scenarios.html").is_file()
