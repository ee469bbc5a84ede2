"""The real rulebook's site on a plain static host: its folder served by Python's
``http.server`` (no redirects, no 404 page), as a rules team might preview it.

Every short address, ``r/<number>/`` and ``r/<book>/<number>/``, leads to its
item's anchor on its chapter page; words of a rule, searched for on the
search page, find the rule, and the result opens it.  The numbers, IDs and
words come from the release's files (tests/real_rulebook.py), never from the
site.
"""

from __future__ import annotations

import http.client
import re
import tomllib
from collections import Counter
from collections.abc import Iterator
from html import unescape
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlsplit

import pytest
import yaml

from real_rulebook import RealSite, chapter_files, source_items
from rulesref.identifiers import anchor_for
from serving import Tabs, serve

TARGET = re.compile(r'<meta name="rulesref-target" content="([^"]+)">')


@pytest.fixture(scope="module")
def real_url(real_site: RealSite) -> Iterator[str]:
    with serve(real_site.html) as url:
        yield url


class Client:
    """GET requests to the served folder over one kept-alive connection."""

    def __init__(self, url: str) -> None:
        self.connection = http.client.HTTPConnection(urlsplit(url).netloc, timeout=30)

    def get(self, url: str) -> str:
        self.connection.request("GET", urlsplit(url).path)
        response = self.connection.getresponse()
        body = response.read().decode("utf-8")
        assert response.status == 200, (url, response.status)
        return body


def first_occurrences(release: Path) -> dict[str, str]:
    """Number → the anchor of the first item written with its ID (a second item
    of an ID written twice is reached through the first)."""
    seen: set[str] = set()
    found: dict[str, str] = {}
    for item in source_items(release):
        if item.id not in seen:
            seen.add(item.id)
            found[item.number.casefold()] = anchor_for(item.id)
    return found


def test_every_short_address_leads_to_its_item(real_site: RealSite, real_url: str) -> None:
    slug = tomllib.loads((real_site.release / "book.toml").read_text(encoding="utf-8"))["slug"]
    client = Client(real_url)
    pages: dict[str, set[str]] = {}
    for number, anchor in first_occurrences(real_site.release).items():
        for address in (f"r/{number}/", f"r/{slug}/{number}/"):
            found = TARGET.search(client.get(f"{real_url}/{address}"))
            assert found, address
            target = urljoin(f"{real_url}/{address}", unescape(found[1]))
            page, _, fragment = target.partition("#")
            assert fragment == anchor, (address, target)
            if page not in pages:
                pages[page] = set(re.findall(r'\bid="([^"]+)"', client.get(page)))
            assert anchor in pages[page], (address, target)


def rare_words(release: Path) -> list[tuple[str, list[str]]]:
    """For a sample of rules spread over the book, each rule's two rarest words
    (of five letters or more, outside markup), rarest across the whole text."""
    texts: list[tuple[str, list[str]]] = []

    def visit(node: Any) -> None:
        if isinstance(node, dict):
            ident = node.get("rule")
            if isinstance(ident, str) and isinstance(node.get("text"), str):
                plain = re.sub(r"\{[^}]*\}|\[[^\]]*\]", " ", node["text"])
                texts.append((ident.strip(), re.findall(r"[A-Za-z]{5,}", plain.lower())))
            for value in node.values():
                visit(value)
        elif isinstance(node, list):
            for value in node:
                visit(value)

    for path in chapter_files(release):
        visit(yaml.safe_load(path.read_text(encoding="utf-8")))
    counts = Counter(word for _, words in texts for word in words)
    chosen = [entry for entry in texts[:: max(1, len(texts) // 4)] if len(set(entry[1])) >= 2]
    return [(ident, sorted(set(words), key=lambda w: (counts[w], w))[:2])
            for ident, words in chosen]


@pytest.mark.browser
def test_words_and_numbers_typed_in_a_browser_find_the_rule(real_site: RealSite, real_url: str,
                                                          tabs: Tabs) -> None:
    client = Client(real_url)
    page = tabs.take({"width": 1280, "height": 900})
    try:
        for turn, (ident, words) in enumerate(rare_words(real_site.release)):
            anchor = anchor_for(ident)
            page.goto(f"{real_url}/search.html?q={'+'.join(words)}")
            page.wait_for_function(
                "document.querySelector('.rr-search-status').textContent.includes('for')",
                timeout=20_000)
            links = page.locator("#rr-results-rule + ul a.rr-search-title")
            hrefs = [links.nth(i).evaluate("a => a.href") for i in range(links.count())]
            found = next((i for i, h in enumerate(hrefs) if h.endswith(f"#{anchor}")), None)
            assert found is not None, (words, ident, hrefs)
            target, _, fragment = hrefs[found].partition("#")
            assert f'id="{fragment}"' in client.get(target)
            if turn == 0:  # and a reader's click lands there
                links.nth(found).click()
                page.wait_for_url(f"**#{anchor}")
                assert page.locator(f"[id='{anchor}']").first.is_visible()
        # A short address typed into the browser lands on its item too.
        slug = tomllib.loads((real_site.release / "book.toml").read_text(encoding="utf-8"))["slug"]
        numbers = first_occurrences(real_site.release)
        # A rule of the shortest chapter (its page is the quickest to lay out).
        sizes = {path.name[:2].lstrip("0"): path.stat().st_size
                 for path in chapter_files(real_site.release)}
        short = min(sizes, key=lambda chapter: sizes[chapter])
        number = next(n for n in numbers if n.startswith(f"{short}.") and n.count(".") == 2)
        for address in (f"r/{number}/", f"r/{slug}/{number}/"):
            page.goto(f"{real_url}/{address}")
            page.wait_for_url(f"**#{numbers[number]}")
            assert page.locator(f"[id='{numbers[number]}']").first.is_visible()
    finally:
        tabs.give_back(page)
