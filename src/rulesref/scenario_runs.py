"""Running a scenario for a public page: its result, the line that first
fails, and a fingerprint of the code it ran against.

The site shows an honest badge ("verified" or "failing") and, for a failing
scenario, the doctest report.  The report names the file as the site shows it
(never the builder's absolute path).  A result stays valid while the file and
the engine are unchanged, which :func:`engine_digest` and the file's stat
decide; the cache itself belongs to the caller.  No docutils, no Sphinx.

Processes that build sites from the same scenarios and engine (the test run's
builds, in its workers and ``sphinx-build`` children) can share their results
through a folder named by ``RULESREF_SCENARIO_RESULTS``: then each scenario
runs once in all of them, not once in each.  The commands keep their results
in their cache folder for the next command (:func:`keeping_results`).

A build that must run many scenarios starts them ahead, in worker processes
(:func:`run_ahead`), in the order its pages will ask for them: the engine's
work then runs on the machine's other cores while Sphinx reads, instead of
inside the reading of each page.  Sphinx itself runs on one core; on the real
rulebook the scenarios were a third of a full build.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
import re
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from rulesref import work_ahead
from rulesref.atomic_files import replace_atomically
from rulesref.keys import digest, package_fingerprint
from rulesref.scenarios import Scenario, run_doctest_block

#: (mtime in ns, size, engine digest): a run result is valid while this holds.
RunKey = tuple[int, int, str]

_REPORT_LINE = re.compile(r'^File "[^"]*", line (\d+)', re.MULTILINE)


@dataclass
class RunResult:
    key: RunKey
    failures: int
    report: str
    #: The line of the first failing example (the first fence's when unknown).
    line: int

    @property
    def passed(self) -> bool:
        return self.failures == 0


@functools.cache
def engine_digest() -> str:
    """A fingerprint of the code scenarios run against: every module and data
    file of the package except the site extension (a changed engine must not
    keep an old "verified" badge).  Made once per process, as
    :func:`rulesref.read_cache.code_fingerprint` is: the process runs the code
    it imported, whatever is installed later (``rulesref serve`` walked the
    package again after every save)."""
    return package_fingerprint((".py", ".json"), without=("sphinx",))


def run_key(scenario: Scenario, engine: str) -> RunKey:
    stat = scenario.path.stat()
    return (stat.st_mtime_ns, stat.st_size, engine)


def run_for_page(scenario: Scenario, display: str, key: RunKey) -> RunResult:
    """Run every fence of ``scenario`` in one namespace; the report names the
    file ``display``.  A scenario without a fence fails: it proves nothing."""
    blocks = scenario.doctest_blocks()
    namespace: dict[str, Any] = {"__name__": "__scenario__"}
    failures, reports, line = 0, [], 0
    for block in blocks:
        failed, report = run_doctest_block(block, display, namespace)
        if failed and not line:
            found = _REPORT_LINE.search(report)
            line = int(found[1]) if found else block.line
        failures += failed
        reports.append(report)
    if not blocks:
        return RunResult(key, 1, "The scenario has no {doctest} block to run.\n", 1)
    return RunResult(key, failures, "".join(reports), line)


#: (path, content digest, engine digest, display) → result, for this process.
_MEMO: dict[tuple[str, str, str, str], RunResult] = {}


#: The folder of results shared between processes (see the module), if any.
SHARED_RESULTS = "RULESREF_SCENARIO_RESULTS"
#: Where the commands keep results for later commands (:func:`keeping_results`),
#: while they run scenarios; a folder named by :data:`SHARED_RESULTS` wins.
_KEPT: list[Path] = []
#: Kept results not written again for this many days are removed.
KEPT_DAYS = 30


def run_for_page_memo(scenario: Scenario, display: str, key: RunKey) -> RunResult:
    """:func:`run_for_page`, run once per process for the same file content and
    engine: a process that builds several sites from one scenarios folder (the
    test session, a ``sphinx-autobuild`` server) runs each scenario once, while
    each build's environment still records the file's own key.  A changed file
    (by content, not by mtime) or engine runs again.  With
    ``RULESREF_SCENARIO_RESULTS`` set, once for every process sharing it."""
    memo_key = _memo_key(scenario, display, key)
    result = _MEMO.get(memo_key)
    if result is None:
        result = _from_ahead(memo_key)
    if result is None:
        result = _MEMO[memo_key] = _stored_or_run(
            memo_key, key, lambda: run_for_page(scenario, display, key))
    return replace(result, key=key)


def _stored_or_run(memo_key: tuple[str, str, str, str], key: RunKey,
                   run: Callable[[], RunResult]) -> RunResult:
    """``run()``, or what a shared folder (with claims, for processes running
    side by side) or the commands' kept folder (without) already holds."""
    stored = _shared_file(memo_key)
    if stored is None:
        return run()
    if os.environ.get(SHARED_RESULTS):
        return _run_once_shared(stored, key, run)
    return _run_or_kept(stored, key, run)


#: (path, mtime, size) → the file's resolved path and content digest, for this process.
_FILES: dict[tuple[str, int, int], tuple[str, str]] = {}


def _memo_key(scenario: Scenario, display: str, key: RunKey) -> tuple[str, str, str, str]:
    """By the file's content, read once per process for the modification time
    and size in ``key`` (what the environment's cached results already trust):
    a build asks for each scenario's key twice (starting the runs ahead, then
    taking the results), and opening and resolving 190 files each time took
    a fifth of a second of a full build."""
    where = (str(scenario.path), key[0], key[1])
    known = _FILES.get(where)
    if known is None:
        content = hashlib.sha256(scenario.path.read_bytes()).hexdigest()
        known = _FILES[where] = (str(scenario.path.resolve()), content)
    return (known[0], known[1], key[2], display)


