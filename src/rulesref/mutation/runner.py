"""Run scenarios against one mutant at a time, in this process.

A mutant is applied by giving the live function object the mutant's code object
(``function.__code__``), so every module that imported the function sees it, and
it is undone in a ``finally``.  Only the scenarios that call the mutated function
unbroken are run: one that never reaches it cannot kill it.  A mutant that loops
is stopped by a timer and counts as killed (the scenario would hang).
"""

from __future__ import annotations

import ast
import cProfile
import functools
import gc
import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import inspect
import os
import pickle
import signal
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from enum import Enum
from types import CodeType, FrameType, FunctionType, ModuleType
from typing import Any

from rulesref.mutation.mutants import Mutant, nested_code
from rulesref.mutation.sites import Site, function_node, modules_of
from rulesref.scenarios import Scenario, run_scenario


class Outcome(Enum):
    KILLED = "killed"
    SURVIVED = "survived"
    #: No scenario calls the function, so nothing can kill the mutant.
    UNREACHED = "unreached"
    TIMEOUT = "timeout"
    #: The code object could not be swapped in (its closure changed shape).
    SKIPPED = "skipped"
    #: No scenario killed it, but one of the engine's tests did (code that applies no rule:
    #: the kernel's rollback, a board description's reader).
    TESTED = "killed by a test"
    #: It survived, and a person has said why no scenario can tell it from the original
    #: (:mod:`rulesref.mutation.equivalent`): left out of the score.
    EQUIVALENT = "equivalent"


@dataclass(frozen=True)
class Result:
    mutant: Mutant
    outcome: Outcome
    #: The scenario that killed it.
    killer: str | None = None

    @property
    def killed(self) -> bool:
        return self.outcome in (Outcome.KILLED, Outcome.TIMEOUT, Outcome.TESTED)

    @property
    def killed_by_scenario(self) -> bool:
        return self.outcome in (Outcome.KILLED, Outcome.TIMEOUT)


class _Timeout(KeyboardInterrupt):
    """Raised by the timer.  A ``KeyboardInterrupt`` so doctest does not swallow it."""


def live_function(site: Site) -> FunctionType:
    """The function object the running program calls for ``site``."""
    owner: Any = importlib.import_module(site.module)
    parts = site.qualname.split(".")
    for part in parts[:-1]:
        owner = getattr(owner, part)
    raw = inspect.getattr_static(owner, parts[-1])
    if isinstance(raw, staticmethod | classmethod):
        raw = raw.__func__
    elif isinstance(raw, property):
        raw = raw.fget
    func = inspect.unwrap(raw)
    if not isinstance(func, FunctionType):
        raise TypeError(f"{site} is not a Python function")
    return func


def _functions_running(code: CodeType) -> list[FunctionType]:
    """The live functions made from ``code``: a closure made once (the wrapper a
    decorator returned at import) is not made again from the mutated outer code."""
    return [f for f in gc.get_referrers(code) if isinstance(f, FunctionType) and f.__code__ is code]


@contextmanager
def applied(mutant: Mutant) -> Iterator[bool]:
    """Swap the mutant's code in; yield whether that worked; always swap it back.

    The function's own code is swapped, so every later call runs the mutant, and so
    does every closure it makes from then on; the closures it made before (a decorator's
    wrapper) are swapped too.
    """
    func = live_function(mutant.site)
    swaps: list[tuple[FunctionType, CodeType, CodeType]] = [(func, func.__code__, mutant.code)]
    for where in mutant.inner:
        old, new = nested_code(func.__code__, where), nested_code(mutant.code, where)
        swaps += [(f, old, new) for f in _functions_running(old)]
    done: list[tuple[FunctionType, CodeType]] = []
    try:
        try:
            for function, old, new in swaps:
                function.__code__ = new
                done.append((function, old))
        except ValueError:  # different free variables
            yield False
            return
        yield True
    finally:
        for function, old in reversed(done):
            function.__code__ = old


@contextmanager
def deadline(seconds: float) -> Iterator[None]:
    if not hasattr(signal, "setitimer"):
        yield
        return

    def expire(signum: int, frame: FrameType | None) -> None:
        raise _Timeout

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _failed(scenario: Scenario) -> bool:
    try:
        failures, _ = run_scenario(scenario)
    except Exception:
        return True
    return failures > 0


#: The packages whose modules a mutant made at import replaces (every module of them is
#: imported again, so none holds an object of the unmutated one).
ENGINE_PACKAGES = ("rulesref.engine", "rulesref.games")


@contextmanager
def reimported(mutant: Mutant) -> Iterator[bool]:
    """Forget every module of the engines, so that the next import of the site's module
    runs its source with the mutant in place of the function: for code that runs only
    while the engines are imported (a factory that makes a card's effect once, a
    decorator).  The old modules cannot be put back, so this is for a process that is
    thrown away afterwards."""
    if mutant.function is None:
        yield False
        return
    for name in [n for n in sys.modules if n.startswith(ENGINE_PACKAGES)]:
        del sys.modules[name]
    finder = _MutatedModule(mutant)
    sys.meta_path.insert(0, finder)
    try:
        yield True
    finally:
        sys.meta_path.remove(finder)


