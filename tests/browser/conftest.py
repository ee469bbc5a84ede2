"""Browser tests: the real site, served on loopback, in Debian's headless Chromium.

Playwright drives ``/usr/bin/chromium`` (never a downloaded browser).  Where
Chromium is missing the tests are skipped, unless ``RULESREF_REQUIRE_BROWSER``
is set (CI sets it), in which case they fail: CI must not pass by skipping.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from docs_site import DocsSite
from serving import CHROMIUM, require_chromium, serve

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session")
def site_dir(docs_site: DocsSite) -> Path:
    """The real site, built once per session (``docs_site`` in tests/conftest.py)."""
    return docs_site.html


@pytest.fixture(scope="session")
def site_url(site_dir: Path) -> Iterator[str]:
    with serve(site_dir) as url:
        yield url


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    require_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        try:
            yield instance
        finally:
            instance.close()


@pytest.fixture
def page(browser: object) -> Iterator[object]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})  # type: ignore[attr-defined]
    # The closed network: anything not on loopback is blocked, so the site must be self-contained.
    context.route("**/*", lambda route: route.continue_()
                  if route.request.url.startswith(("http://127.0.0.1", "data:"))
                  else route.abort())
    page = context.new_page()
    try:
        yield page
    finally:
        context.close()
