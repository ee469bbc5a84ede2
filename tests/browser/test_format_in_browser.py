"""The format site in a real browser: the switch that hides new-text highlighting,
and timing structures lettered (a), (b) … as their text expects."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from sphinx.testing.util import SphinxTestApp

from serving import require_chromium, serve

#: The format site as tests/sphinx/test_sphinx_format.py builds it (the same
#: mark, so the same ``srcdir``): a worker builds it once for both modules.
pytestmark = [pytest.mark.browser,
              pytest.mark.sphinx("html", testroot="format", srcdir="rr-format")]

PAGE = "/rules/fmt/chpt_structure.html"


@pytest.fixture
def format_url(app: SphinxTestApp) -> Iterator[str]:
    require_chromium()
    app.build()
    assert "build succeeded" in app.status.getvalue()
    with serve(app.outdir) as url:
        yield url


def background(page: Any, selector: str) -> str:
    return str(page.evaluate(
        "(s) => getComputedStyle(document.querySelector(s)).backgroundColor", selector))


def badge_shown(page: Any) -> bool:
    return bool(page.evaluate(
        "() => getComputedStyle(document.querySelector('.rr-badge-new')).display !== 'none'"))


TRANSPARENT = "rgba(0, 0, 0, 0)"


def test_the_switch_hides_and_shows_the_highlighting(page: Any, format_url: str) -> None:
    page.goto(format_url + PAGE)
    switch = page.locator("button.rr-new-switch")
    assert switch.count() == 1
    assert switch.text_content() == "Highlight new text"
    assert switch.get_attribute("aria-pressed") == "true"
    assert background(page, ".rr-new-text") != TRANSPARENT and badge_shown(page)
    switch.click()
    assert switch.get_attribute("aria-pressed") == "false"
    assert background(page, ".rr-new-text") == TRANSPARENT and not badge_shown(page)
    # The reader's choice holds on the next page they open.
    page.goto(format_url + "/rules/fmt/chpt_timing.html")
    assert background(page, ".rr-new-text") == TRANSPARENT
    page.locator("button.rr-new-switch").click()
    assert background(page, ".rr-new-text") != TRANSPARENT and badge_shown(page)


def test_a_page_without_new_text_has_no_switch(page: Any, format_url: str) -> None:
    page.goto(format_url + "/rules/drafting.html")
    assert page.locator("button.rr-new-switch").count() == 0


def test_timing_structures_are_lettered_in_parentheses(page: Any, format_url: str) -> None:
    page.goto(format_url + "/rules/fmt/chpt_timing.html")
    marker = page.evaluate(
        "() => getComputedStyle(document.getElementById('sec_turn_structure_1_d'),"
        " '::marker').content")
    assert "lower-alpha" in marker and '"("' in marker
    weight = page.evaluate(
        "() => getComputedStyle(document.querySelector("
        "'#sec_turn_structure_1 > p strong')).fontWeight")
    assert int(weight) >= 600
