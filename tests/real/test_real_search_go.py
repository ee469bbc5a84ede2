"""Search and "Go to rule" on the real rulebook's site say what they found
(issue 23, point 5), served by Python's ``http.server`` as a rules team
previews it (no 404 page, no redirects):

* a word finds that word and its forms ("runs" for "run"), never another word
  that starts alike ("runner"), and only such words are marked;
* a number finds its rule first;
* a number that does not exist says "No rule <number>." with the numbers
  around it;
* a short address typed in capitals (``r/8.1.2E/``) lands on its rule, from a
  file on any static host; other mixes of case (``r/<Book>/8.1.2E/``) through
  the site's 404 page, where the host serves one.

Words, numbers and their order come from the release's files.
"""

from __future__ import annotations

import functools
import http.server
import re
import threading
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
import snowballstemmer

from real_rulebook import RealSite, chapter_files, source_items
from rulesref.identifiers import anchor_for
from serving import Tabs, serve

STEM = snowballstemmer.stemmer("english")


@pytest.fixture(scope="module")
def real_url(real_site: RealSite) -> Iterator[str]:
    with serve(real_site.html) as url:
        yield url


def base(word: str) -> str:
    """A word's stem as the search page takes it: Snowball's English stem, a
    doubled final consonant undone ("rezzed" → "rezz" → "rez")."""
    return re.sub(r"([b-df-hj-np-tv-z])\1$", r"\1", STEM.stemWord(word))


def source_words(release: Path) -> set[str]:
    words: set[str] = set()
    for path in chapter_files(release):
        words.update(re.findall(r"[a-z]+", path.read_text(encoding="utf-8").lower()))
    return words


def search(page: Any, url: str, query: str) -> None:
    page.goto(f"{url}/search.html?q={quote(query)}")
    page.wait_for_function(
        "/ for |^No rule/.test(document.querySelector('.rr-search-status').textContent)",
        timeout=20_000)


@pytest.mark.browser
def test_a_word_finds_itself_and_its_forms_never_a_longer_word(
        real_site: RealSite, real_url: str, tabs: Tabs) -> None:
    words = source_words(real_site.release)
    page = tabs.take({"width": 390, "height": 844})
    try:
        for asked in ("run", "by", "rez"):
            # The book has longer words that start alike and are other words
            # ("runner", "bypass"), which Pagefind matches as prefixes, or
            # other forms of the word ("rezzed").
            others = {w for w in words if w.startswith(asked) and base(w) != base(asked)}
            forms = {w for w in words if w != asked and base(w) == base(asked)}
            assert others or forms, asked
            search(page, real_url, asked)
            marks = page.eval_on_selector_all(
                "#rr-results-rule + ul mark", "marks => marks.map(m => m.textContent)")
            marked = {re.sub(r"[^a-z]", "", mark.lower()) for mark in marks}
            assert marked, asked
            assert all(base(word) == base(asked) for word in marked), (asked, marked)
            if not others:
                assert marked & forms, (asked, marked)
    finally:
        tabs.give_back(page)


