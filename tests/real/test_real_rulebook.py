"""The real rulebook, whole (issue 20): release 25.04 of the rules team's own
repository, taken through ``rulesref init``, ``check``, ``build`` and
``export`` as the README tells a rules team (tests/real_rulebook.py builds it
once per run).  Every expectation comes from the files: their IDs, the
numbers the rules team's generator gives them, their words, their changelog.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import yaml

from real_rulebook import RealSite, source_examples, source_items
from rulesref.identifiers import anchor_for
from seed_words import words
from test_nothing_lost_html import html_words, symbols_as_shown

COMMANDS = ("init", "check", "build", "export")


def test_init_check_build_and_export_read_the_whole_release(real_site: RealSite) -> None:
    items = source_items(real_site.release)
    expected = (
        f"rulesref: read 1 book: {len({i.file for i in items})} chapters, {len(items):,} items, "
        f"{source_examples(real_site.release)} examples; nothing left out"
    )
    for name in COMMANDS:
        step = real_site.steps[name]
        assert step.returncode == 0, f"{name}: {step.stderr[-3000:]}"
        assert "Traceback" not in step.stderr
        assert not re.search(r"\berror\b|ERROR", step.stderr.replace("0 errors", "")), (
            f"{name} reported an error:\n{step.stderr[-3000:]}"
        )
        last = step.stderr.splitlines()[-1]
        assert last.startswith(expected), f"{name}: {last}"


def _anchors(html: Path) -> dict[str, set[str]]:
    """Page name → the ``id`` attributes of the book's chapter pages."""
    found: dict[str, set[str]] = {}
    for page in (html / "rules").rglob("*.html"):
        found[page.name] = set(re.findall(r'\bid="([^"]+)"', page.read_text(encoding="utf-8")))
    return found


def _export_items(data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}

    def visit(item: dict[str, Any]) -> None:
        out.setdefault(item["id"], item)
        for child in (*item["timing"], *item["children"]):
            visit(child)

    for book in data["books"]:
        for chapter in book["chapters"]:
            visit(chapter)
    return out


def test_every_id_is_an_anchor_and_an_export_item_with_its_number(real_site: RealSite) -> None:
    items = source_items(real_site.release)
    assert len(items) > 1000
    pages = _anchors(real_site.html)
    every_anchor = set().union(*pages.values())
    exported = _export_items(json.loads(real_site.export.read_text(encoding="utf-8")))
    missing = [i.id for i in items if anchor_for(i.id) not in every_anchor]
    assert not missing, f"IDs without an anchor on the site: {missing[:10]}"
    wrong = [
        (i.id, i.number, exported[i.id]["number"] if i.id in exported else None)
        for i in items
        if i.id not in exported or exported[i.id]["number"] != i.number
    ]
    assert not wrong, f"IDs not exported with their number: {wrong[:10]}"
    for item in items:  # the export says where each one is shown
        assert exported[item.id]["anchor"] == anchor_for(item.id)


def test_timing_structures_are_numbered_as_the_rules_team_numbers_them(
    real_site: RealSite,
) -> None:
    """An appendix element's ID and number: its section's followed by its place
    (``_1``, ``_1_a``, ``_1_a_i``), as the team's own JSON export has them."""
    items = source_items(real_site.release)
    elements = [i for i in items if re.search(r"_\d+(?:_[a-z]+){0,2}$", i.number)]
    assert len(elements) > 50
    deepest = max(elements, key=lambda i: i.number.count("_"))
    assert deepest.number.count("_") == 3  # a third level exists and is checked too
    exported = _export_items(json.loads(real_site.export.read_text(encoding="utf-8")))
    for element in elements:
        assert exported[element.id]["kind"] == "timing"
        assert exported[element.id]["number"] == element.number


# ---------------------------------------------------------------------------
# Every word on a page.

_ID_KEY = re.compile(r"^\s*(?:-\s+)?(?:chapter|section|subsection|rule|id):.*$")
_KEY = re.compile(
    r"^(\s*(?:-\s+)?)(?:text|snippet|toc_entry|timing_structure|elements|rules|sections|"
    r"examples|toc|steps|new|bold):[ \t]*(?:[|>][-+]?)?"
)
_REF = re.compile(r"\{[Rr]ef(?:/through)?:[^}]*\}")
_ROLE = re.compile(r"\{(?:term|subtype|card|product|img|curly):([^}]*)\}")
_LINK = re.compile(r"\{link:([^|}]*)\|[^}]*\}")
_FLAG_VALUE = re.compile(r"^\s*(?:true|false|yes|no)\s*$")


def source_words(path: Path) -> Counter[str]:
    """The words a reader must find: every line of the file but the ID lines,
    with the structural keys, flags and reference IDs taken away (a reference
    shows as "rule 8.1.2e", a symbol as its name).  Taken from the lines, not
    from what YAML makes of them, so text YAML would misread still counts."""
    kept: list[str] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if _ID_KEY.match(line):
            continue
        line = _KEY.sub(r"\1", line)
        if _FLAG_VALUE.match(line):
            continue
        kept.append(line.lstrip(" -"))
    text = "\n".join(kept)
    text = _REF.sub(" ", text)
    text = _LINK.sub(r"\1", text)
    text = _ROLE.sub(r"\1", text)
    text = text.replace("{n}", "").replace("{/n}", "")
    # A symbol is an icon whose text alternative is a word of its own: "1[c]" reads "1 credit".
    return words(symbols_as_shown(re.sub(r"\[[A-Za-z-]+\]", r" \g<0> ", text)))


