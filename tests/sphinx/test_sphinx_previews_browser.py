"""Hover and focus previews of rules and cards, in headless Chromium.

The browser is the test process's one Chromium (``browser``, tests/conftest.py).
"""

from __future__ import annotations

from typing import Any

import pytest
from sphinx.testing.util import SphinxTestApp
from sphinx_site import BASIC, preview_pages

pytestmark = pytest.mark.browser


def look(browser: Any, url: str) -> dict[str, Any]:
    """Hover, leave, focus and Escape on the site at ``url``: what the preview shows."""
    seen: dict[str, Any] = {}
    page = browser.new_page()
    preview = page.locator("#rr-preview")
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))

    def shown() -> list[Any]:
        preview.wait_for(state="visible", timeout=5000)
        head = preview.locator(".rr-preview-head").inner_text()
        return [head, preview.locator("p").inner_text(), preview.get_attribute("role")]

    try:
        page.goto(url + "/rules/netrunner-cr/chpt_game_zones.html")
        link = page.locator("#rule_move_between_zones a.rr-ref").first
        link.hover()
        seen["hover"] = [*shown(), link.get_attribute("aria-describedby")]
        page.mouse.move(0, 0)
        preview.wait_for(state="hidden", timeout=5000)
        seen["hidden_after_leave"] = True

        other = page.locator("#rule_public_zone a.rr-ref").first
        other.focus()
        seen["focus"] = shown()
        page.keyboard.press("Escape")
        preview.wait_for(state="hidden", timeout=5000)
        seen["hidden_after_escape"] = True
        # Both links lead into chapter 8: its previews file, loaded once.
        seen["loaded"] = [url.split("/_static/rulesref/")[-1] for url in requested
                          if "/_static/rulesref/previews" in url]

        page.goto(url + "/rules/netrunner-cr/chpt_card_manipulation.html")
        card = page.locator("#sec_replacing_movements-example-1 a.rr-card").first
        card.focus()
        seen["card"] = [*shown(), card.get_attribute("title")]
        page.keyboard.press("Escape")

        # Links to anchors the previews do not hold, one named like an Object
        # method and one with a broken escape: no preview, no script error.
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        for anchor in ("constructor", "%E0%A4%A"):
            page.evaluate(
                """(anchor) => {
                    const a = document.createElement("a");
                    a.className = "rr-ref rr-book-netrunner-cr";
                    a.id = "rr-test-link";
                    a.href = "chpt_card_manipulation.html#" + anchor;
                    a.textContent = "odd";
                    document.body.prepend(a);
                }""", anchor)
            page.locator("#rr-test-link").focus()
            page.wait_for_timeout(300)
            seen.setdefault("odd", []).append(preview.is_visible())
            page.evaluate("document.getElementById('rr-test-link').remove()")
        seen["errors"] = errors
    finally:
        page.close()
    return seen


@BASIC
def test_hovering_or_focusing_a_reference_previews_the_rule_or_card(
        browser: Any, served: str, app: SphinxTestApp) -> None:
    seen = look(browser, served)
    pages = preview_pages(app.outdir, "netrunner-cr")
    chapter8 = pages["rules/netrunner-cr/chpt_card_manipulation.html"]
    assert seen["loaded"] == ["previews/netrunner-cr.js", f"previews/netrunner-cr/{chapter8}"]
    head, text, role, described_by = seen["hover"]
    assert (head, role, described_by) == ("Section 8.2", "tooltip", "rr-preview")
    assert text == "Card Movements"
    assert seen["hidden_after_leave"] and seen["hidden_after_escape"]
    assert seen["focus"][:2] == ["Section 8.1", "Faceup and Facedown Status"]
    assert seen["odd"] == [False, False] and seen["errors"] == []
    name, facts, _role, title = seen["card"]
    assert name == "Harbinger" and facts.startswith("Runner, Program")
    assert title is None  # the popover, not also the browser's own tooltip
