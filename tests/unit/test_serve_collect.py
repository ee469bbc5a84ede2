"""``rulesref serve`` collects a rebuild's garbage once the rebuild is out: the
collector is off while Sphinx rebuilds, and runs after the search index is
current (before, its pass delayed the "rebuilt" line and the search index)."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from typing import Any

import pytest

from rulesref.cli import serve
from rulesref.sphinx import live
from rulesref.sphinx.features import search


class FakeApp:
    def __init__(self, events: list[str], *, fail: bool = False) -> None:
        self.events = events
        self.fail = fail

    def build(self) -> None:
        self.events.append(f"build (collector {'on' if gc.isenabled() else 'off'})")
        if self.fail:
            raise RuntimeError("the build broke")


@pytest.fixture
def events(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """What the watch loop does, in order, with one edit to see."""
    seen: list[str] = []
    snapshots = iter([{"a.yaml": (2, 1)}])
    monkeypatch.setattr(serve, "POLL_SECONDS", 0)
    monkeypatch.setattr(live, "snapshot", lambda app: next(snapshots, {"a.yaml": (2, 1)}))
    monkeypatch.setattr(live, "reload_sources", lambda app: seen.append("reload"))
    monkeypatch.setattr(search, "indexing", lambda app: False)
    monkeypatch.setattr(serve, "_search_done", lambda app, start: seen.append("search done"))
    real_collect = gc.collect

    def collect(*args: Any) -> int:
        seen.append(f"collect (collector {'on' if gc.isenabled() else 'off'})")
        return real_collect(*args)

    monkeypatch.setattr(gc, "collect", collect)
    was_enabled = gc.isenabled()
    gc.enable()
    try:
        yield seen
    finally:
        if not was_enabled:
            gc.disable()


def test_the_collection_waits_until_the_rebuild_is_out(
        events: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    serve._watch(FakeApp(events), {"a.yaml": (1, 1)}, once=True)
    assert events == ["reload", "build (collector off)", "search done", "collect (collector on)"]
    assert gc.isenabled()
    assert "rebuilt in" in capsys.readouterr().out


def test_a_failed_rebuild_turns_the_collector_back_on(events: list[str]) -> None:
    with pytest.raises(RuntimeError, match="the build broke"):
        serve._watch(FakeApp(events, fail=True), {"a.yaml": (1, 1)}, once=True)
    assert events == ["reload", "build (collector off)", "collect (collector on)"]
    assert gc.isenabled()
