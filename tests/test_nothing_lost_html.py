"""Nothing lost on the site: every word of every seed is in its book's rendered HTML.

The words are counted with multiplicity, from the chapter pages only
(not the glossary or card index, which repeat text) and without the
scenarios shown beside examples, so neither can hide a dropped sentence.
Exempt is only markup: list placeholders, ``&nbsp;``, the HelpNDoc footer,
``Example:`` labels, and in the YAML the IDs inside ``{ref:…}`` (they are
rendered as official numbers such as "rule 8.1.2e").
"""

from __future__ import annotations

import re
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
import yaml

from docs_site import DocsSite
from rulesref.markup import SYMBOLS
from seed_words import CLEANERS, words

ROOT = Path(__file__).resolve().parents[1]
SEEDS = ROOT / "seeds"
SKIP_TAGS = {"script", "style", "details"}
SKIP_CLASSES = ("rr-scenario", "headerlink", "rr-preview")
VOID = {"br", "img", "hr", "input", "meta", "link", "wbr", "col", "area", "source"}


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.chunks: list[str] = []
        self.stack: list[bool] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        classes = found.get("class") or ""
        skip = tag in SKIP_TAGS or any(c in classes for c in SKIP_CLASSES)
        if tag not in VOID:
            self.stack.append(skip)
        if not any(self.stack) and found.get("aria-label") and not skip:
            self.chunks.append(" " + str(found["aria-label"]) + " ")

    def handle_endtag(self, tag: str) -> None:
        if tag not in VOID and self.stack:
            self.stack.pop()

    def handle_data(self, data: str) -> None:
        if not any(self.stack):
            self.chunks.append(data)


def html_words(pages: list[Path]) -> Counter[str]:
    bag: Counter[str] = Counter()
    for page in pages:
        parser = _Text()
        parser.feed(page.read_text(encoding="utf-8"))
        body = "".join(parser.chunks)
        bag += words(body)
    return bag


_REF = re.compile(r"\{[Rr]ef(?:/through)?:[^}]*\}")
_LINK = re.compile(r"\{link:([^|}]*)\|[^}]*\}")
_ROLE = re.compile(r"\{(?:term|subtype|card|product|img|curly):([^}]*)\}")
_SYMBOL = re.compile(r"\[([A-Za-z-]+)\]")


def yaml_source_words(path: Path) -> Counter[str]:
    """The words of every ``text`` in a CR YAML chapter, markup reduced to what it shows."""
    texts: list[str] = []

    def collect(node: Any) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key in ("text", "toc_entry", "snippet") and isinstance(value, str):
                    texts.append(value)
                else:
                    collect(value)
        elif isinstance(node, list):
            for value in node:
                collect(value)

    collect(yaml.safe_load(path.read_text(encoding="utf-8")))
    text = "\n".join(texts)
    text = _REF.sub(" ", text)
    text = _LINK.sub(r"\1", text)
    text = _ROLE.sub(r"\1", text)
    text = text.replace("{n}", "").replace("{/n}", "")
    return words(symbols_as_shown(text))


def symbols_as_shown(text: str) -> str:
    """``[sub]`` is shown as an icon whose text alternative is "subroutine"."""
    return _SYMBOL.sub(
        lambda m: SYMBOLS[m[1].casefold()].alt if m[1].casefold() in SYMBOLS else m[0], text)


@pytest.fixture(scope="module")
def site(docs_site: DocsSite) -> Path:
    """The site built once per session (tests/conftest.py), with the strict flags."""
    return docs_site.html


def chapter_pages(site: Path, book: str) -> list[Path]:
    folder = site / "rules" / book
    generated = {"index.html", "glossary.html", "cards.html"}
    pages = [p for p in sorted(folder.glob("*.html")) if p.name not in generated]
    assert pages, f"no chapter pages for {book}"
    return pages


SOURCES = [
    ("netrunner-cr", "04_game_zones.yaml"),
    ("netrunner-cr", "08_card_manipulation.yaml"),
    *((book, file) for book, (file, _) in CLEANERS.items()),
]


@pytest.mark.parametrize(("book", "file"), SOURCES, ids=[f for _, f in SOURCES])
def test_every_word_of_the_seed_is_on_the_site(site: Path, book: str, file: str) -> None:
    path = SEEDS / book / file
    if book in CLEANERS:
        cleaned = CLEANERS[book][1](path.read_text(encoding="utf-8"))
        expected = words(symbols_as_shown(cleaned.replace("\\[", "[").replace("\\]", "]")))
    else:
        expected = yaml_source_words(path)
    assert sum(expected.values()) > 250
    found = html_words(chapter_pages(site, book))
    missing = {w: n - found[w] for w, n in expected.items() if found[w] < n}
    assert not missing, f"words of {file} missing from the rendered HTML: {missing}"


def test_the_check_would_catch_a_dropped_sentence(site: Path, tmp_path: Path) -> None:
    """The comparison is not vacuous: drop one rule's text and words go missing."""
    pages = chapter_pages(site, "netrunner-cr")
    expected = yaml_source_words(SEEDS / "netrunner-cr" / "08_card_manipulation.yaml")
    expected += yaml_source_words(SEEDS / "netrunner-cr" / "04_game_zones.yaml")
    html = "".join(p.read_text(encoding="utf-8") for p in pages)
    sentence = "Derezzing a card is instantaneous and has no component steps."
    assert sentence in html
    # Beside the test, never in the shared site other tests are reading.
    trimmed = tmp_path / "_trimmed.html"
    trimmed.write_text(html.replace(sentence, ""), encoding="utf-8")
    found = html_words([trimmed])
    assert found["derezzing"] < expected["derezzing"]
