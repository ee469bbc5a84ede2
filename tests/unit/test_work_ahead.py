"""Work started ahead in worker processes (:mod:`rulesref.work_ahead`): a
result computed elsewhere is taken once, by the process that started it; a
job that fails, or was never started, is left to the caller."""

from __future__ import annotations

import multiprocessing
import os
import time
from pathlib import Path

import pytest

from rulesref import work_ahead


def whose(value: int) -> tuple[int, int]:
    return value, os.getpid()


def refuse(value: int) -> int:
    raise ValueError(value)


@pytest.fixture(autouse=True)
def nothing_pending(monkeypatch: pytest.MonkeyPatch) -> None:
    work_ahead.forget()
    monkeypatch.delenv(work_ahead.SWITCH, raising=False)  # the test run turns it off


def jobs(count: int) -> list[work_ahead.Job]:
    return [(("test", n), whose, (n,)) for n in range(count)]


def test_results_come_from_other_processes_and_are_taken_once() -> None:
    assert work_ahead.start(jobs(work_ahead.MINIMUM + 2), workers=2) == work_ahead.MINIMUM + 2
    pids = set()
    for n in range(work_ahead.MINIMUM + 2):
        found, (value, pid) = work_ahead.take(("test", n))
        assert found and value == n
        pids.add(pid)
    assert pids - {os.getpid()}  # a worker's, and maybe some taken over here
    assert work_ahead.take(("test", 0)) == (False, None)
    assert not work_ahead.started(("test", 1))


def _slowly(value: int, log: str) -> tuple[int, int]:
    time.sleep(0.1)
    with open(log, "a", encoding="utf-8") as out:
        out.write(f"{value}\n")
    return value, os.getpid()


def only_in_workers(value: int, log: str) -> tuple[int, int]:
    return _slowly(value, log)


@work_ahead.portable
def slowly(value: int, log: str) -> tuple[int, int]:
    return _slowly(value, log)


def test_a_waiting_process_does_the_last_jobs_itself(tmp_path: Path) -> None:
    """While the first result is being made, the process that waits for it
    does the jobs at the other end of the queue; each job runs once, and its
    result is taken as a worker's would be."""
    log = tmp_path / "ran"
    count = work_ahead.MINIMUM + 4
    slow: list[work_ahead.Job] = [(("slow", n), slowly, (n, str(log))) for n in range(count)]
    assert work_ahead.start(slow, workers=1) == count
    results = [work_ahead.take(("slow", n)) for n in range(count)]
    assert [found for found, _ in results] == [True] * count
    assert [value for _, (value, _pid) in results] == list(range(count))
    here = [value for _, (value, pid) in results if pid == os.getpid()]
    assert here and here[-1] == count - 1  # from the end of the queue
    assert 0 not in here  # the first was a worker's from the start
    assert sorted(int(line) for line in log.read_text().split()) == list(range(count))
    assert not work_ahead.started(("slow", count - 1))


def test_a_job_not_marked_portable_is_left_to_the_workers(tmp_path: Path) -> None:
    """A job that reads as a page does (a scenario's Markdown) would disturb
    the page the waiting process is reading: only those marked
    :func:`work_ahead.portable` are taken over, and the others are still
    done by the workers."""
    log = tmp_path / "ran"
    count = work_ahead.MINIMUM + 2
    mixed: list[work_ahead.Job] = [
        (("mixed", n), slowly if n % 2 else only_in_workers, (n, str(log)))
        for n in range(count)]
    assert work_ahead.start(mixed, workers=1) == count
    results = [work_ahead.take(("mixed", n)) for n in range(count)]
    assert [value for _, (value, _pid) in results] == list(range(count))
    here = {value for _, (value, pid) in results if pid == os.getpid()}
    assert here and all(value % 2 for value in here)
    assert sorted(int(line) for line in log.read_text().split()) == list(range(count))


@work_ahead.portable
def refuse_anywhere(value: int) -> int:
    raise ValueError(value)


def test_a_job_that_fails_where_it_was_taken_over_is_left_to_the_caller() -> None:
    failing: list[work_ahead.Job] = [(("bad", n), refuse_anywhere, (n,))
                                     for n in range(work_ahead.MINIMUM)]
    assert work_ahead.start(failing, workers=1) == work_ahead.MINIMUM
    assert [work_ahead.take(("bad", n)) for n in range(work_ahead.MINIMUM)] == [
        (False, None)] * work_ahead.MINIMUM


def test_too_few_jobs_start_no_process() -> None:
    assert work_ahead.start(jobs(work_ahead.MINIMUM - 1)) == 0
    assert work_ahead.take(("test", 0)) == (False, None)


def test_the_switch_turns_it_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(work_ahead.SWITCH, "0")
    assert work_ahead.start(jobs(work_ahead.MINIMUM)) == 0
    assert work_ahead.take(("test", 0)) == (False, None)


def test_a_job_started_twice_runs_once() -> None:
    assert work_ahead.start(jobs(work_ahead.MINIMUM)) == work_ahead.MINIMUM
    assert work_ahead.start(jobs(work_ahead.MINIMUM)) == 0
    assert work_ahead.started(("test", 0))


def test_a_failed_job_is_left_to_the_caller() -> None:
    failing: list[work_ahead.Job] = [(("bad", n), refuse, (n,)) for n in range(work_ahead.MINIMUM)]
    assert work_ahead.start(failing) == work_ahead.MINIMUM
    assert work_ahead.take(("bad", 3)) == (False, None)


def test_a_forked_process_cannot_wait_for_its_parents_work() -> None:
    work_ahead.start(jobs(work_ahead.MINIMUM))
    reader = os.fork()
    if reader == 0:  # as Sphinx's parallel readers are made
        found, _ = work_ahead.take(("test", 0))
        os._exit(0 if not found and not work_ahead.started(("test", 0)) else 1)
    _, status = os.waitpid(reader, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    assert work_ahead.take(("test", 0))[0]


def test_close_ends_every_worker_before_the_process_leaves() -> None:
    """The commands leave by ``os._exit``, which skips the pool's own handler:
    :func:`work_ahead.close` ends the workers first (one left waiting for work
    stayed alive for good, and held the command's output pipe open), and only
    them: the process's other children are not its to end."""
    other = multiprocessing.get_context("fork").Process(target=time.sleep, args=(30,))
    other.start()
    try:
        count = work_ahead.MINIMUM + 2
        assert work_ahead.start(jobs(count), workers=2) == count
        # Every result but the last: close() also drops what was never taken.
        made_by = {work_ahead.take(("test", n))[1][1] for n in range(count - 1)}
        workers = made_by - {os.getpid()}  # not those taken over here
        assert workers
        work_ahead.close()
        for pid in workers:  # ended, and reaped
            with pytest.raises(ProcessLookupError):
                os.kill(pid, 0)
        assert not work_ahead.started(("test", count - 1))
        other.join(timeout=0.2)  # a process ended by mistake would be gone by then
        assert other.is_alive()
    finally:
        other.terminate()
        other.join()
