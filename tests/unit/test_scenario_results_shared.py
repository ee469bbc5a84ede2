"""Scenario results shared between processes (``RULESREF_SCENARIO_RESULTS``):
a result another process stored is used instead of running the scenario again,
and only for the same text, engine and shown name."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from rulesref import scenario_runs
from rulesref.scenario_runs import RunResult, engine_digest, run_for_page_memo, run_key
from rulesref.scenarios import load_scenario

FAILING = """---
rules: [rule_a]
---

# Two and two

```{doctest}
>>> 2 + 2
5
```
"""


@pytest.fixture
def runs(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[list[str]]:
    """The scenarios this process really runs, with a shared folder of its own
    and an empty per-process memo."""
    ran: list[str] = []
    real = scenario_runs.run_doctest_block

    def counting(block, path, namespace, *args):  # type: ignore[no-untyped-def]
        ran.append(path)
        return real(block, path, namespace, *args)

    monkeypatch.setattr(scenario_runs, "run_doctest_block", counting)
    monkeypatch.setenv(scenario_runs.SHARED_RESULTS, str(tmp_path / "shared"))
    scenario_runs.clear_memo()
    yield ran
    scenario_runs.clear_memo()


def result_of(path: Path, display: str = "examples/book/two.md") -> RunResult:
    scenario = load_scenario(path)
    return run_for_page_memo(scenario, display, run_key(scenario, engine_digest()))


def scenario_file(tmp_path: Path, text: str = FAILING) -> Path:
    path = tmp_path / "examples/book/two.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_another_process_uses_the_stored_result(runs: list[str], tmp_path: Path) -> None:
    path = scenario_file(tmp_path)
    # Another process runs the scenario and stores its result...
    code = ("import sys; from rulesref.scenario_runs import *; from rulesref.scenarios import "
            "load_scenario; s = load_scenario(sys.argv[1]); "
            "print(run_for_page_memo(s, 'examples/book/two.md', "
            "run_key(s, engine_digest())).failures)")
    env_run = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True,
                             text=True, check=True)
    assert env_run.stdout.strip() == "1"
    assert len(list((tmp_path / "shared").glob("*.json"))) == 1
    # ... and this one shows it without running anything.
    shown = result_of(path)
    assert runs == []
    assert shown.failures == 1 and not shown.passed
    assert "Expected:\n    5\nGot:\n    4" in shown.report
    assert shown.line == 8  # the failing example's line


def test_a_changed_text_or_name_runs_again(runs: list[str], tmp_path: Path) -> None:
    path = scenario_file(tmp_path)
    assert result_of(path).failures == 1
    assert len(runs) == 1
    scenario_runs.clear_memo()
    assert result_of(path).failures == 1 and len(runs) == 1  # from the folder
    scenario_runs.clear_memo()
    assert result_of(path, "elsewhere/two.md").failures == 1 and len(runs) == 2
    path.write_text(FAILING.replace("5\n```", "4\n```"), encoding="utf-8")
    scenario_runs.clear_memo()
    fixed = result_of(path)
    assert fixed.passed and len(runs) == 3


def test_a_stored_result_is_not_started_ahead(runs: list[str], tmp_path: Path) -> None:
    """A build starts in worker processes only the runs no process has stored."""
    path = scenario_file(tmp_path)
    scenario = load_scenario(path)
    job = (scenario, "examples/book/two.md", run_key(scenario, engine_digest()))
    assert len(scenario_runs.run_jobs([job])) == 1
    result_of(path)
    scenario_runs.clear_memo()
    assert scenario_runs.run_jobs([job]) == []


def test_a_damaged_result_is_run_again(runs: list[str], tmp_path: Path) -> None:
    path = scenario_file(tmp_path)
    result_of(path)
    (stored,) = (tmp_path / "shared").glob("*.json")
    for damage in ("{not json", '{"failures": "1", "report": "", "line": 1}', "[]"):
        stored.write_text(damage, encoding="utf-8")
        scenario_runs.clear_memo()
        runs.clear()
        assert result_of(path).failures == 1
        assert len(runs) == 1


def test_a_scenario_another_process_is_running_is_waited_for(
        runs: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = scenario_file(tmp_path)
    result_of(path)
    (stored,) = (tmp_path / "shared").glob("*.json")
    assert not list((tmp_path / "shared").glob("*.claim"))  # given back once stored
    # Another process has claimed the scenario and stores its result later.
    report = stored.read_text(encoding="utf-8")
    stored.unlink()
    claim = stored.with_name(stored.name + ".claim")
    claim.touch()
    timer = threading.Timer(0.3, stored.write_text, (report,), {"encoding": "utf-8"})
    timer.start()
    scenario_runs.clear_memo()
    runs.clear()
    try:
        assert result_of(path).failures == 1
    finally:
        timer.join()
    assert runs == []
    # A claim whose result never comes (its process died) is run here after a while.
    stored.unlink()
    monkeypatch.setattr(scenario_runs, "CLAIM_PATIENCE", 0.2)
    scenario_runs.clear_memo()
    assert result_of(path).failures == 1
    assert len(runs) == 1 and stored.is_file()


@pytest.fixture
def kept_runs(runs: list[str], monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """As :func:`runs`, without a shared folder: the commands keep results in
    their cache instead."""
    monkeypatch.delenv(scenario_runs.SHARED_RESULTS)
    return runs


def test_results_kept_by_a_command_are_taken_by_the_next(kept_runs: list[str],
                                                         tmp_path: Path) -> None:
    path, cache = scenario_file(tmp_path), tmp_path / "cache"
    with scenario_runs.keeping_results(cache):
        first = result_of(path)
    assert first.failures == 1 and len(kept_runs) == 1
    # Outside the block nothing is kept or looked up.
    assert not scenario_runs._KEPT
    scenario_runs.clear_memo()  # as a new process
    with scenario_runs.keeping_results(cache):
        again = result_of(path)
    assert len(kept_runs) == 1 and (again.failures, again.report) == (first.failures, first.report)
    # Kept per Python version, and never with a claim left behind.
    (version,) = (cache).iterdir()
    assert version.name.endswith(f"-{sys.version_info[0]}.{sys.version_info[1]}")
    assert [p.suffix for p in version.iterdir()] == [".json"]
    # Another text is another result.
    scenario_runs.clear_memo()
    scenario_file(tmp_path, FAILING.replace("5", "4"))
    with scenario_runs.keeping_results(cache):
        assert result_of(path).failures == 0
    assert len(kept_runs) == 2


def test_kept_results_not_written_for_a_month_are_removed(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    with scenario_runs.keeping_results(cache):
        folder = scenario_runs._KEPT[0]
    folder.mkdir(parents=True)
    old, recent, other = folder / "old.json", folder / "recent.json", folder / "notes.txt"
    for file in (old, recent, other):
        file.write_text("{}", encoding="utf-8")
    month_ago = time.time() - (scenario_runs.KEPT_DAYS + 1) * 86400
    os.utime(old, (month_ago, month_ago))
    os.utime(other, (month_ago, month_ago))
    with scenario_runs.keeping_results(cache):
        pass
    assert not old.exists() and recent.exists() and other.exists()


def test_the_commands_keep_their_results_in_their_cache(kept_runs: list[str], tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """``rulesref check``, ``export`` and ``scenarios`` run a scenario once, not
    at every command (their cache folder: ``$RULESREF_CACHE_DIR/results``)."""
    from rulesref.cli.scenarios import run_scenarios
    from rulesref.read_cache import CACHE_DIR_VARIABLE

    monkeypatch.setenv(CACHE_DIR_VARIABLE, str(tmp_path / "cache"))
    scenario = load_scenario(scenario_file(tmp_path))
    first = run_scenarios([scenario])[scenario]
    scenario_runs.clear_memo()  # as the next command's process
    again = run_scenarios([scenario])[scenario]
    assert len(kept_runs) == 1 and again.report == first.report and first.failures == 1
    assert any((tmp_path / "cache" / "results").rglob("*.json"))


def test_a_build_from_scratch_takes_the_results_kept_before(
        kept_runs: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``rulesref build`` keeps the results it runs and takes them when its
    doctree folder is gone (a clean build, a CI machine with the cache kept)."""
    from rulesref.cli import main
    from rulesref.read_cache import CACHE_DIR_VARIABLE

    monkeypatch.setenv(CACHE_DIR_VARIABLE, str(tmp_path / "cache"))
    book = tmp_path / "books" / "book"
    book.mkdir(parents=True)
    (book / "one.yaml").write_text(
        "chapter: chpt_one\ntext: One\nsections:\n- section: sec_one\n  text: S\n  rules:\n"
        "  - rule: rule_a\n    text: A rule.\n", encoding="utf-8")
    (book / "book.toml").write_text(
        'title = "Book"\nformat = "cr-yaml"\n[[chapters]]\nfile = "one.yaml"\nnumber = 1\n',
        encoding="utf-8")
    scenario_file(tmp_path)  # examples/book/two.md, about rule_a
    args = ["--books", str(tmp_path / "books"), "--examples", str(tmp_path / "examples"),
            "--no-library", "build"]
    assert main(args) == 0 and kept_runs
    ran = len(kept_runs)
    for built in (tmp_path / "books").rglob("_build"):
        shutil.rmtree(built)
    scenario_runs.clear_memo()
    assert main(args) == 0 and len(kept_runs) == ran
