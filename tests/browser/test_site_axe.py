"""Accessibility: axe-core (the copy shipped in axe-playwright-python, no download)
audits the pages a reader uses most, in light and in dark mode, at a desktop's
and a phone's size: no serious or critical violation."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

pytestmark = pytest.mark.browser

PAGES = {
    "home": "/",
    "chapter": "/rules/netrunner-cr/chpt_game_zones.html",
    "glossary": "/rules/netrunner-cr/glossary.html",
    "search": "/search.html?q=hidden+zone",
    "coverage": "/rules/scenario-coverage.html",
}


@pytest.fixture(scope="module")
def axe() -> Any:
    from axe_playwright_python.sync_playwright import Axe

    return Axe()


@pytest.fixture
def themed_page(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    scheme, width, height = request.param
    context = browser.new_context(viewport={"width": width, "height": height},
                                  color_scheme=scheme)
    context.route("**/*", lambda route: route.continue_()
                  if route.request.url.startswith(("http://127.0.0.1", "data:"))
                  else route.abort())
    try:
        yield context.new_page()
    finally:
        context.close()


def serious(results: Any) -> list[str]:
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at "
        + ", ".join(str(node["target"]) for node in v["nodes"][:3])
        for v in results.response["violations"]
        if v.get("impact") in ("serious", "critical")
    ]


@pytest.mark.parametrize("themed_page", [("light", 1280, 900), ("dark", 1280, 900),
                                         ("dark", 390, 844)],
                         ids=["light", "dark", "dark-phone"], indirect=True)
@pytest.mark.parametrize("name", list(PAGES))
def test_no_serious_accessibility_violation(themed_page: Any, site_url: str, axe: Any,
                                            name: str) -> None:
    page = themed_page
    page.goto(site_url + PAGES[name])
    if name == "search":
        page.locator("#search-results li").first.wait_for(timeout=10_000)
    page.wait_for_timeout(300)  # the theme's colours settle
    problems = serious(axe.run(page))
    assert not problems, "\n".join(problems)
