"""Scenarios run without doctest's per-run debugger (rulesref.doctest_runs)."""

from __future__ import annotations

import doctest
import linecache
from typing import Any

import pytest

from rulesref.scenarios import DoctestBlock, run_doctest_block

REFUSED = '''>>> def refuse():
...     raise ValueError("refused")
>>> refuse()
Traceback (most recent call last):
ValueError: refused
>>> 1 + 1
2
'''


def block(source: str) -> DoctestBlock:
    return DoctestBlock(source, 1, 0, len(source))


def test_a_run_does_not_look_at_every_source_file_seen(monkeypatch: pytest.MonkeyPatch) -> None:
    """doctest's debugger called ``linecache.checkcache()`` for every run,
    which looks at every source file a traceback has shown."""
    whole: list[Any] = []
    check = linecache.checkcache

    def counting(filename: str | None = None) -> None:
        if filename is None:
            whole.append(filename)
        check(filename)

    monkeypatch.setattr(linecache, "checkcache", counting)
    for _ in range(3):
        assert run_doctest_block(block(REFUSED), "scenario.md", {}) == (0, "")
    assert whole == []


def test_a_set_trace_left_in_a_scenario_does_not_stop_it() -> None:
    source = ">>> import pdb\n>>> pdb.set_trace()\n>>> 2 * 21\n42\n"
    assert run_doctest_block(block(source), "scenario.md", {}) == (0, "")


def test_doctest_is_left_as_it_was() -> None:
    made = doctest._OutputRedirectingPdb  # type: ignore[attr-defined]
    failed, report = run_doctest_block(block(">>> 1\n2\n"), "scenario.md", {})
    assert failed == 1 and "Expected:" in report
    assert doctest._OutputRedirectingPdb is made  # type: ignore[attr-defined]
