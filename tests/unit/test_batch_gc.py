"""The collector's thresholds are raised for a batch of work and put back after it."""

from __future__ import annotations

import argparse
import gc

import pytest

from rulesref import batch_gc
from rulesref.cli import main


@pytest.fixture(autouse=True)
def default_thresholds() -> object:
    before = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    yield
    gc.set_threshold(*before)


def test_a_batch_raises_the_thresholds_and_puts_back_the_ones_it_found() -> None:
    gc.set_threshold(1234, 5, 6)
    with batch_gc.batch():
        assert gc.get_threshold() == batch_gc.BATCH_THRESHOLDS
        batch_gc.begin()  # a batch inside a batch keeps the thresholds found first
    assert gc.get_threshold() == (1234, 5, 6)
    batch_gc.end()  # nothing raised: nothing to put back
    assert gc.get_threshold() == (1234, 5, 6)


def test_a_failing_batch_puts_them_back_too() -> None:
    with pytest.raises(ValueError), batch_gc.batch():
        raise ValueError
    assert gc.get_threshold() == (700, 10, 10)


def test_a_command_is_a_batch_but_the_server_is_not(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, tuple[int, int, int]] = {}

    def record(name: str):  # type: ignore[no-untyped-def]
        def command(args: argparse.Namespace) -> int:
            seen[name] = gc.get_threshold()
            return 0
        return command

    monkeypatch.setattr("rulesref.cli.check.cmd_check", record("check"))
    monkeypatch.setattr("rulesref.cli.serve.cmd_serve", record("serve"))
    assert main(["check"]) == 0
    assert seen["check"] == batch_gc.BATCH_THRESHOLDS
    assert gc.get_threshold() == (700, 10, 10)
    assert main(["serve", "--once"]) == 0
    assert seen["serve"] == (700, 10, 10), "the server collects as usual between rebuilds"
