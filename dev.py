#!/usr/bin/env python3
"""One entry point for a fresh machine that has only Python 3.11+.

    python3 dev.py site   # build the site and serve it on http://127.0.0.1:8000
    python3 dev.py test   # lint, type-check and run every test

It creates ``.venv`` and installs the project with its test extra the first
time (and again whenever pyproject.toml changes), so neither command needs
anything installed by hand.  Browser tests use Debian's Chromium
(``apt-get install chromium``); ``.ci/run`` installs it in CI.
"""

from __future__ import annotations

import functools
import hashlib
import http.server
import os
import signal
import subprocess
import sys
import threading
import time
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
STAMP = VENV / ".rulesref-installed"
SITE = ROOT / "docs" / "_build" / "html"
#: Linux's RAM file system, where the test run keeps its temporary files if it can.
RAM = Path("/dev/shm")


def run(*command: str | Path, env: dict[str, str] | None = None) -> None:
    print("+", " ".join(str(part) for part in command), flush=True)
    result = subprocess.run([str(part) for part in command], cwd=ROOT, check=False, env=env)
    if result.returncode:
        raise SystemExit(result.returncode)


def ensure_venv() -> None:
    if sys.version_info < (3, 11):  # noqa: UP036 (dev.py may run under an older python3)
        raise SystemExit("rulesref needs Python 3.11 or newer")
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if STAMP.exists() and STAMP.read_text() == wanted:
        return
    if not (BIN / "python").exists():
        print(f"creating {VENV}", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    # The installer is quiet (its own lines would bury everything else), so say
    # what the wait is for.
    print("installing rulesref and its test tools into .venv (once, and again whenever "
          "pyproject.toml changes)", flush=True)
    install()
    STAMP.write_text(wanted)


def install() -> None:
    """The project and its test extra, with uv where it can be had: on a fresh
    clone pip took 65 to 85 s to resolve, download and install them, uv 16 s
    (uv itself included), a third of the test command's time.  Where uv cannot
    be installed (no wheel for the platform, say), pip does it all."""
    pip = [BIN / "python", "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    if subprocess.run([*map(str, pip), "uv"], cwd=ROOT, check=False).returncode == 0:
        uv = [BIN / "python", "-m", "uv", "pip", "install", "--quiet", "--python", BIN / "python"]
        if subprocess.run([*map(str, uv), "-e", ".[test]"], cwd=ROOT, check=False).returncode == 0:
            return
        print("uv could not install the project: pip will", flush=True)
    run(BIN / "python", "-m", "pip", "install", "--quiet", "--upgrade", "pip")
    run(BIN / "python", "-m", "pip", "install", "--quiet", "-e", ".[test]")


def with_bytecode() -> dict[str, str]:
    """This environment for the project's Python processes, but keeping the
    bytecode they compile: where PYTHONDONTWRITEBYTECODE is set, every process
    compiles Sphinx, docutils, Pygments and the project from source again (the
    installer, uv, leaves them uncompiled), which more than doubled a one-word
    rebuild of the real rulebook (4.7 s against 2.0 s).  The bytecode goes to
    __pycache__ folders, which git ignores."""
    return {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def site(args: list[str]) -> None:
    ensure_venv()
    run(BIN / "rulesref", "build", "--strict", env=with_bytecode())
    if "--no-serve" in args:
        return
    port = int(os.environ.get("PORT", "8000"))
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(SITE))
    with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as server:
        print(f"serving the site at http://127.0.0.1:{port}/ (Ctrl-C to stop)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            print()


def test(args: list[str]) -> None:
    ensure_venv()
    run(BIN / "ruff", "check", "src", "tests", "conftest.py", "dev.py", "tools", "benchmarks")
    # The type check and the layer contracts take some seconds (mypy has no
    # cache on a fresh clone); they run beside pytest, whose first seconds
    # (collecting, starting its workers) leave a core idle.  Their output is
    # shown when they end, and a failure stops pytest at once.
    checks = [Check(BIN / "mypy"), Check(BIN / "lint-imports", "--no-cache")]
    # Two cores halve the wall time: pytest-xdist runs the tests in one worker per
    # core (``-n 0`` or ``-p no:xdist`` on the command line runs them in one process).
    # ``loadgroup`` keeps the tests that read one Sphinx test site on one worker,
    # so each site is built once (tests/conftest.py).
    workers = [] if any(a.startswith(("-n", "--numprocesses", "-pno:xdist")) or a == "no:xdist"
                        for a in args) else ["-n", "auto", "--dist", "loadgroup"]
    # The run starts some twenty Python processes (two workers, Sphinx builds, the
    # command line): each would also re-do pytest's assertion rewriting from source.
    env = with_bytecode()
    ram = ram_folder()
    if ram is not None:
        env["TMPDIR"] = str(ram)
    tests = [str(BIN / "python"), "-m", "pytest", *workers, *args]
    print("+", " ".join(tests), flush=True)
    pytest = subprocess.Popen(tests, cwd=ROOT, env=env)
    failed = None
    while pytest.poll() is None and failed is None:
        failed = next((check for check in checks if check.done() and check.failed), None)
        time.sleep(0.1)
    if failed is not None:
        print(f"\n{Path(failed.command[0]).name} failed: stopping the tests", flush=True)
        # As Ctrl-C would: pytest stops its workers and reports what ran.
        pytest.send_signal(signal.SIGINT if os.name == "posix" else signal.SIGTERM)
        pytest.wait()
        failed.report()
        raise SystemExit(failed.returncode)
    for check in checks:
        check.wait()
        check.report()
    code = next((check.returncode for check in checks if check.failed), pytest.returncode)
    if code:
        raise SystemExit(code)


class Check:
    """A static check run in the background, its output kept for the end."""

    def __init__(self, *command: str | Path) -> None:
        self.command = [str(part) for part in command]
        self.output = b""
        self.process = subprocess.Popen(self.command, cwd=ROOT, stdout=subprocess.PIPE,
                                        stderr=subprocess.STDOUT)
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        self.output = self.process.stdout.read()

    def done(self) -> bool:
        return self.process.poll() is not None

    def wait(self) -> None:
        self.process.wait()
        self.reader.join()

    @property
    def returncode(self) -> int:
        return self.process.returncode or 0

    @property
    def failed(self) -> bool:
        return self.done() and self.returncode != 0

    def report(self) -> None:
        self.wait()
        print("+", " ".join(self.command), flush=True)
        sys.stdout.buffer.write(self.output)
        sys.stdout.flush()


def ram_folder() -> Path | None:
    """Where the test run keeps its temporary files: a folder of this user's in
    ``/dev/shm`` when that is a RAM file system with room to spare, else the
    system's default.  The run writes some thousands of files (every site it
    builds), which cost a tenth of its time on a virtual disk.  pytest keeps the
    last run's folder only (``tmp_path_retention_count`` in pyproject.toml), some
    200 MB.  A ``TMPDIR`` of the user's own always wins."""
    shm = RAM
    if "TMPDIR" in os.environ or not hasattr(os, "getuid") or not shm.is_dir():
        return None
    try:
        space = os.statvfs(shm)
        if space.f_bavail * space.f_frsize < 2 * 1024**3:
            return None
        folder = shm / f"rulesref-tests-{os.getuid()}"
        folder.mkdir(mode=0o700, exist_ok=True)
        status = folder.lstat()
    except OSError:
        return None
    # Another user's folder, or a link planted in its place, is never used.
    if status.st_uid != os.getuid() or not folder.is_dir() or folder.is_symlink():
        return None
    return folder


def main() -> None:
    commands = {"site": site, "test": test}
    if len(sys.argv) < 2 or sys.argv[1] not in commands:
        raise SystemExit(__doc__)
    commands[sys.argv[1]](sys.argv[2:])


if __name__ == "__main__":
    main()