def run_ahead(jobs: Sequence[tuple[Scenario, str, RunKey]], workers: int = 0) -> int:
    """Start running ``jobs`` (scenario, display, key), in this order, in worker
    processes (:mod:`rulesref.work_ahead`); a later :func:`run_for_page_memo` of
    one of them takes its result instead of running it.  Returns how many were
    started: none at all when there are few (a rebuild after editing one
    scenario runs it in place)."""
    return work_ahead.start(run_jobs(jobs), workers)


def run_jobs(jobs: Sequence[tuple[Scenario, str, RunKey]]) -> list[work_ahead.Job]:
    """The :mod:`rulesref.work_ahead` jobs that run ``jobs``, but for those
    already run in this process, or by another one sharing its results."""
    work: list[work_ahead.Job] = []
    for scenario, display, key in jobs:
        memo_key = _memo_key(scenario, display, key)
        if memo_key in _MEMO:
            continue
        shared = _shared_file(memo_key)
        stored = _load_shared(shared, key) if shared is not None else None
        if stored is not None:
            _MEMO[memo_key] = stored  # read once: the page takes it from the memo
        else:
            work.append(((_AHEAD, memo_key), _run_job, (scenario, display, key)))
    return work


#: What keys this module's jobs in :mod:`rulesref.work_ahead`.
_AHEAD = "scenario-run"


@work_ahead.portable
def _run_job(scenario: Scenario, display: str, key: RunKey) -> RunResult:
    """In a worker: the run as :func:`run_for_page_memo` makes it (sharing
    results through ``RULESREF_SCENARIO_RESULTS`` when it is set)."""
    return run_for_page_memo(scenario, display, key)


def _from_ahead(memo_key: tuple[str, str, str, str]) -> RunResult | None:
    found, result = work_ahead.take((_AHEAD, memo_key))
    if not found or not isinstance(result, RunResult):
        return None
    _MEMO[memo_key] = result
    return result


def _shared_file(memo_key: tuple[str, str, str, str]) -> Path | None:
    folder = os.environ.get(SHARED_RESULTS) or (_KEPT[0] if _KEPT else None)
    return Path(folder) / f"{digest(memo_key)}.json" if folder else None


@contextlib.contextmanager
def keeping_results(folder: Path) -> Iterator[None]:
    """Within the block (and in the workers it forks), results are looked up in
    and stored to ``folder``, for the next command: ``rulesref check`` and
    ``export`` ran every scenario of the book each time, 1.4 s of the 1.9 s a
    check of the real rulebook took.  A result is keyed as in memory, by the
    file's content, the engine's fingerprint and the name shown, and kept
    apart per Python version (a traceback's words can differ between them).
    Unlike a shared folder's, no claims: a command interrupted mid-run leaves
    nothing that makes the next one wait.  The folder is the user's cache,
    never the rules' own: a result says "verified"."""
    kept = folder / f"{sys.implementation.name}-{sys.version_info[0]}.{sys.version_info[1]}"
    _prune(kept)
    _KEPT[:] = [kept]
    try:
        yield
    finally:
        _KEPT.clear()


def _prune(folder: Path) -> None:
    """Results not written for :data:`KEPT_DAYS` (an older engine's, a scenario
    since edited) go."""
    oldest = time.time() - KEPT_DAYS * 86400
    with contextlib.suppress(OSError):
        for entry in os.scandir(folder):
            with contextlib.suppress(OSError):
                if entry.name.endswith(".json") and entry.stat().st_mtime < oldest:
                    os.unlink(entry.path)


#: How long a process waits for the result of a scenario another one is
#: running before it runs the scenario itself (the other may have died).
CLAIM_PATIENCE = 120.0


def _run_once_shared(path: Path, key: RunKey, run: Callable[[], RunResult]) -> RunResult:
    """The stored result; else, if no other process claimed the scenario, run
    it and store the result; else wait for the claimant's.  The test run starts
    several builds at once, which would otherwise all run every scenario side by
    side before any result is stored."""
    claim = path.with_name(f"{path.name}.claim")
    deadline = time.monotonic() + CLAIM_PATIENCE
    while (result := _load_shared(path, key)) is None:
        try:
            claim.parent.mkdir(parents=True, exist_ok=True)
            os.close(os.open(claim, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
        except FileExistsError:
            if time.monotonic() < deadline:
                time.sleep(0.005)
                continue
        except OSError:
            pass  # an unwritable folder: run here, as without one
        try:
            result = run()
            _store_shared(path, result)
        finally:
            with contextlib.suppress(OSError):
                claim.unlink(missing_ok=True)
        break
    return result


def _run_or_kept(path: Path, key: RunKey, run: Callable[[], RunResult]) -> RunResult:
    """The kept result, else a run, kept."""
    result = _load_shared(path, key)
    if result is None:
        result = run()
        _store_shared(path, result)
    return result


def _load_shared(path: Path, key: RunKey) -> RunResult | None:
    """The result another process stored, or ``None`` (missing, or not a
    result: then the scenario runs here)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        failures, report, line = data["failures"], data["report"], data["line"]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if not (isinstance(failures, int) and isinstance(report, str) and isinstance(line, int)):
        return None
    return RunResult(key, failures, report, line)


def _store_shared(path: Path, result: RunResult) -> None:
    """Stored atomically, so a reader never sees half a result; a folder that
    cannot be written only costs the other processes a run."""
    data = {"failures": result.failures, "report": result.report, "line": result.line}
    with contextlib.suppress(OSError):
        replace_atomically(path, json.dumps(data).encode("utf-8"))


def clear_memo() -> None:
    """Forget every memoised run (for tests about running scenarios)."""
    _MEMO.clear()
    _FILES.clear()
    _KEPT.clear()
    work_ahead.forget()