class _MutatedModule(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Imports the site's module from its source with the mutated function in it."""

    def __init__(self, mutant: Mutant) -> None:
        self.mutant = mutant

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        site = self.mutant.site
        if fullname != site.module:
            return None
        package = [str(site.path.parent)] if site.path.name == "__init__.py" else None
        return importlib.util.spec_from_file_location(
            fullname, site.path, loader=self, submodule_search_locations=package
        )

    def exec_module(self, module: ModuleType) -> None:
        site, function = self.mutant.site, self.mutant.function
        assert function is not None
        tree = ast.parse(site.path.read_text(encoding="utf-8"), str(site.path))
        original = function_node(tree, site.qualname)
        for node in ast.walk(tree):
            for _, value in ast.iter_fields(node):
                if isinstance(value, list) and any(v is original for v in value):
                    value[value.index(original)] = function
        exec(compile(tree, str(site.path), "exec", dont_inherit=True), module.__dict__)


def run_mutant(
    mutant: Mutant,
    scenarios: Sequence[Scenario],
    timeout: float = 10.0,
    *,
    at_import: bool = False,
) -> Result:
    """Run ``scenarios`` (those that reach the site) until one fails.  ``at_import``: the
    site runs only while the engines are imported, so they are imported again with the
    mutant (:func:`reimported`: only in a process that is thrown away afterwards)."""
    if not scenarios:
        return Result(mutant, Outcome.UNREACHED)
    with reimported(mutant) if at_import else applied(mutant) as ok:
        if not ok:
            return Result(mutant, Outcome.SKIPPED)
        for scenario in scenarios:
            try:
                with deadline(timeout):
                    failed = _failed(scenario)
            except _Timeout:
                return Result(mutant, Outcome.TIMEOUT, scenario.slug)
            if failed:
                return Result(mutant, Outcome.KILLED, scenario.slug)
    return Result(mutant, Outcome.SURVIVED)


@dataclass(frozen=True)
class Reach:
    """Which scenarios call which functions, and how long each takes unbroken."""

    callers: dict[tuple[str, str], list[Scenario]]
    seconds: dict[str, float]
    #: The functions called while the engines are imported (a card's effect made by a
    #: factory, a decorator applied), as (file, qualified name).
    at_import: frozenset[tuple[str, str]] = frozenset()
    #: Every scenario, for code that runs only at import and that no scenario reaches
    #: through a function nested in it.
    everything: tuple[Scenario, ...] = ()

    @functools.cached_property
    def _by_file(self) -> dict[str, dict[str, list[Scenario]]]:
        files: dict[str, dict[str, list[Scenario]]] = {}
        for (path, qualname), scenarios in self.callers.items():
            files.setdefault(path, {})[qualname] = scenarios
        return files

    def of(self, site: Site) -> list[Scenario]:
        """The scenarios that call ``site`` or a function nested in it (the wrapper a
        decorator made at import is called, the decorator never), fastest first (they
        kill soonest)."""
        path, qualname = site.key
        inside = f"{qualname}.<locals>."
        found = {
            scenario.slug: scenario
            for name, scenarios in self._by_file.get(path, {}).items()
            if name == qualname or name.startswith(inside)
            for scenario in scenarios
        }
        if not found and self.only_at_import(site):
            found = {s.slug: s for s in self.everything}
        return sorted(found.values(), key=lambda s: (self.seconds.get(s.slug, 0.0), s.slug))

    def only_at_import(self, site: Site) -> bool:
        """Whether ``site`` runs while the engines are imported, and never after: a
        mutant of it changes nothing unless they are imported again."""
        return site.key in self.at_import and site.key not in self.callers


def trace_reach(scenarios: Iterable[Scenario]) -> Reach:
    """Run every scenario once unbroken, noting each Python function it calls.

    Raises ``RuntimeError`` if a scenario fails unbroken: mutants of an engine whose
    scenarios already fail would all look killed.
    """
    callers: dict[tuple[str, str], list[Scenario]] = {}
    seconds: dict[str, float] = {}
    for scenario in scenarios:
        # cProfile's C hook notes each Python function a scenario enters (a
        # generator each time it resumes) for less than a hook written in Python,
        # called back on every call: every scenario in 5.0 s of CPU against 6.2 s
        # with a trace function and 7.1 s with a profile function (1.9 s bare).
        # It keys its table by code object, so two short-lived code objects at one
        # address (doctest examples) may share an entry; the engine's functions,
        # which mutants replace, live as long as the program.
        profiler = cProfile.Profile(builtins=False)
        start = time.perf_counter()
        profiler.enable()
        try:
            failures, report = run_scenario(scenario)
        finally:
            profiler.disable()
        called = {entry.code for entry in profiler.getstats() if isinstance(entry.code, CodeType)}
        seconds[scenario.slug] = time.perf_counter() - start
        if failures:
            raise RuntimeError(f"{scenario.path} fails unbroken:\n{report}")
        for code in called:
            callers.setdefault((code.co_filename, code.co_qualname), []).append(scenario)
    return Reach(callers, seconds, _called_at_import(), tuple(scenarios))


@functools.cache
def _called_at_import() -> frozenset[tuple[str, str]]:
    """The functions the engines call while they are imported, found by importing them
    afresh in a forked process (this one keeps its modules); none without ``fork``."""
    if not hasattr(os, "fork"):
        return frozenset()
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        try:
            for name in [n for n in sys.modules if n.startswith(ENGINE_PACKAGES)]:
                del sys.modules[name]
            profiler = cProfile.Profile(builtins=False)
            profiler.enable()
            for package in ENGINE_PACKAGES:
                list(modules_of(package))
            profiler.disable()
            called = {
                (e.code.co_filename, e.code.co_qualname)
                for e in profiler.getstats()
                if isinstance(e.code, CodeType)
            }
            with os.fdopen(write, "wb") as pipe:
                pickle.dump(called, pipe)
        finally:
            os._exit(0)
    os.close(write)
    with os.fdopen(read, "rb") as pipe:
        data = pipe.read()
    os.waitpid(pid, 0)
    return frozenset(pickle.loads(data)) if data else frozenset()


Progress = Callable[[Result], None]
