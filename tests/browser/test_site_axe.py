"""Accessibility: axe-core (the copy shipped in axe-playwright-python, no download)
audits the pages a reader uses most, in light and in dark mode, at a desktop's
and a phone's size: no serious or critical violation."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from serving import Tabs, settle

pytestmark = pytest.mark.browser

PAGES = {
    "home": "/",
    "chapter": "/rules/netrunner-cr/chpt_game_zones.html",
    "glossary": "/rules/netrunner-cr/glossary.html",
    "search": "/search.html?q=hidden+zone",
    "coverage": "/rules/scenario-coverage.html",
}


#: axe-core makes a selector for every node of every result; passes need none
#: here (the audit still runs every rule, and violations list every node): a
#: chapter page's audit takes 1.3 s instead of 2.2 s.
VIOLATIONS_ONLY = {"resultTypes": ["violations"]}


@pytest.fixture(scope="module")
def axe() -> Any:
    from axe_playwright_python.sync_playwright import Axe

    return Axe()


@pytest.fixture
def themed_page(tabs: Tabs, request: pytest.FixtureRequest) -> Iterator[Any]:
    scheme, width, height = request.param
    page = tabs.take({"width": width, "height": height}, dark=scheme == "dark")
    try:
        yield page
    finally:
        tabs.give_back(page)


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
    settle(page)  # the theme's colours are final
    problems = serious(axe.run(page, options=VIOLATIONS_ONLY))
    assert not problems, "\n".join(problems)
