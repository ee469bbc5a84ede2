"""The second line of evidence: the engine's own tests, for what no scenario kills.

A scenario proves a rule; the kernel's rollback, its board reader and its lookups by name
are not rules, and the engine's tests (``tests/engine``, ``tests/games``) check them.  A
mutant no scenario kills is run against the tests that call the mutated function, as
pytest runs them: pytest collects them once, in this process, and each mutant runs in a
process forked from it (:func:`~rulesref.mutation.report.execute`'s way), which runs the
collected items with the mutant in place.  A mutant a test kills counts as killed, by
that test (:attr:`~rulesref.mutation.runner.Outcome.TESTED`); a rule is still proven only
by a scenario (:meth:`~rulesref.mutation.report.Run.unproven`).

pytest is a development tool, imported only when this stage runs.
"""

from __future__ import annotations

import cProfile
import importlib
import os
import pickle
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import CodeType
from typing import Any

from rulesref.mutation.mutants import Mutant
from rulesref.mutation.runner import (
    ENGINE_PACKAGES,
    Outcome,
    Reach,
    applied,
    deadline,
)

#: The tests run by default: the engines' own, but not those of the mutation tool (they run
#: mutants themselves) nor the long random searches (seconds each: a test of a mutant
#: should take about as long as a scenario).
DEFAULT_TESTS = (
    "tests/engine",
    "tests/games",
    "tests/property/test_state_copy_random.py",
    "tests/property/test_fingerprint_random.py",
    "tests/property/test_setup_random.py",
    "tests/property/test_engine_invariants.py",
)
SKIPPED_TESTS = ("test_mutation",)
#: A test that takes longer than this, unbroken, is not run against mutants.
SLOWEST = 1.0


@dataclass(frozen=True)
class TestReach:
    """Which collected test calls which function, and how long each takes unbroken."""

    callers: dict[tuple[str, str], list[str]]
    seconds: dict[str, float]

    def of(self, key: tuple[str, str]) -> list[str]:
        """The tests that call the function ``key`` (file, qualified name) or a function
        nested in it, fastest first."""
        path, qualname = key
        inside = f"{qualname}.<locals>."
        found = {
            test
            for (where, name), tests in self.callers.items()
            if where == path and (name == qualname or name.startswith(inside))
            for test in tests
        }
        return sorted(found, key=lambda t: (self.seconds[t], t))


def run_with_tests(
    root: Path,
    mutants: Sequence[Mutant],
    reach: Reach,
    paths: Sequence[str] = DEFAULT_TESTS,
    jobs: int = 1,
) -> dict[int, tuple[Outcome, str | None]]:
    """Run each of ``mutants`` against the tests (under ``paths``, relative to ``root``)
    that call its function; the outcome of each, by its index in ``mutants``: killed by a
    test (and which), or survived."""
    import pytest

    plugin = _Stage(mutants, reach, jobs)
    args = ["-q", "-p", "no:cacheprovider", "-p", "no:xdist", "--no-header", "-o", "addopts="]
    args += ["-p", "no:doctest", "--rootdir", str(root)]
    args += [str(root / p) for p in paths]
    old = Path.cwd()
    os.chdir(root)
    try:
        with _quiet():
            pytest.main(args, plugins=[plugin])
    finally:
        os.chdir(old)
    if plugin.error is not None:
        raise RuntimeError(plugin.error)
    return plugin.outcomes