def _page_of(html: Path, chapter_id: str) -> Path:
    matches = [p for p in (html / "rules").rglob("*.html")
               if f'id="{anchor_for(chapter_id)}"' in p.read_text(encoding="utf-8")
               and p.name not in ("glossary.html", "cards.html", "index.html")]
    assert len(matches) == 1, (chapter_id, matches)
    return matches[0]


def test_every_word_of_every_text_is_on_a_page(real_site: RealSite) -> None:
    for path in sorted((real_site.release / "input").glob("*.yaml")):
        chapter_id = str(yaml.safe_load(path.read_text(encoding="utf-8"))["chapter"]).strip()
        expected = source_words(path)
        found = html_words([_page_of(real_site.html, chapter_id)])
        missing = {w: n - found[w] for w, n in expected.items() if found[w] < n}
        assert not missing, f"words of {path.name} missing from its page: {missing}"


def test_the_word_check_would_catch_a_lost_text(real_site: RealSite, tmp_path: Path) -> None:
    """Not vacuous: a page without one example's words fails it."""
    path = sorted((real_site.release / "input").glob("*.yaml"))[6]
    chapter_id = str(yaml.safe_load(path.read_text(encoding="utf-8"))["chapter"]).strip()
    page = _page_of(real_site.html, chapter_id).read_text(encoding="utf-8")
    example = re.search(r'<div class="[^"]*rr-example[^"]*"[^>]*>.*?</div>', page, re.S)
    assert example is not None
    trimmed = tmp_path / "trimmed.html"
    trimmed.write_text(page.replace(example[0], ""), encoding="utf-8")
    found = html_words([trimmed])
    expected = source_words(path)
    assert any(found[w] < n for w, n in expected.items())


# ---------------------------------------------------------------------------
# The changelog as What's new.


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []
        self.unresolved = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "a" and found.get("href"):
            self.hrefs.append(str(found["href"]))
        if "rr-unresolved" in (found.get("class") or ""):
            self.unresolved += 1


def test_the_changelog_is_whats_new_with_every_reference_resolved(real_site: RealSite) -> None:
    changelogs = sorted((real_site.release / "changelogs").glob("[0-9]*.yaml"))
    newest = changelogs[-1]
    refs = re.findall(r"\{[Rr]ef(?:/through)?:([^}]*)\}", newest.read_text(encoding="utf-8"))
    targets = {part.strip().casefold() for ref in refs for part in ref.split(",")}
    assert targets
    by_fold = {i.id.casefold(): i.id for i in source_items(real_site.release)}
    pages = list((real_site.html / "rules").rglob("whats-new.html"))
    assert len(pages) == 1
    text = pages[0].read_text(encoding="utf-8")
    assert newest.stem in text  # the version it describes
    links = _Links()
    links.feed(text)
    assert links.unresolved == 0
    fragments = {href.rpartition("#")[2] for href in links.hrefs}
    for target in targets:
        assert target in by_fold, f"the changelog cites '{target}', which the release lacks"
        assert anchor_for(by_fold[target]) in fragments, f"no link to {target}"


# ---------------------------------------------------------------------------
# Numbers, never IDs, where a judge reads.

_TOKEN = re.compile(r"[A-Za-z0-9_.:+-]+")


def _ids_in(text: str, ids: set[str]) -> set[str]:
    return {token for token in _TOKEN.findall(text) if token in ids}


def test_show_search_and_link_previews_never_print_an_id(
    real_site: RealSite, capsys: Any
) -> None:
    from rulesref.cli import main

    items = source_items(real_site.release)
    ids = {i.id for i in items if "_" in i.id}  # an ID a reader could mistake for words is fine
    books = ["--books", str(real_site.release), "--examples", "none"]
    said: list[str] = []
    for item in items[::320]:  # a sample across the chapters, each by number and by ID
        for ref in (item.number, item.id):
            assert main([*books, "show", ref]) == 0
            said.append(capsys.readouterr().out)
    for query in (["bypass"], ["hidden", "zone"], ["checkpoint"], ["trash", "cost"]):
        assert main([*books, "search", *query]) == 0
        said.append(capsys.readouterr().out)
    leaked = _ids_in("\n".join(said), ids)
    assert not leaked, f"IDs in show/search output: {sorted(leaked)[:10]}"
    for page in (real_site.html / "rules").rglob("*.html"):
        tags = re.findall(r'<meta (?:property|name)="[^"]*" content="([^"]*)"',
                          page.read_text(encoding="utf-8"))
        leaked = _ids_in("\n".join(tags), ids)
        assert not leaked, f"IDs in the link-preview tags of {page.name}: {sorted(leaked)[:5]}"
