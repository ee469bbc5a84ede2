"""Hover and focus previews of rules and cards, in headless Chromium."""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sphinx.testing.util import SphinxTestApp
from sphinx_site import BASIC

pytestmark = pytest.mark.browser
CHROMIUM = os.environ.get("RULESREF_CHROMIUM", "/usr/bin/chromium")


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture
def browser_page(app: SphinxTestApp) -> Iterator[tuple[Any, str]]:
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        if os.environ.get("RULESREF_REQUIRE_BROWSER"):
            pytest.fail(f"Chromium not found at {CHROMIUM}")
        pytest.skip(f"Chromium not found at {CHROMIUM} (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    app.build()
    handler = functools.partial(_Quiet, directory=str(app.outdir))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                                 args=["--no-sandbox", "--disable-gpu"])
            page = browser.new_page()
            try:
                yield page, f"http://127.0.0.1:{server.server_address[1]}"
            finally:
                browser.close()
    finally:
        server.shutdown()
        server.server_close()


@BASIC
def test_hovering_or_focusing_a_reference_previews_the_rule(
        browser_page: tuple[Any, str]) -> None:
    page, url = browser_page
    page.goto(f"{url}/rules/netrunner-cr/chpt_game_zones.html")
    link = page.locator("#rule_move_between_zones a.rr-ref").first
    link.hover()
    preview = page.locator("#rr-preview")
    preview.wait_for(state="visible", timeout=5_000)
    assert preview.get_attribute("role") == "tooltip"
    assert preview.locator(".rr-preview-head").inner_text() == "Section 8.2"
    assert link.get_attribute("aria-describedby") == "rr-preview"
    page.mouse.move(0, 0)
    preview.wait_for(state="hidden", timeout=5_000)

    other = page.locator("#rule_public_zone a.rr-ref").first  # section 8.1
    other.focus()
    preview.wait_for(state="visible", timeout=5_000)
    assert preview.locator(".rr-preview-head").inner_text() == "Section 8.1"
    assert preview.locator("p").inner_text() == "Faceup and Facedown Status"
    page.keyboard.press("Escape")
    preview.wait_for(state="hidden", timeout=5_000)


@BASIC
def test_card_facts_show_on_focus(browser_page: tuple[Any, str]) -> None:
    page, url = browser_page
    page.goto(f"{url}/rules/netrunner-cr/chpt_card_manipulation.html")
    card = page.locator("#sec_replacing_movements-example-1 a.rr-card").first
    card.focus()
    preview = page.locator("#rr-preview")
    preview.wait_for(state="visible", timeout=5_000)
    assert preview.locator(".rr-preview-head").inner_text() == "Harbinger"
    assert preview.locator("p").inner_text().startswith("Runner, Program")
    assert card.get_attribute("title") is None  # the popover, not also the browser's tooltip
