"""A judge's path through the site, in a real browser."""

from __future__ import annotations

from typing import Any

import pytest

from serving import Tabs

pytestmark = pytest.mark.browser

CM = "/rules/netrunner-cr/chpt_card_manipulation.html"
GZ = "/rules/netrunner-cr/chpt_game_zones.html"


def in_viewport(page: Any, selector: str) -> bool:
    return bool(page.evaluate(
        """(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
                      return r.top >= 0 && r.top < window.innerHeight; }""",
        selector,
    ))


def test_permalink_lands_on_the_rule(page: Any, site_url: str) -> None:
    page.goto(site_url + CM + "#rule_rez_procedure")
    rule = page.locator("#rule_rez_procedure")
    assert rule.locator(".rr-number").first.inner_text() == "8.1.2e"
    assert in_viewport(page, "#rule_rez_procedure")


def test_clicking_a_reference_lands_on_the_rule_in_another_chapter(page: Any,
                                                                   site_url: str) -> None:
    page.goto(site_url + GZ)
    link = page.locator("#rule_move_between_zones a.rr-ref").first
    assert link.inner_text() == "section 8.2"
    link.click()
    page.wait_for_url("**" + CM + "#sec_card_movements")
    assert in_viewport(page, "#sec_card_movements")


def test_search_finds_a_rule_by_its_number(page: Any, site_url: str) -> None:
    page.goto(site_url + "/search.html?q=8.1.2e")
    result = page.locator("#search-results a[href*='rule_rez_procedure']").first
    result.wait_for(timeout=10_000)
    assert "8.1.2e" in result.inner_text()


def test_search_finds_a_rule_by_its_words(page: Any, site_url: str) -> None:
    page.goto(site_url + "/search.html?q=derezzing")
    page.locator("#search-results li").first.wait_for(timeout=10_000)
    assert "chpt_card_manipulation" in page.locator("#search-results").inner_html()


def test_glossary_term_links_to_its_definition(page: Any, site_url: str) -> None:
    page.goto(site_url + "/rules/netrunner-cr/glossary.html")
    page.get_by_role("link", name="rez", exact=True).first.click()
    page.wait_for_url("**" + CM + "#*")
    anchor = page.evaluate("location.hash")
    assert page.locator(anchor).inner_text().lower() == "rez"


def test_symbols_have_text_alternatives(page: Any, site_url: str) -> None:
    page.goto(site_url + "/rules/targets-and-costs/tc_1.html")
    icon = page.locator(".rr-icon[role='img']").first
    assert icon.get_attribute("aria-label")


def test_narrow_screen_does_not_scroll_sideways(tabs: Tabs, site_url: str) -> None:
    page = tabs.take({"width": 390, "height": 844})
    try:
        page.goto(site_url + CM)
        overflow = page.evaluate(
            "document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 1
    finally:
        tabs.give_back(page)


def test_the_browser_reaches_nothing_but_loopback(page: Any, site_url: str) -> None:
    """The closed network the site is checked on (serving.closed_network): the
    site's own server answers, any other address fails, ``localhost`` too."""
    page.goto(site_url + "/")
    fetch = "(u) => fetch(u, {mode: 'no-cors'}).then(() => 'answered', () => 'failed')"
    assert page.evaluate(fetch, site_url + "/index.html") == "answered"
    port = site_url.rsplit(":", 1)[1]
    for address in ("http://example.com/", "https://10.1.2.3/", f"http://localhost:{port}/"):
        assert page.evaluate(fetch, address) == "failed", address
