"""IDs an anchor may not hold, in headless Chromium (the ``anchors`` root): a
link written with the ID itself lands on its escaped anchor, and previews of
links to escaped anchors show."""

from __future__ import annotations

from typing import Any

import pytest

from rulesref.identifiers import anchor_for

#: The same mark as tests/sphinx/test_sphinx_anchors.py: one build for both.
pytestmark = [pytest.mark.browser,
              pytest.mark.sphinx("html", testroot="anchors", srcdir="rr-anchors")]

PAGE = "/rules/anc/chpt_odd_ids.html"


@pytest.mark.parametrize("ident", ["rule_1+", 'a"b', "x<y>", "rule_1+-example-1"])
def test_a_link_with_the_id_as_written_lands_on_its_anchor(
    browser: Any, served: str, ident: str
) -> None:
    """Other sites (the rules team's own pages) link ``#rule_1+``."""
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(served + PAGE + "#" + ident)
        expected = "#" + anchor_for(ident)
        page.wait_for_function("(hash) => location.hash === hash", arg=expected, timeout=5000)
        # A hash that is no escape at all changes nothing and throws nothing.
        page.goto(served + PAGE + "#%E0%A4%A")
        page.wait_for_timeout(200)
    finally:
        page.close()
    assert errors == []


def test_a_reference_to_an_escaped_anchor_previews_its_rule(browser: Any, served: str) -> None:
    page = browser.new_page()
    preview = page.locator("#rr-preview")
    try:
        page.goto(served + PAGE)
        quote = anchor_for('a"b')  # the rule that cites rule_1+
        link = page.locator(f"[id='{quote}'] a.rr-ref").first
        link.hover()
        preview.wait_for(state="visible", timeout=5000)
        head = preview.locator(".rr-preview-head").inner_text()
        text = preview.locator("p").inner_text()
    finally:
        page.close()
    assert head == "Rule 1.1.1"
    assert text.startswith("A rule whose ID ends in a plus")
