"""Scenarios, traces and previews in headless Chromium, on a phone (390x844,
touch) and a desktop (1280x900): every scenario once per page, no sideways
scroll with the scenarios unfolded, previews that flip above a link near the
bottom of the screen, and tap-to-preview, tap-again-to-follow on touch.

The browser is the test process's one Chromium (``browser``, tests/conftest.py).
Set RULESREF_SCREENSHOTS to a folder to keep the screenshots it takes.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from sphinx_site import SEEDED

from serving import contrast, settle

pytestmark = pytest.mark.browser

PAGES = ["rules/netrunner-cr/chpt_game_zones.html",
         "rules/netrunner-cr/chpt_card_manipulation.html",
         "rules/targets-and-costs/tc_1.html", "rules/technomancy/tm.html"]


def shot(page: Any, name: str) -> None:
    shots = os.environ.get("RULESREF_SCREENSHOTS", "")
    if shots:
        settle(page)  # what the reader would see, not a frame of a transition
        Path(shots).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{shots}/{name}.png")


COUNT = '''() => {
  const ids = [...document.querySelectorAll("details.rr-scenario")].map((d) => d.id);
  const counts = {};
  for (const id of ids) counts[id] = (counts[id] || 0) + 1;
  return counts;
}'''
WIDTH = '''() => [document.documentElement.scrollWidth, window.innerWidth,
  Math.max(...[...document.querySelectorAll("details.rr-scenario")].map(
    (d) => d.getBoundingClientRect().right)),
  Math.max(0, ...[...document.querySelectorAll("details.rr-scenario pre")].map(
    (p) => p.scrollWidth - p.clientWidth))]'''

CONTRAST = '''() => {
  const box = document.getElementById("scenario-netrunner-cr-derez");
  const behind = (el) => {
    for (let e = el; e; e = e.parentElement) {
      const bg = getComputedStyle(e).backgroundColor;
      if (bg && !bg.endsWith(", 0)") && bg !== "transparent") return bg;
    }
    return "rgb(255, 255, 255)";
  };
  return [".go", "a.rr-trace-ref", ".gt", ".gr", "p.rr-scenario-where"].map((sel) => {
    const el = box.querySelector(sel);
    return el ? [sel, getComputedStyle(el).color, behind(el)] : [sel, null, null];
  });
}'''


def look(browser: Any, url: str, pages: list[str]) -> dict[str, Any]:
    """Every check in the browser: what the test asserts on."""
    seen: dict[str, Any] = {}
    phone = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                is_mobile=True, device_scale_factor=1)
    desk = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        # Every scenario once per page; nothing wider than the phone, unfolded.
        for name, context in (("phone", phone), ("desktop", desk)):
            page = context.new_page()
            for path in pages:
                page.goto(f"{url}/{path}")
                seen.setdefault("counts", {}).setdefault(name, {})[path] = page.evaluate(COUNT)
                page.evaluate('() => document.querySelectorAll("details.rr-scenario")'
                              '.forEach((d) => { d.open = true; })')
                seen.setdefault("width", {}).setdefault(name, {})[path] = page.evaluate(WIDTH)
            page.goto(f"{url}/rules/netrunner-cr/chpt_card_manipulation.html"
                      "#scenario-netrunner-cr-derez")
            shot(page, f"derez-{name}")
            page.close()

        # A trace cites numbers; its preview names the ID.
        page = desk.new_page()
        page.goto(f"{url}/rules/netrunner-cr/chpt_card_manipulation.html"
                  "#scenario-netrunner-cr-derez")
        # The colours of the trace's text, links and errors, and of what is behind them.
        seen["colours"] = page.evaluate(CONTRAST)
        cited = page.locator("#scenario-netrunner-cr-derez a.rr-trace-ref").first
        cited.hover()
        preview = page.locator("#rr-preview")
        preview.wait_for(state="visible", timeout=5000)
        seen["trace"] = [cited.inner_text(), preview.locator(".rr-preview-head").inner_text(),
                         cited.get_attribute("data-rr-id"), cited.get_attribute("title")]
        shot(page, "trace-preview")
        page.mouse.move(0, 0)
        preview.wait_for(state="hidden", timeout=5000)

        # Flip: a link near the bottom of the window previews above it.
        texts = page.locator("p.rr-text a.rr-ref")
        link = texts.nth(texts.count() // 2)
        page.evaluate('''(el) => { const box = el.getBoundingClientRect();
            window.scrollBy(0, box.bottom - window.innerHeight + 30); }''',
                      link.element_handle())
        link.hover()
        preview.wait_for(state="visible", timeout=5000)
        seen["near_bottom"] = page.evaluate('''(el) => { const a = el.getBoundingClientRect();
            const t = document.getElementById("rr-preview").getBoundingClientRect();
            return [a.top, t.bottom, t.top, document.getElementById("rr-preview")
            .dataset.placement]; }''', link.element_handle())
        shot(page, "flip-above")
        page.mouse.move(0, 0)
        preview.wait_for(state="hidden", timeout=5000)
        page.evaluate('''(el) => { const box = el.getBoundingClientRect();
            window.scrollBy(0, box.top - 100); }''', link.element_handle())
        link.hover()
        preview.wait_for(state="visible", timeout=5000)
        seen["near_top"] = page.evaluate('''(el) => { const a = el.getBoundingClientRect();
            const t = document.getElementById("rr-preview").getBoundingClientRect();
            return [a.bottom, t.top, document.getElementById("rr-preview")
            .dataset.placement]; }''', link.element_handle())

        # A section's preview lists its first rules.
        page.mouse.move(0, 0)
        preview.wait_for(state="hidden", timeout=5000)
        page.goto(f"{url}/rules/netrunner-cr/chpt_game_zones.html")
        section = page.locator("#rule_move_between_zones > p.rr-text a.rr-ref").first
        section.hover()
        preview.wait_for(state="visible", timeout=5000)
        seen["section_rows"] = preview.locator("li").count()
        page.close()

        # Touch: the first tap previews (with a way on), the second follows.
        page = phone.new_page()
        start = f"{url}/rules/netrunner-cr/chpt_game_zones.html"
        page.goto(start)
        link = page.locator("#rule_move_between_zones > p.rr-text a.rr-ref").first
        href = link.get_attribute("href")
        link.scroll_into_view_if_needed()
        link.tap()
        preview = page.locator("#rr-preview")
        preview.wait_for(state="visible", timeout=5000)
        go = preview.locator("a.rr-preview-go")
        seen["tap1"] = [page.url, go.count(), go.get_attribute("href") if go.count() else None]
        shot(page, "tap-preview")
        link.tap()
        page.wait_for_url(lambda u: u != start, timeout=5000)
        seen["tap2"] = [page.url, href]

        # A navigation link (the book's contents) goes on the first tap.
        index = f"{url}/rules/netrunner-cr/index.html"
        page.goto(index)
        nav = page.locator("ul.rr-contents a").first
        target = nav.get_attribute("href")
        nav.tap()
        page.wait_for_url(lambda u: u != index, timeout=5000)
        seen["nav_tap"] = [page.url, target, page.locator("#rr-preview").is_visible()]
    finally:
        phone.close()
        desk.close()
    return seen




@SEEDED
def test_scenarios_traces_and_previews_on_a_phone_and_a_desktop(browser: Any,
                                                                 served: str) -> None:
    seen = look(browser, served, PAGES)
    for view in ("phone", "desktop"):
        for path in PAGES:
            counts = seen["counts"][view][path]
            assert counts, path  # each of these pages shows scenarios
            assert set(counts.values()) == {1}, (view, path, counts)
    # Unfolded on a phone: no sideways scroll, no box past the edge, no code
    # block scrolling inside.
    for path in PAGES:
        scroll_width, inner, right, inner_scroll = seen["width"]["phone"][path]
        assert scroll_width <= inner, (path, scroll_width)
        assert right <= inner, (path, right)
        assert inner_scroll == 0, (path, inner_scroll)
    # The number in the trace; the preview names the rule and the ID the doctest
    # compares (the script took the title over, so the browser shows one tooltip).
    number, head, ident, title = seen["trace"]
    assert number[0].isdigit() and ident and title is None
    assert head.endswith(f"{number} \u00b7 {ident}"), head
    for selector, colour, background in seen["colours"]:
        assert colour is not None, selector
        assert contrast(colour, background) >= 4.5, (selector, colour, background)
    link_top, tip_bottom, _tip_top, placement = seen["near_bottom"]
    assert placement == "above" and tip_bottom <= link_top
    link_bottom, tip_top, placement = seen["near_top"]
    assert placement == "below" and tip_top >= link_bottom
    assert seen["section_rows"] >= 1
    first_url, go_links, go_href = seen["tap1"]
    assert first_url.endswith("chpt_game_zones.html") and go_links == 1
    assert go_href and go_href.split("#")[-1]
    went, target, preview_shown = seen["nav_tap"]
    assert went.split("#")[0].endswith(str(target).split("#")[0]) and not preview_shown
    url, href = seen["tap2"]
    assert url.endswith(href.split("/")[-1]) or url.endswith(href)
