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
from serving import Tabs, serve

ROOT = Path(__file__).resolve().parents[2]
DESKTOP = {"width": 1280, "height": 900}


@pytest.fixture(scope="session")
def site_dir(docs_site: DocsSite) -> Path:
    """The real site, built once per session (``docs_site`` in tests/conftest.py)."""
    return docs_site.html


@pytest.fixture(scope="session")
def site_url(site_dir: Path) -> Iterator[str]:
    with serve(site_dir) as url:
        yield url


@pytest.fixture
def page(tabs: Tabs) -> Iterator[object]:
    """A desktop tab (1280x900), blank and with no stored state when the test
    gets it (serving.Tabs).  The browser reaches nothing but loopback, so the
    site must be self-contained (``browser`` in tests/conftest.py)."""
    page = tabs.take(DESKTOP)
    try:
        yield page
    finally:
        tabs.give_back(page)
