"""Shared test configuration: Sphinx's testing fixtures, with roots in tests/roots;
the real site built once per test run; sites shared by the tests that read them.

``docs_site`` (session scope) is the repository's site (``docs/``) built the way
CI builds it: ``sphinx-build -W --keep-going -j 1 -D
suppress_warnings=rules.unresolved -b html``.  Every test that only *reads*
the built site takes it instead of building its own copy::

    def test_something(docs_site: DocsSite) -> None:
        html = (docs_site.html / "rules/netrunner-cr/chpt_card_manipulation.html").read_text()

It gives the HTML folder, the doctrees (``-d``; copy them with
:meth:`DocsSite.copy_doctrees` before running another builder on them, as
``sphinx-build -b doctest`` does after ``-b html`` with Sphinx's own Makefile),
the exit status and the build's output.  The fixture never fails by itself:
tests that need a clean build assert ``docs_site.returncode == 0``.  Do not
write into these folders; a test that edits sources builds its own site.
(A parallel build is checked against a serial one, page for page and warning
for warning, on the seed books with their scenarios: tests/sphinx/
test_sphinx_scenarios.py and test_sphinx_incremental.py.)

Each build runs once per run, even under pytest-xdist (``python3 dev.py test``
runs two workers): it starts in the background as soon as the tests are
collected, if a collected test needs it, in the first worker to claim it (see
:class:`docs_site.SharedBuild`), so the tests that do not need it run
meanwhile (they are put first); the tests that need it wait for it and read
the same folders.

The ``sphinx.testing`` sites (``@pytest.mark.sphinx(..., srcdir=NAME)``) are
built in the worker's temporary folder, once per ``srcdir``: the later tests of
the same ``srcdir`` rebuild incrementally, which reads and writes nothing.  To
keep that true under xdist, every such test is put in the ``xdist_group`` of its
``srcdir``, and ``python3 dev.py test`` distributes with ``--dist loadgroup``,
which runs a group on one worker (largest groups first).  Tests that edit
sources take ``make_app`` with a private ``srcdir`` instead.  A later test of a
``srcdir`` still sees what the first build said: its ``app.status`` and
``app.warning`` start with the first build's output (``app_params`` below), so
a test that asserts a site builds without a warning never passes only because
another test built the site before it.

(pytest 9.2 ignores the way pytest-xdist 3.8 passes the groups from the workers,
which collect the tests, to the controller, which schedules them: it rewrites
node IDs, https://github.com/pytest-dev/pytest-xdist/issues/1386.  So the
workers also write each test's group to a file the controller names, and the
controller's scheduler reads it: :func:`pytest_xdist_make_scheduler`.)
"""

from __future__ import annotations

import gc
import json
import os
import shutil
import tempfile
from collections.abc import Iterator
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

from docs_site import SHARED_BUILDS, DocsSite, SharedBuild
from real_rulebook import RealBuild, RealSite
from rulesref.read_cache import CACHE_DIR_VARIABLE
from rulesref.scenario_runs import SHARED_RESULTS
from rulesref.work_ahead import SWITCH as WORK_AHEAD
from serving import CHROMIUM, CHROMIUM_ARGS, Tabs, closed_network, require_chromium, serve

pytest_plugins = ("sphinx.testing.fixtures",)


# Hypothesis fails an example that takes longer than 200 ms by default.  The
# property tests check what code does, not how fast (the benchmarks do), and a
# test process here holds whole built sites: one garbage collection, or the
# other worker's build on a 2-core machine, can stall a cheap example past the
# deadline (the likely cause of a failure of tests/unit/test_nearest_numbers.py
# in a full run, which 30,000 examples in a quiet process could not repeat).
# A failure prints the blob that replays it.
settings.register_profile("rulesref", deadline=None, print_blob=True)
settings.load_profile("rulesref")

#: Folders this process made for the run, removed when it ends.
_RUN_FOLDERS: list[Path] = []


@pytest.fixture(scope="session")
def rootdir() -> Path:
    return Path(__file__).parent / "roots"