@pytest.mark.browser
def test_a_number_finds_its_rule_first(real_site: RealSite, real_url: str, tabs: Tabs) -> None:
    items = source_items(real_site.release)
    item = next(i for i in items[len(items) // 2:] if re.search("[a-z]$", i.number))
    page = tabs.take({"width": 390, "height": 844})
    try:
        search(page, real_url, item.number.upper())
        first = page.locator("#rr-results-rule + ul a.rr-search-title").first
        assert first.evaluate("a => a.hash") == f"#{anchor_for(item.id)}"
    finally:
        tabs.give_back(page)


def book_order(number: str) -> list[tuple[int, str]]:
    """A number's place in the book: part by part, digits then letters, a
    number before the ones it heads."""
    parts = (re.fullmatch(r"(\d*)(.*)", part) for part in re.split(r"[._]", number))
    return [(int(m[1]) if m[1] else -1, m[2]) for m in parts if m]


def nearest(numbers: list[str], missing: str) -> list[str]:
    """The two numbers on each side of where ``missing`` would be, and the
    deepest number that heads it."""
    ordered = sorted(set(numbers), key=book_order)
    at = next((i for i, n in enumerate(ordered) if book_order(n) > book_order(missing)),
              len(ordered))
    near = set(ordered[max(0, at - 2):at + 2])
    heads = [".".join(missing.split(".")[:depth]) for depth in range(1, missing.count(".") + 1)]
    near.update([h for h in heads if h in ordered][-1:])
    return sorted(near, key=book_order)


@pytest.mark.browser
def test_go_to_a_number_that_does_not_exist_says_so_with_the_nearest(
        real_site: RealSite, real_url: str, tabs: Tabs) -> None:
    numbers = [i.number.casefold() for i in source_items(real_site.release)]
    eight = sum(1 for n in numbers if re.fullmatch(r"8\.\d+", n))
    page = tabs.take({"width": 390, "height": 844})
    try:
        for missing in ("99.9", f"8.{eight + 1}"):
            assert missing not in numbers
            page.goto(f"{real_url}/rules/{slug(real_site)}/chpt_turns.html")
            page.fill("#rr-goto-input", missing)
            page.press("#rr-goto-input", "Enter")
            page.wait_for_function(
                "(document.querySelector('.rr-search-status') || {}).textContent"
                "?.startsWith('No rule')", timeout=20_000)
            assert page.text_content(".rr-search-status") == f"No rule {missing}."
            shown = page.eval_on_selector_all(".rr-search-near a", "links => links.map("
                                              "a => [a.textContent, a.getAttribute('href')])")
            assert [number for number, _ in shown] == nearest(numbers, missing)
            assert all(href.endswith(f"/r/{number}/") for number, href in shown)
    finally:
        tabs.give_back(page)


def slug(real_site: RealSite) -> str:
    text = (real_site.release / "book.toml").read_text(encoding="utf-8")
    return str(tomllib.loads(text)["slug"])


class _Pages(http.server.SimpleHTTPRequestHandler):
    """A static host with a 404 page (as GitHub Pages, Netlify, Cloudflare and
    GitLab Pages serve ``404.html`` for an address they do not have)."""

    def log_message(self, format: str, *args: Any) -> None:
        return

    def send_error(self, code: int, message: str | None = None,
                   explain: str | None = None) -> None:
        page = Path(self.directory) / "404.html"
        if code != 404 or not page.is_file():
            super().send_error(code, message, explain)
            return
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


@pytest.mark.browser
def test_short_addresses_in_capitals(real_site: RealSite, real_url: str, tabs: Tabs) -> None:
    items = source_items(real_site.release)
    lettered = [i for i in items if re.search("[a-z]", i.number)]
    assert lettered
    page = tabs.take({"width": 390, "height": 844})
    try:
        # From a file: any static host, http.server included.
        item = lettered[len(lettered) // 2]
        page.goto(f"{real_url}/r/{item.number.upper()}/")
        page.wait_for_url(f"**#{anchor_for(item.id)}")
        # Through the 404 page, on a host that serves one.
        server = http.server.ThreadingHTTPServer(
            ("127.0.0.1", 0), functools.partial(_Pages, directory=str(real_site.html)))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            pages = f"http://127.0.0.1:{server.server_address[1]}"
            book = slug(real_site)
            mixed = f"{book[:1].upper()}{book[1:]}"
            page.goto(f"{pages}/r/{mixed}/{item.number.upper()}/")
            page.wait_for_url(f"**#{anchor_for(item.id)}")
        finally:
            server.shutdown()
            server.server_close()
    finally:
        tabs.give_back(page)


def test_every_lettered_short_address_is_written_in_capitals(real_site: RealSite) -> None:
    """Every number with a letter has its capitals' page, the same as its own."""
    short = real_site.html / "r"
    first: set[str] = set()
    for item in source_items(real_site.release):
        number = item.number.casefold()
        if number in first or number == number.upper():
            continue
        first.add(number)
        lower = (short / number / "index.html").read_text(encoding="utf-8")
        assert (short / number.upper() / "index.html").read_text(encoding="utf-8") == lower