@contextmanager
def _quiet() -> Iterator[None]:
    """pytest's own report of a session that runs no test the usual way says nothing
    worth reading; the stage reports through its outcomes."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    saved = os.dup(1)
    os.dup2(devnull, 1)
    try:
        yield
    finally:
        os.dup2(saved, 1)
        os.close(saved)
        os.close(devnull)


class _Stage:
    """A pytest plugin whose test loop runs mutants instead of the tests."""

    def __init__(self, mutants: Sequence[Mutant], reach: Reach, jobs: int) -> None:
        self.mutants = mutants
        self.reach = reach
        self.jobs = jobs
        self.outcomes: dict[int, tuple[Outcome, str | None]] = {}
        self.error: str | None = None

    def pytest_collection_modifyitems(self, items: list[Any]) -> None:
        items[:] = [i for i in items if not any(s in i.nodeid for s in SKIPPED_TESTS)]

    def pytest_runtestloop(self, session: Any) -> bool:
        from rulesref.mutation.report import forked

        items = {item.nodeid: item for item in session.items}
        tests = _in_a_fork(lambda: _trace(items))
        if isinstance(tests, str):
            self.error = f"the tests fail unbroken: {tests}"
            return True

        def one(index: int) -> tuple[Outcome, str | None]:
            mutant = self.mutants[index]
            chosen = [t for t in tests.of(mutant.site.key) if tests.seconds[t] <= SLOWEST]
            return _run_tests(mutant, self.reach, chosen, items, tests)

        for index, outcome, killer in forked(range(len(self.mutants)), self.jobs, one):
            self.outcomes[index] = (outcome, killer)
        return True


def _passes(item: Any) -> bool:
    from _pytest.runner import runtestprotocol

    reports = runtestprotocol(item, log=False, nextitem=None)
    return not any(report.failed for report in reports)


def _trace(items: dict[str, Any]) -> TestReach | str:
    """Run every test once unbroken, noting the engine functions each calls."""
    callers: dict[tuple[str, str], list[str]] = {}
    seconds: dict[str, float] = {}
    roots = tuple(str(Path(importlib.import_module(p).__path__[0])) for p in ENGINE_PACKAGES)
    for nodeid, item in items.items():
        profiler = cProfile.Profile(builtins=False)
        start = time.perf_counter()
        profiler.enable()
        try:
            passed = _passes(item)
        finally:
            profiler.disable()
        seconds[nodeid] = time.perf_counter() - start
        if not passed:
            return nodeid
        for entry in profiler.getstats():
            code = entry.code
            if isinstance(code, CodeType) and code.co_filename.startswith(roots):
                callers.setdefault((code.co_filename, code.co_qualname), []).append(nodeid)
    return TestReach(callers, seconds)


def _in_a_fork(work: Callable[[], TestReach | str]) -> TestReach | str:
    """``work()`` in a forked process (the tests change what they touch; this process
    stays as it was), its answer sent back pickled."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        try:
            answer: object = work()
        except BaseException as error:
            answer = f"{type(error).__name__}: {error}"
        with os.fdopen(write, "wb") as pipe:
            pickle.dump(answer, pipe)
        os._exit(0)
    os.close(write)
    with os.fdopen(read, "rb") as pipe:
        data = pipe.read()
    os.waitpid(pid, 0)
    answer = pickle.loads(data)
    assert isinstance(answer, TestReach | str)
    return answer


def _run_tests(
    mutant: Mutant,
    reach: Reach,
    chosen: Sequence[str],
    items: dict[str, Any],
    tests: TestReach,
) -> tuple[Outcome, str | None]:
    """In a forked process: the mutant in place, the chosen tests until one fails."""
    if not chosen:
        return Outcome.UNREACHED, None
    if reach.only_at_import(mutant.site):
        # a test module holds the engine's objects from when it was collected: importing
        # the engines again would not reach them
        return Outcome.SURVIVED, None
    with applied(mutant) as ok:
        if not ok:
            return Outcome.SURVIVED, None
        for nodeid in chosen:
            try:
                with deadline(2.0 + 10 * tests.seconds[nodeid]):
                    passed = _passes(items[nodeid])
            except KeyboardInterrupt:
                return Outcome.TESTED, nodeid
            except Exception:
                passed = False
            if not passed:
                return Outcome.TESTED, nodeid
    return Outcome.SURVIVED, None