def pytest_configure(config: pytest.Config) -> None:
    # A test process keeps Sphinx applications and built environments alive (the
    # sites each worker builds once): millions of objects, which Python's
    # default thresholds (700, 10, 10) had the collector walk again and again,
    # some 15 % of the tests' CPU time.  Rarer collections free the same garbage.
    gc.set_threshold(50_000, 20, 20)
    # Every build of the run (the workers' test sites, the sphinx-build children)
    # shows the same scenarios run against the same engine: one folder of results
    # for the run, so each runs once, not once per build (rulesref.scenario_runs).
    # Tests about running scenarios count runs in folders of their own.
    if not hasattr(config, "workerinput") and SHARED_RESULTS not in os.environ:
        folder = Path(tempfile.mkdtemp(prefix="rulesref-scenario-results-"))
        os.environ[SHARED_RESULTS] = str(folder)
        _RUN_FOLDERS.append(folder)
    # The run's workers keep both cores busy: builds that also forked workers of
    # their own for scenarios (rulesref.work_ahead) made it a sixth slower.  The
    # tests of that feature switch it back on.
    if not hasattr(config, "workerinput"):
        os.environ.setdefault(WORK_AHEAD, "0")
    # The commands keep their readings of the books in the user's cache folder;
    # the tests' go to a folder of the run instead, removed when it ends.
    if not hasattr(config, "workerinput") and CACHE_DIR_VARIABLE not in os.environ:
        folder = Path(tempfile.mkdtemp(prefix="rulesref-read-cache-"))
        os.environ[CACHE_DIR_VARIABLE] = str(folder)
        _RUN_FOLDERS.append(folder)


@pytest.hookimpl(tryfirst=True)  # before xdist's, which reads the groups
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    # The shared builds start in the background as the run starts: the tests
    # that read them go last, so the workers run the others meanwhile instead of
    # waiting (a stable sort, which keeps every other order).
    items.sort(key=lambda item: bool(_needs(item)))
    groups: dict[str, str] = {}
    for item in items:
        srcdir = next((mark.kwargs["srcdir"] for mark in item.iter_markers("sphinx")
                       if isinstance(mark.kwargs.get("srcdir"), str)), None)
        if srcdir is not None and item.get_closest_marker("xdist_group") is None:
            item.add_marker(pytest.mark.xdist_group(f"sphinx-{srcdir}"))
        names = sorted(str(mark.args[0] if mark.args else mark.kwargs.get("name", "default"))
                       for mark in item.iter_markers("xdist_group"))
        if names:
            groups[item.nodeid] = "_".join(names)
    folder = getattr(config, "workerinput", {}).get("rulesref_groups")
    if folder:  # a worker: tell the controller's scheduler
        target = Path(folder) / f"{os.environ.get('PYTEST_XDIST_WORKER', 'worker')}.json"
        partial = target.with_suffix(".partial")
        partial.write_text(json.dumps(groups), encoding="utf-8")
        partial.replace(target)


_GROUPS: list[Path] = []  # the controller's folder for the workers' group files


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    if not _GROUPS:
        _GROUPS.append(Path(tempfile.mkdtemp(prefix="rulesref-xdist-groups-")))
    node.workerinput["rulesref_groups"] = str(_GROUPS[0])


def pytest_unconfigure() -> None:
    for folder in (*_GROUPS, *_RUN_FOLDERS):
        shutil.rmtree(folder, ignore_errors=True)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """``--dist loadgroup`` with the groups the workers wrote (see the module)."""
    if config.getvalue("dist") != "loadgroup" or not _GROUPS:
        return None
    from xdist.scheduler import LoadGroupScheduling

    folder = _GROUPS[0]

    class SiteGroupScheduling(LoadGroupScheduling):
        groups: dict[str, str] | None = None

        def _split_scope(self, nodeid: str) -> str:
            scope: str = super()._split_scope(nodeid)
            if scope != nodeid:  # a pytest whose node IDs carry xdist's group
                return scope
            if self.groups is None:  # every worker has collected by now
                self.groups = {}
                for path in sorted(folder.glob("*.json")):
                    self.groups.update(json.loads(path.read_text(encoding="utf-8")))
            return self.groups.get(nodeid, nodeid)

    return SiteGroupScheduling(config, log)


