"""Work started ahead in worker processes and taken when it is needed.

Sphinx reads and writes pages on one core.  Some of what a page needs can be
computed from its sources alone, before the page asks: the result of running
a scenario, the highlighted HTML of its doctests.  A build hands that work
here once it knows which pages it will read (:func:`start`); worker processes,
forked from the build so they start with everything it imported, do it in
the order given while Sphinx reads, on the machine's other cores; the page
then takes each result (:func:`take`) instead of computing it.  A result that
is not there (never started, its worker died, or asked from a process other
than the one that started it, such as Sphinx's forked parallel readers) is
computed by the caller in place, as without this module.

A page asks for results in the order the work was given, so it mostly
waits for the job a worker is doing.  Rather than sit idle, the waiting
process takes the last job no worker has begun (its future is cancelled,
so no worker runs it) and does it itself, then looks again: on two cores
both work through the queue, one from each end.  Only jobs whose function
says it may run there (:func:`portable`) are taken over: the waiting
process is in the middle of reading a page, and a job that reads as a page
does (Sphinx's current document, its roles) would disturb it.  What it
computes is passed through a pickle as a worker's result is, so a page
cannot tell where a result was made.

Only the process that started the work may wait for it: a pool's threads
stay in that process.  ``RULESREF_WORK_AHEAD=0`` turns the workers off (the
test run does: its own workers already keep every core busy, and builds that
forked more slowed it by a sixth).  No Sphinx, no docutils.
"""

from __future__ import annotations

import multiprocessing
import os
import pickle
from collections.abc import Callable, Hashable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any, TypeVar

#: One piece of work: its key, and a module-level function and its arguments
#: (both picklable: the workers receive them through a pipe).
Job = tuple[Hashable, Callable[..., Any], tuple[Any, ...]]

#: Fewer jobs than this are not worth starting processes for.
MINIMUM = 8
#: Set to ``0``, no work is started ahead: every result is computed in place.
SWITCH = "RULESREF_WORK_AHEAD"

_pending: dict[Hashable, Future[Any]] = {}
#: The pending jobs this process may take over, what each runs, in the order
#: given (the last is taken first).
_portable_jobs: dict[Hashable, tuple[Callable[..., Any], tuple[Any, ...]]] = {}
#: Results of jobs this process took over while it waited, until taken.
_done_here: dict[Hashable, Any] = {}
#: Functions that may run in the waiting process (:func:`portable`).
_PORTABLE: set[Callable[..., Any]] = set()
#: The process that started what :data:`_pending` holds.
_owner: list[int] = []
#: The worker processes it started (its other children are not this module's).
_workers: list[multiprocessing.process.BaseProcess] = []

F = TypeVar("F", bound=Callable[..., Any])


def portable(function: F) -> F:
    """Mark a job function the process that started the work may run itself
    while it waits: one that touches no state of the caller's (no Sphinx
    environment, no docutils globals), only its arguments."""
    _PORTABLE.add(function)
    return function


def start(jobs: Sequence[Job], workers: int = 0) -> int:
    """Start ``jobs`` in order in ``workers`` forked processes (by default one
    fewer than the machine's cores, at least one), skipping the keys already
    started.  Returns how many were started: none when there are fewer than
    :data:`MINIMUM`, when :data:`SWITCH` is ``0``, or where processes cannot
    be forked.  The workers leave once the last job is done."""
    if _owner != [os.getpid()]:
        forget()  # another process's work: it cannot be waited for here
        _workers.clear()
        _owner[:] = [os.getpid()]
    wanted = [job for job in jobs if job[0] not in _pending and job[0] not in _done_here]
    if (len(wanted) < MINIMUM or os.environ.get(SWITCH) == "0"
            or "fork" not in multiprocessing.get_all_start_methods()):
        return 0
    count = min(workers or max(1, (os.cpu_count() or 1) - 1), len(wanted))
    before = set(multiprocessing.active_children())
    try:
        fork = multiprocessing.get_context("fork")
        pool = ProcessPoolExecutor(max_workers=count, mp_context=fork)
        futures = [(key, pool.submit(function, *args)) for key, function, args in wanted]
    except OSError:
        return 0
    # Those of earlier pools that left are dropped (a long ``rulesref serve``).
    _workers[:] = [w for w in _workers if w.is_alive()]
    _workers.extend(set(multiprocessing.active_children()) - before)
    pool.shutdown(wait=False)  # the workers finish the queue, then leave
    _pending.update(futures)
    _portable_jobs.update((key, (function, args)) for key, function, args in wanted
                          if function in _PORTABLE)
    return len(futures)


def close() -> None:
    """End this process's workers, for a process about to leave by
    ``os._exit`` (the commands, see :func:`rulesref.cli.main`), which skips
    the handler that ends them at exit: a worker left waiting for its pool's
    last message stayed alive for good, and kept the command's output pipe
    open, so ``rulesref check | tail`` never ended.  Every result the command
    needed is taken by then, so what a worker is still doing is not needed:
    the workers are ended and reaped.  The pool itself cannot be told again:
    its first ``shutdown`` let go of the means to wake it."""
    if _owner == [os.getpid()]:
        for worker in _workers:
            if worker.is_alive():
                worker.terminate()
        for worker in _workers:
            worker.join(timeout=5)
    _workers.clear()
    forget()


def take(key: Hashable) -> tuple[bool, Any]:
    """``(True, result)`` of the job started as ``key``, waited for; ``(False,
    None)`` when none was started in this process or it failed (then the
    caller computes it).  A result is taken once."""
    if _owner != [os.getpid()]:
        return False, None
    if key in _done_here:
        return True, _done_here.pop(key)
    future = _pending.pop(key, None)
    _portable_jobs.pop(key, None)
    if future is None:
        return False, None
    while not future.done() and _take_over_last():
        pass
    try:
        return True, future.result()
    except Exception:  # a worker that died (BrokenProcessPool), or a job that raised
        return False, None


def _take_over_last() -> bool:
    """Do here the last :func:`portable` job no worker has begun; ``False``
    when there is none (the workers have begun all those left).  A job that
    raises is dropped: its caller computes it in place, as for a worker's
    failure."""
    if not _portable_jobs:
        return False
    # The workers take jobs in order: if this one has begun, so has every other.
    key = next(reversed(_portable_jobs))
    if not _pending[key].cancel():  # begun, done, or in a worker's queue already
        return False
    del _pending[key]
    function, args = _portable_jobs.pop(key)
    try:  # the arguments too, as a worker gets them: a job may change what it is given
        copied = pickle.loads(pickle.dumps(args, pickle.HIGHEST_PROTOCOL))
        _done_here[key] = pickle.loads(pickle.dumps(function(*copied), pickle.HIGHEST_PROTOCOL))
    except Exception:
        pass
    return True


def started(key: Hashable) -> bool:
    """Whether ``key`` was started in this process and not yet taken."""
    return _owner == [os.getpid()] and (key in _pending or key in _done_here)


def forget() -> None:
    """Drop every job not taken (their workers finish them unseen)."""
    _pending.clear()
    _portable_jobs.clear()
    _done_here.clear()
