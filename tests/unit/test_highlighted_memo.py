"""Highlighted doctest blocks kept between builds
(:mod:`rulesref.sphinx.features.scenarios.highlighted`)."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from rulesref.sphinx.features.scenarios import highlighted


@pytest.fixture(autouse=True)
def _forget() -> None:
    highlighted._kept.clear()


def test_a_block_kept_by_one_process_is_found_by_the_next(tmp_path: Path) -> None:
    first = highlighted.kept(tmp_path)
    assert first.get("block") is None
    first.put("block", "<pre>html</pre>")
    first.store()
    highlighted._kept.clear()  # the next process
    assert highlighted.kept(tmp_path).get("block") == "<pre>html</pre>"
    assert highlighted.kept(tmp_path / "other").get("block") is None


def test_nothing_is_written_when_nothing_was_added(tmp_path: Path) -> None:
    kept = highlighted.kept(tmp_path)
    kept.store()
    assert not (tmp_path / highlighted.FILE).exists()
    kept.put("block", "html")
    kept.store()
    written = (tmp_path / highlighted.FILE).stat().st_mtime_ns
    assert kept.get("block") == "html"
    kept.store()  # only read since: not written again
    assert (tmp_path / highlighted.FILE).stat().st_mtime_ns == written


def test_a_file_made_by_other_versions_or_unreadable_counts_as_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    kept = highlighted.kept(tmp_path)
    kept.put("block", "html")
    kept.store()
    highlighted._kept.clear()
    monkeypatch.setattr(highlighted.pygments, "__version__", "0.0")
    assert highlighted.kept(tmp_path).get("block") is None
    monkeypatch.undo()
    highlighted._kept.clear()
    (tmp_path / highlighted.FILE).write_bytes(b"not a pickle")
    assert highlighted.kept(tmp_path).get("block") is None


def test_blocks_unused_for_many_writes_are_dropped(tmp_path: Path) -> None:
    kept = highlighted.kept(tmp_path)
    kept.put("old", "old html")
    kept.put("used", "used html")
    kept.store()
    for turn in range(highlighted.KEEP_BUILDS + 1):
        highlighted._kept.clear()
        kept = highlighted.kept(tmp_path)
        assert kept.get("used") == "used html"
        kept.put(f"new {turn}", "html")
        kept.store()
    stored = pickle.loads((tmp_path / highlighted.FILE).read_bytes())
    assert "used" in stored[2] and "old" not in stored[2]
    assert f"new {highlighted.KEEP_BUILDS}" in stored[2]
