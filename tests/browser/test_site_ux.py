"""Issue 8 in a real browser: numbers as addresses, search, copy links, dark
mode, phones, print, accessibility.

Each check runs at a phone's size (390x844) and a desktop's (1280x900) where
the page differs between them.  The site is the default (readers') build of
the repository's docs, served on loopback (fixtures in conftest.py).
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from serving import Tabs, settle

pytestmark = pytest.mark.browser

CM = "/rules/netrunner-cr/chpt_card_manipulation.html"
GZ = "/rules/netrunner-cr/chpt_game_zones.html"
CHAPTERS = [CM, GZ, "/rules/targets-and-costs/tc_1.html", "/rules/technomancy/tm.html",
            "/rules/netrunner-1996/nr96.html"]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
SIZES = pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
#: What an internal ID looks like in the seeds' sources.
RAW_ID = re.compile(r"\b(?:rule|sec|step|chpt|subsec|tc|tm|nr96)_[a-z0-9_]+\b")


@pytest.fixture
def open_page(browser: Any, tabs: Tabs) -> Iterator[Any]:
    """``open_page(size, dark=False)``: a blank tab of that size and scheme
    (serving.Tabs).  A test that grants permissions or emulates
    print gets a context of its own (``own=True``), since those outlast a page."""
    pages: list[Any] = []

    def make(size: dict[str, int], *, dark: bool = False, clipboard: bool = False,
             own: bool = False) -> Any:
        if not (clipboard or own):
            pages.append(tabs.take(size, dark=dark))
            return pages[-1]
        context = browser.new_context(viewport=size,
                                      color_scheme="dark" if dark else "light")
        if clipboard:
            context.grant_permissions(["clipboard-read", "clipboard-write"])
        pages.append(context.new_page())
        return pages[-1]

    yield make
    for page in pages:
        tabs.give_back(page)


def visible_in_viewport(page: Any, selector: str) -> bool:
    """The element's top is on screen and not under the sticky header or number box."""
    return bool(page.evaluate(
        """(sel) => {
             const r = document.querySelector(sel).getBoundingClientRect();
             let covered = 0;
             for (const bar of document.querySelectorAll('.mobile-header, form.rr-goto')) {
               const b = bar.getBoundingClientRect();
               if (getComputedStyle(bar).position === 'sticky' && b.height) {
                 covered = Math.max(covered, b.bottom);
               }
             }
             return r.top >= covered - 1 && r.top < window.innerHeight; }""",
        selector,
    ))


