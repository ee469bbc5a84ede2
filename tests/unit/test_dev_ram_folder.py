"""``dev.py test`` keeps the run's temporary files in a RAM folder only when it
is safe: the user's own folder there (never another user's, never a link
planted in its place), with room to spare, and never over a ``TMPDIR`` the
user chose."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from types import ModuleType

import pytest

REPO = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(not hasattr(os, "getuid"), reason="a POSIX machine's /dev/shm")


@pytest.fixture
def dev(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location("rulesref_dev_script", REPO / "dev.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    ram = tmp_path / "shm"
    ram.mkdir()
    monkeypatch.setattr(module, "RAM", ram)
    monkeypatch.delenv("TMPDIR", raising=False)
    return module


def mine(dev: ModuleType) -> Path:
    return Path(dev.RAM) / f"rulesref-tests-{os.getuid()}"


def test_the_users_own_folder_is_made_and_used(dev: ModuleType) -> None:
    folder = dev.ram_folder()
    assert folder == mine(dev) and folder.is_dir()
    assert folder.stat().st_mode & 0o777 == 0o700
    assert dev.ram_folder() == folder  # and used again


def test_a_tmpdir_of_the_users_own_wins(dev: ModuleType,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TMPDIR", "/somewhere/else")
    assert dev.ram_folder() is None
    assert not mine(dev).exists()


def test_a_link_planted_in_its_place_is_never_used(dev: ModuleType, tmp_path: Path) -> None:
    elsewhere = tmp_path / "theirs"
    elsewhere.mkdir()
    mine(dev).symlink_to(elsewhere)
    assert dev.ram_folder() is None


@pytest.mark.skipif(os.getuid() != 0, reason="only root can give a folder to another user")
def test_another_users_folder_is_never_used(dev: ModuleType) -> None:
    folder = mine(dev)
    folder.mkdir()
    os.chown(folder, 12345, 12345)
    assert dev.ram_folder() is None


def test_too_little_room_keeps_the_default(dev: ModuleType,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    real = os.statvfs(dev.RAM)

    class Small:
        f_frsize = real.f_frsize
        f_bavail = (1024**3) // real.f_frsize  # 1 GiB free: under the 2 GiB asked for

    monkeypatch.setattr(os, "statvfs", lambda path: Small())
    assert dev.ram_folder() is None
