"""Browser tests: the real site, served on loopback, in Debian's headless Chromium.

Playwright drives ``/usr/bin/chromium`` (never a downloaded browser).  Where
Chromium is missing the tests are skipped, unless ``RULESREF_REQUIRE_BROWSER``
is set (CI sets it), in which case they fail: CI must not pass by skipping.
The ``browser`` fixture (one Chromium per test process) is in tests/conftest.py.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from docs_site import DocsSite
from serving import serve

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def site_dir(docs_site: DocsSite) -> Path:
    """The real site, built once per session (``docs_site`` in tests/conftest.py)."""
    return docs_site.html


@pytest.fixture(scope="session")
def site_url(site_dir: Path) -> Iterator[str]:
    with serve(site_dir) as url:
        yield url


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
