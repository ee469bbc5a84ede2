"""What every browser test needs: Debian's Chromium, and a built site served on
loopback (a free port, no request log)."""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = os.environ.get("RULESREF_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def require_chromium() -> None:
    """Skip without Chromium, except where CI requires the browser tests."""
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        if os.environ.get("RULESREF_REQUIRE_BROWSER"):
            pytest.fail(f"Chromium not found at {CHROMIUM}; CI must run the browser tests")
        pytest.skip(f"Chromium not found at {CHROMIUM} (apt-get install chromium)")


class _Quiet(http.server.SimpleHTTPRequestHandler):
    # Connections kept alive (``python -m http.server --protocol HTTP/1.1``):
    # a page's files come over a few connections instead of one each.  The
    # headers and the body are two writes, so without TCP_NODELAY the second
    # waits for the client's delayed acknowledgement (40 ms a response).
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True

    def log_message(self, format: str, *args: object) -> None:
        pass


@contextmanager
def serve(folder: Path | str) -> Iterator[str]:
    """``folder`` over HTTP on 127.0.0.1 for as long as the block runs; yields its URL."""
    handler = functools.partial(_Quiet, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@contextmanager
def closed_network() -> Iterator[list[str]]:
    """Chromium's arguments for a network with nothing but 127.0.0.1 on it, for as
    long as the block runs: the site must be self-contained.

    Every other address (``localhost`` and ``::1`` too) goes to a proxy on a
    port that is bound but never listens, so the request fails at once.  The
    browser's network stack applies the rule; a Playwright route did the same
    for each context by a round trip to this process for every request.
    """
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
        yield [f"--proxy-server=http://127.0.0.1:{port}",
               "--proxy-bypass-list=<-loopback>;127.0.0.1"]


class Tabs:
    """One browser tab per kind of screen (size, colour scheme), kept for the
    whole test process and handed to one test after another.

    A new context costs Chromium a new renderer process, some 0.2 s of CPU per
    test more than navigating a tab already open.  Nothing a test did may reach
    the next one, so :meth:`give_back` clears the storage of every origin the
    tab visited (the theme and the new-text switch remember the reader's choice
    in ``localStorage``), puts the mouse back where a new tab has it, and
    renames the page's address to one no test opens, so that the next test's
    first ``goto`` always loads a new document (a ``goto`` that changed only the
    ``#fragment`` would keep the old one).  A tab it cannot return to that state
    is closed with its context.  Tests that change more than that (permissions,
    emulated media) open their own context instead.
    """

    def __init__(self, browser: Any) -> None:
        self.browser = browser
        self.open: dict[tuple[int, int, str], tuple[Any, set[str]]] = {}
        self.lent: set[tuple[int, int, str]] = set()

    def take(self, size: dict[str, int], *, dark: bool = False) -> Any:
        """The tab for this size and scheme, or a tab of its own if another
        test holds that one."""
        key = (size["width"], size["height"], "dark" if dark else "light")
        if key in self.lent:
            return self.browser.new_context(viewport=size, color_scheme=key[2]).new_page()
        if key not in self.open:
            context = self.browser.new_context(viewport=size, color_scheme=key[2])
            page = context.new_page()
            origins: set[str] = set()

            def visited(frame: Any) -> None:
                if frame.parent_frame is None and frame.url.startswith("http"):
                    origins.add("/".join(frame.url.split("/", 3)[:3]))

            page.on("framenavigated", visited)
            self.open[key] = (page, origins)
        self.lent.add(key)
        return self.open[key][0]

    def give_back(self, page: Any) -> None:
        key = next((k for k, (p, _) in self.open.items() if p is page), None)
        if key is None or key not in self.lent:
            page.context.close()
            return
        self.lent.discard(key)
        _, origins = self.open[key]
        try:
            page.mouse.move(0, 0)
            if page.url.startswith("http"):
                page.evaluate("history.replaceState(null, '', '/__a_tab_given_back__')")
            else:
                page.goto("about:blank")
            cdp = page.context.new_cdp_session(page)
            for origin in sorted(origins):
                cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
            cdp.detach()
            origins.clear()
        except Exception:
            del self.open[key]
            page.context.close()

    def close(self) -> None:
        for page, _ in self.open.values():
            page.context.close()
        self.open.clear()


#: True once the fonts are in and no transition or animation is running (an
#: endless one, such as a spinner, never finishes and does not count).
SETTLED = """() => document.fonts.status === "loaded" && document.getAnimations().every(
    (a) => a.playState !== "running" || a.effect.getComputedTiming().iterations === Infinity)"""


def settle(page: Any) -> None:
    """Wait until the page looks as it will stay: what a fixed pause guessed at."""
    page.wait_for_function(SETTLED, timeout=10_000)


def _luminance(css: str) -> float:
    channels = [float(c) / 255 for c in css[css.index("(") + 1:-1].split(",")[:3]]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(colour: str, background: str) -> float:
    """WCAG contrast ratio of two computed CSS colours (``rgb(r, g, b)``)."""
    light, dark = sorted((_luminance(colour), _luminance(background)), reverse=True)
    return (light + 0.05) / (dark + 0.05)
