"""A cache file is replaced whole or not at all, and a failed write leaves no
partial file beside it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from rulesref.atomic_files import replace_atomically


def test_the_file_is_made_with_its_folder_and_replaced(tmp_path: Path) -> None:
    path = tmp_path / "new" / "entry.json"
    replace_atomically(path, b"first")
    replace_atomically(path, b"second")
    assert path.read_bytes() == b"second"
    assert os.listdir(path.parent) == ["entry.json"]


def test_a_failed_write_keeps_the_old_file_and_leaves_nothing_else(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "entry.json"
    replace_atomically(path, b"old")

    def broken(source: str, target: str) -> None:
        raise OSError("the disk is full")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError, match="the disk is full"):
        replace_atomically(path, b"new")
    assert path.read_bytes() == b"old"
    assert os.listdir(tmp_path) == ["entry.json"]


def test_a_kept_pickle_comes_back_and_a_broken_one_is_absent(tmp_path: Path) -> None:
    from rulesref.atomic_files import load_pickle, store_pickle

    path = tmp_path / "kept" / "value.pickle"
    store_pickle(path, {"records": ["a", "b"]})
    assert load_pickle(path) == {"records": ["a", "b"]}
    path.write_bytes(path.read_bytes()[:5])  # truncated
    assert load_pickle(path) is None
    assert load_pickle(tmp_path / "missing.pickle") is None
    store_pickle(tmp_path / "lambda.pickle", lambda: None)  # cannot be pickled: nothing
    assert not (tmp_path / "lambda.pickle").exists()
    assert [p.name for p in tmp_path.iterdir()] == ["kept"]  # no partial file left