#: srcdir → (status, warning) of its first build in this process.
_FIRST_BUILD: dict[Path, tuple[str, str]] = {}


@pytest.fixture
def app_params(app_params: Any) -> Iterator[Any]:
    """sphinx.testing's parameters, with the output streams of the ``app``: a
    test whose ``srcdir`` was built before in this process gets streams that
    start with that first build's status and warnings."""
    _, kwargs = app_params
    srcdir = Path(kwargs["srcdir"])
    first = _FIRST_BUILD.get(srcdir)
    status, warning = StringIO(), StringIO()
    if first is not None:
        status.write(first[0])
        warning.write(first[1])
    kwargs.setdefault("status", status)
    kwargs.setdefault("warning", warning)
    yield app_params
    said = kwargs["status"].getvalue()
    if first is None and ("build succeeded" in said or "build finished" in said):
        _FIRST_BUILD[srcdir] = (said, kwargs["warning"].getvalue())


def _needs(item: pytest.Item) -> set[str]:
    """The shared builds a test needs: it names the fixture, directly or as an
    indirect parameter's value."""
    names = set(getattr(item, "fixturenames", ()))
    callspec = getattr(item, "callspec", None)
    values = {v for v in callspec.params.values() if isinstance(v, str)} if callspec else set()
    return {name for name in SHARED_BUILDS if name in names or name in values}


_BUILDS: dict[str, SharedBuild] = {}


def _shared_build(factory: pytest.TempPathFactory, name: str) -> SharedBuild:
    if name not in _BUILDS:
        base = factory.getbasetemp()
        if os.environ.get("PYTEST_XDIST_WORKER") is not None:
            base = base.parent  # the run's common folder above each worker's own
        kind = RealBuild if name == "real_site" else SharedBuild
        _BUILDS[name] = kind(base / name.replace("_", "-"), SHARED_BUILDS[name])
    return _BUILDS[name]


@pytest.fixture(scope="session", autouse=True)
def _start_shared_builds(request: pytest.FixtureRequest,
                         tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Start, in the background, the shared builds the collected tests need."""
    needed = set().union(*(_needs(item) for item in request.session.items))
    for name in sorted(needed):
        _shared_build(tmp_path_factory, name).start()
    yield
    for build in _BUILDS.values():
        build.join()


@pytest.fixture(scope="session")
def docs_site(tmp_path_factory: pytest.TempPathFactory) -> DocsSite:
    """The real site, built once per run with the strict flags (see the module)."""
    return _shared_build(tmp_path_factory, "docs_site").result()


@pytest.fixture(scope="session")
def real_site(tmp_path_factory: pytest.TempPathFactory) -> RealSite:
    """The real rulebook (25.04) as a rules team gets it from the README's
    commands, once per run (tests/real_rulebook.py); skipped without the
    reference folder, except in CI."""
    build = _shared_build(tmp_path_factory, "real_site")
    assert isinstance(build, RealBuild)
    return build.real_result()


@pytest.fixture
def served(app: Any) -> Iterator[str]:
    """The ``sphinx.testing`` site of the test's mark, built and served on
    loopback for the browser (``serving.serve``); its address."""
    require_chromium()
    app.build()
    with serve(app.outdir) as url:
        yield url


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """Debian's headless Chromium through Playwright, one per test process (the
    sync API allows one Playwright per process, so every browser test shares it),
    on a network where only 127.0.0.1 answers (serving.closed_network)."""
    require_chromium()
    from playwright.sync_api import sync_playwright

    with closed_network() as offline, sync_playwright() as playwright:
        instance = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS + offline
        )
        try:
            yield instance
        finally:
            instance.close()


@pytest.fixture(scope="session")
def tabs(browser: object) -> Iterator[Tabs]:
    """The test process's reusable tabs, one per screen (serving.Tabs)."""
    kept = Tabs(browser)
    try:
        yield kept
    finally:
        kept.close()
