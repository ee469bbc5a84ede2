"""``rulesref serve``: the site is built, served, and rebuilt in the same process
after an edit, with only the edited chapter's pages re-read."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOTS = Path(__file__).parent / "roots"


def wait_for(log: Path, pattern: str, proc: subprocess.Popen[bytes], timeout: float = 120
             ) -> re.Match[str]:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        found = re.search(pattern, log.read_text(encoding="utf-8", errors="replace"))
        if found:
            return found
        if proc.poll() is not None:
            raise AssertionError(f"serve ended ({proc.returncode}):\n{log.read_text()[-2000:]}")
        time.sleep(0.05)
    raise AssertionError(f"no {pattern!r} in time:\n{log.read_text()[-2000:]}")


def test_an_edit_is_rebuilt_in_the_running_server(tmp_path: Path) -> None:
    books = tmp_path / "books"
    shutil.copytree(ROOTS / "test-basic/books", books)
    out = tmp_path / "site"
    log = tmp_path / "serve.log"
    with log.open("w") as stream:
        proc = subprocess.Popen(
            [sys.executable, "-m", "rulesref.cli", "--books", str(books),
             "--examples", str(tmp_path / "none"), "serve", "--out", str(out),
             "--port", "0", "--once"],
            stdout=stream, stderr=subprocess.STDOUT, cwd=tmp_path,
        )
        try:
            served = wait_for(log, r"at (http://127\.0\.0\.1:\d+/)", proc)
            with urllib.request.urlopen(served[1] + "rules/mini/chpt_mini.html") as response:
                assert "Mini Rules" in response.read().decode("utf-8")
            chapter = books / "mini/mini.yaml"
            chapter.write_text(chapter.read_text(encoding="utf-8").replace(
                "This rule has a key", "This rule, edited while served, has a key"),
                encoding="utf-8")
            assert proc.wait(timeout=120) == 0
        finally:
            if proc.poll() is None:
                proc.kill()
    text = log.read_text(encoding="utf-8")
    assert re.search(r"rebuilt in \d+\.\d\d s after mini\.yaml", text), text[-2000:]
    assert "search index current" in text
    after = text.split("watching the sources", 1)[1]
    reread = set(re.findall(r"reading sources\.\.\. \[ *\d+%\] (\S+)", re.sub(r"\x1b\[[0-9;]*m",
                                                                             "", after)))
    assert reread == {"rules/mini/chpt_mini"}, after
    page = (out / "rules/mini/chpt_mini.html").read_text(encoding="utf-8")
    assert "edited while served" in page