def sideways(page: Any) -> int:
    return int(page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"))


# --------------------------------------------------------------------------
# Numbers are addresses


@SIZES
def test_typing_a_number_in_the_header_box_opens_the_rule(open_page: Any, site_url: str,
                                                           size: dict[str, int]) -> None:
    page = open_page(size)
    page.goto(site_url + "/")
    box = page.locator("#rr-goto-input")
    assert box.is_visible()
    assert page.evaluate("""() => { const r = document.querySelector('#rr-goto-input')
        .getBoundingClientRect(); return r.top >= 0 && r.bottom <= window.innerHeight; }""")
    box.fill("8.1.2e")              # step 1
    box.press("Enter")              # step 2
    page.wait_for_url("**" + CM + "#rule_rez_procedure")
    page.wait_for_load_state()
    assert page.locator("#rule_rez_procedure .rr-number").first.inner_text() == "8.1.2e"
    assert visible_in_viewport(page, "#rule_rez_procedure")


def test_the_number_box_stays_at_hand_on_a_phone(open_page: Any, site_url: str) -> None:
    page = open_page(PHONE)
    page.goto(site_url + CM)
    page.mouse.wheel(0, 4000)
    page.wait_for_function("window.scrollY > 2000")
    top = page.evaluate("document.querySelector('form.rr-goto').getBoundingClientRect().top")
    assert 0 <= top < 120


def test_words_in_the_box_search(open_page: Any, site_url: str) -> None:
    page = open_page(DESKTOP)
    page.goto(site_url + GZ)
    page.locator("#rr-goto-input").fill("hidden zone")
    page.locator("#rr-goto-input").press("Enter")
    page.wait_for_url("**/search.html?q=hidden+zone")
    page.locator("#search-results li").first.wait_for(timeout=10_000)


@SIZES
@pytest.mark.parametrize("anchor", ["8.1.2e", "8.1.2E"])
def test_a_number_anchor_lands_on_the_rule(open_page: Any, site_url: str, size: dict[str, int],
                                           anchor: str) -> None:
    page = open_page(size)
    page.goto(f"{site_url}{CM}#{anchor}")
    outline = """() => getComputedStyle(
        document.querySelector('#rule_rez_procedure > p.rr-text')).outlineStyle"""
    # The page's script lands on the rule (for 8.1.2E, by replacing the hash):
    # wait for the highlight, then for the scroll to stop, and check both.
    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_function(f"({outline})() === 'solid'", timeout=5000)
    settle(page)
    assert visible_in_viewport(page, "#rule_rez_procedure")
    highlighted = page.evaluate(outline)
    assert highlighted == "solid"


@SIZES
@pytest.mark.parametrize("address", ["/r/8.1.2e/", "/r/netrunner-cr/8.1.2e/",
                                     "/r/8.1.2e/index.html"])
def test_a_short_address_lands_on_the_rule(open_page: Any, site_url: str, size: dict[str, int],
                                           address: str) -> None:
    page = open_page(size)
    page.goto(site_url + address)
    page.wait_for_url("**" + CM + "#rule_rez_procedure")
    page.wait_for_load_state()
    assert visible_in_viewport(page, "#rule_rez_procedure")


def test_a_number_shared_by_books_lists_them(open_page: Any, site_url: str,
                                             site_dir: Path) -> None:
    page = open_page(DESKTOP)
    page.goto(site_url + "/r/1.1/")
    links = page.locator("li a")
    assert links.count() >= 2
    links.first.click()
    page.wait_for_load_state()
    anchor = page.evaluate("location.hash.slice(1)")
    assert page.locator(f"[id='{anchor}'] .rr-number").first.inner_text() == "1.1"


def test_the_home_page_says_how_to_reach_a_rule_by_number(open_page: Any,
                                                          site_url: str) -> None:
    page = open_page(DESKTOP)
    page.goto(site_url + "/")
    text = page.locator("#reach-a-rule").inner_text()
    assert "r/8.1.2e/" in text and "#8.1.2e" in text and "Go to rule" in text


# --------------------------------------------------------------------------
# Search


def test_pages_come_from_their_own_bundle_after_the_rules(open_page: Any, site_url: str
                                                         ) -> None:
    """The guides are indexed in a second Pagefind bundle (``_pagefind-pages``)
    that the search page merges: a word of a guide finds the guide, under
    "Pages", with its section as a deep link."""
    page = open_page(DESKTOP)
    page.goto(site_url + "/search.html?q=pagefind")
    pages = page.locator("#rr-results-page + ul li a.rr-search-title")
    pages.first.wait_for(timeout=10_000)
    hrefs = [pages.nth(i).get_attribute("href") or "" for i in range(pages.count())]
    assert any("/site.html" in href for href in hrefs), hrefs
    assert not any("/rules/" in href and "#rule_" in href for href in hrefs)


@SIZES
def test_hidden_zone_finds_the_defining_rule_first(open_page: Any, site_url: str,
                                                   size: dict[str, int]) -> None:
    page = open_page(size)
    page.goto(site_url + "/search.html?q=hidden+zone")
    results = page.locator("#search-results li")
    results.first.wait_for(timeout=10_000)
    first = results.first
    link = first.locator("a.rr-search-title")
    assert link.locator(".rr-number").inner_text() == "4.1.5"
    assert (link.get_attribute("href") or "").endswith(GZ + "#rule_hidden_zone")
    assert "hidden" in first.locator(".rr-search-excerpt mark").first.inner_text().lower()
    # Groups in order: every rule before any API entry.
    kinds = page.evaluate("""() => [...document.querySelectorAll('#search-results li a')]
        .map((a) => a.closest('ul').getAttribute('aria-labelledby'))""")
    assert "rr-results-rule" in kinds
    if "rr-results-api" in kinds:
        last_rule = max(i for i, k in enumerate(kinds) if k == "rr-results-rule")
        assert kinds.index("rr-results-api") > last_rule
    # A result opens the rule itself, not the top of its chapter.
    link.click()
    page.wait_for_url("**" + GZ + "#rule_hidden_zone")
    assert visible_in_viewport(page, "#rule_hidden_zone")


# --------------------------------------------------------------------------
# Readers' build


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_readers_never_see_raw_ids_or_todo(open_page: Any, site_url: str, chapter: str) -> None:
    page = open_page(DESKTOP)
    page.goto(site_url + chapter)
    text = page.evaluate("""() => [...document.querySelectorAll(
        '.rr-item > p.rr-text, .rr-example-text, .rr-item > h1, .rr-item > h2, .rr-item > h3')]
        .map((e) => e.innerText).join('\\n')""")
    assert text.strip()
    assert "TODO" not in text
    assert "unresolved" not in text
    assert not RAW_ID.findall(text)


def test_a_missing_reference_reads_as_words_with_a_quiet_mark(open_page: Any,
                                                              site_url: str) -> None:
    page = open_page(DESKTOP)
    page.goto(site_url + GZ)
    missing = page.locator("#rule_reveal_from_hidden .rr-missing")
    assert missing.count() == 1
    assert missing.inner_text().startswith("another rule")
    assert missing.locator(".rr-missing-mark").inner_text() == "not on this site yet"
    assert page.locator(".rr-unresolved, .rr-todo").count() == 0


def test_empty_sections_are_not_in_the_menu(open_page: Any, site_url: str) -> None:
    page = open_page(DESKTOP)
    page.goto(site_url + CM)
    empty = page.evaluate("""() => [...document.querySelectorAll('section.rr-item')]
        .filter((s) => [...s.children].some((c) => c.matches('p.rr-empty')))
        .map((s) => s.id)""")
    assert empty, "the seeds announce sections without rules (8.6 to 8.8)"
    for ident in empty:
        assert page.locator(f".sidebar-drawer a[href$='#{ident}'], "
                            f".toc-drawer a[href$='#{ident}']").count() == 0
        assert page.locator(f"[id='{ident}']").count() == 1


def test_author_pages_have_their_own_menu_section(open_page: Any, site_url: str) -> None:
    page = open_page(DESKTOP)
    page.goto(site_url + "/")
    captions = page.locator(".sidebar-tree p.caption").all_inner_texts()
    assert any("authors" in c.lower() for c in captions)
    authors = page.locator(".sidebar-tree p.caption + ul").last.inner_text()
    for title in ("Scenario coverage", "Writing rules", "API reference"):
        assert title in authors
    assert page.locator(".sidebar-tree a", has_text="Drafting status").count() == 0


# --------------------------------------------------------------------------
# Copy links


@SIZES
def test_copy_link_works_from_the_keyboard(open_page: Any, site_url: str,
                                           size: dict[str, int]) -> None:
    page = open_page(size, clipboard=True)
    page.goto(site_url + CM)
    control = page.locator("#rule_rez_procedure > p.rr-text > a.rr-number")
    assert control.is_visible()
    box = control.bounding_box()
    assert box["width"] >= 24 and box["height"] >= 24
    # Reached by Tab from the focusable element before it.
    page.evaluate("""() => {
        const all = [...document.querySelectorAll('a[href], button, input, summary')]
          .filter((e) => e.offsetParent !== null && e.tabIndex >= 0);
        const link = document.querySelector('#rule_rez_procedure > p.rr-text > a.rr-number');
        all[all.indexOf(link) - 1].focus(); }""")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.matches('#rule_rez_procedure a.rr-number')")
    page.keyboard.press("Enter")
    page.locator(".rr-copied.rr-copied-shown").wait_for(timeout=5000)
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == f"{site_url}{CM}#rule_rez_procedure"
    assert "8.1.2e" in page.locator(".rr-copied").inner_text()


# --------------------------------------------------------------------------
# Dark mode, phones, print


def luminance(css: str) -> float:
    r, g, b = (int(v) / 255 for v in re.findall(r"\d+(?:\.\d+)?", css)[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


@SIZES
def test_dark_mode_follows_the_system(open_page: Any, site_url: str,
                                      size: dict[str, int]) -> None:
    page = open_page(size, dark=True)
    page.goto(site_url + CM)
    body = page.evaluate("getComputedStyle(document.body).backgroundColor")
    text = page.evaluate(
        "getComputedStyle(document.querySelector('.rr-item > p.rr-text')).color")
    assert luminance(body) < 0.2 < 0.7 < luminance(text)
    # The toggle switches to light.
    toggle = page.locator(".theme-toggle:visible").first
    for _ in range(3):
        if page.evaluate("document.body.dataset.theme") == "light":
            break
        toggle.click()
    assert luminance(page.evaluate("getComputedStyle(document.body).backgroundColor")) > 0.8


@SIZES
def test_the_themes_icons_are_drawn_without_its_sprite(open_page: Any, site_url: str,
                                                       size: dict[str, int]) -> None:
    """Furo's icons come from rulesref.css (one mask each), not from a sprite of
    inline SVG symbols in every page: each visible one is drawn, in the text's
    colour, with its own drawing."""
    page = open_page(size, dark=True)
    page.goto(site_url + CM)
    assert page.locator("symbol").count() == 0
    icons = page.evaluate("""() => [...document.querySelectorAll(
        '.nav-overlay-icon svg, .toc-overlay-icon svg, .theme-toggle svg, '
        + '.toctree-checkbox ~ label svg')]
      .filter((e) => e.getBoundingClientRect().width > 0)
      .map((e) => { const s = getComputedStyle(e);
        return [s.maskImage || s.webkitMaskImage, s.backgroundColor,
                e.getBoundingClientRect().width]; })""")
    assert len(icons) >= 3  # the theme toggle, the menu or contents, a menu's arrow
    for mask, colour, width in icons:
        assert mask.startswith('url("data:image/svg+xml') and width >= 12
        assert luminance(colour) > 0.5  # light on the dark background
    assert len({mask for mask, _, _ in icons}) >= 2


PHONE_PAGES = [*CHAPTERS, "/", "/rules/netrunner-cr/glossary.html", "/rules/netrunner-cr/",
               "/rules/scenario-coverage.html", "/search.html?q=hidden+zone", "/404.html",
               "/writing-scenarios.html", "/api/engine.html"]


@pytest.mark.parametrize("path", PHONE_PAGES)
def test_no_page_scrolls_sideways_on_a_phone(open_page: Any, site_url: str, path: str) -> None:
    page = open_page(PHONE)
    page.goto(site_url + path)
    settle(page)
    assert sideways(page) <= 1
    # Unfolded scenarios too.
    page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
    settle(page)
    assert sideways(page) <= 1


def test_print_shows_the_rules_without_the_site_around_them(open_page: Any,
                                                            site_url: str) -> None:
    page = open_page(DESKTOP, own=True)
    page.goto(site_url + CM)
    page.emulate_media(media="print")
    hidden = ".sidebar-drawer, form.rr-goto, .rr-badge-scenarios, a.rr-permalink"
    for selector in hidden.split(", "):
        assert not page.locator(selector).first.is_visible(), selector
    closed = page.locator("details.rr-scenario:not([open])")
    if closed.count():
        assert not closed.first.is_visible()
    assert page.locator("#rule_rez_procedure .rr-number").first.is_visible()
    width = page.evaluate("document.querySelector('article').getBoundingClientRect().width")
    assert width > 0.9 * DESKTOP["width"] - 40


# --------------------------------------------------------------------------
# Small things


def test_favicon_404_and_link_previews(open_page: Any, site_url: str) -> None:
    page = open_page(DESKTOP)
    page.goto(site_url + CM)
    icon = page.locator("link[rel~='icon']").get_attribute("href")
    assert page.request.get(page.url.rsplit("/", 1)[0] + "/" + icon).ok
    assert page.locator("meta[property='og:title']").get_attribute("content")
    page.goto(site_url + "/404.html")
    assert page.locator("#rr-goto-input").is_visible()
    assert "8.1.2e" in page.locator(".rr-notfound").inner_text()
    # A short address carries the rule's number and words for link previews.
    page.goto(site_url + "/r/8.1.2e/index.html")
    page.wait_for_url("**" + CM + "#rule_rez_procedure")
    short = page.request.get(site_url + "/r/8.1.2e/index.html").text()
    assert 'property="og:title" content="Rule 8.1.2e' in short
    assert "To resolve rezzing a card" in short
