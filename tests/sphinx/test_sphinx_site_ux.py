"""Issue 8 in the built HTML: the readers' and the drafting build, numbers as
anchors and short addresses, the search index, the copy-link control, print
targets, the 404 page and the menu."""

from __future__ import annotations

import gzip
import json
import re
import zlib
from html import unescape
from pathlib import Path
from typing import Any

from sphinx.testing.util import SphinxTestApp
from sphinx_site import BASIC, DRAFTING, page, writable_site

from rulesref.checks import unresolved_references
from rulesref.sphinx.audience import plain_words
from rulesref.sphinx.loaded_book import LoadedBook
from rulesref.sphinx.registry import registry

RAW_ID = re.compile(r"\b(?:rule|sec|step|chpt)_[a-z0-9_]+\b")
CM = "rules/netrunner-cr/chpt_card_manipulation"


def built(app: SphinxTestApp) -> Path:
    app.build()
    return Path(app.outdir)


def rule_texts(out: Path, book: LoadedBook) -> str:
    return "\n".join(
        p.text() for chapter in book.book.chapters
        for p in page(out, book.chapter_page(chapter)).root.find_all("p", "rr-text")
    )


@BASIC
def test_readers_see_words_and_a_quiet_mark_never_ids_or_todo(app: SphinxTestApp) -> None:
    out = built(app)
    book = registry(app.env).books["netrunner-cr"]
    unresolved = list(unresolved_references(book.book))
    assert unresolved and any(u.is_todo for u in unresolved)
    text = rule_texts(out, book)
    assert "TODO" not in text and "unresolved" not in text
    assert not RAW_ID.findall(text)
    chapter = page(out, CM)
    trash = chapter.by_id("movement_trash")
    missing = trash.find("span", "rr-missing")
    assert missing is not None
    assert missing.text() == "section “trashing”not on this site yet"
    assert missing.find("span", "rr-missing-mark").text() == "not on this site yet"
    assert not (out / "rules/drafting.html").exists()
    assert not (Path(app.srcdir) / "rules/drafting.md").exists()


@DRAFTING
def test_the_drafting_build_keeps_the_marks_and_the_status_page(app: SphinxTestApp) -> None:
    out = built(app)
    book = registry(app.env).books["netrunner-cr"]
    text = rule_texts(out, book)
    assert "TODO" in text and "unresolved: sec_trashing" in text
    assert (out / "rules/drafting.html").is_file()
    home = page(out, "index")
    assert "Drafting status" in home.root.find("p", "rr-books-drafting").text()


def test_plain_words_of_an_id() -> None:
    assert plain_words("sec_trashing") == "section “trashing”"
    assert plain_words("rule_cost_paid_checkpoint") == "rule “cost paid checkpoint”"
    assert plain_words("TODO") == "another rule"
    assert plain_words("tc_1_2_1") == "another rule"
    assert plain_words("step_2") == "another step"


@BASIC
def test_numbers_are_anchors_and_short_addresses(app: SphinxTestApp) -> None:
    out = built(app)
    chapter = page(out, CM)
    number = chapter.by_id("8.1.2e")
    assert number.tag == "a" and "rr-number" in number.classes
    assert number.parent is not None and number.parent.parent is chapter.by_id(
        "rule_rez_procedure")
    # A section's number is its second anchor.
    assert chapter.by_id("8.2").parent is chapter.by_id("sec_card_movements")
    short = (out / "r/8.1.2e/index.html").read_text(encoding="utf-8")
    target = "../../rules/netrunner-cr/chpt_card_manipulation.html#rule_rez_procedure"
    assert f'<meta name="rulesref-target" content="{target}">' in short
    assert f'content="0; url={target}"' in short
    assert (out / "r/netrunner-cr/8.1.2e/index.html").is_file()
    # 1.1 is a number in several books: its short address lists them.
    shared = (out / "r/1.1/index.html").read_text(encoding="utf-8")
    assert "rulesref-choices" in shared and "rulesref-target" not in shared
    # Every numbered item has one.
    for book in registry(app.env):
        for item in book.book.items():
            if item.number:
                assert (out / "r" / book.slug / item.number.lower() / "index.html").is_file()


@BASIC
def test_short_addresses_of_removed_numbers_are_removed(make_app: Any, tmp_path: Path) -> None:
    """Short addresses follow the numbers from build to build: a number that is
    gone loses its page, files the build did not write stay, and a site written
    without the record of what was written (an older version, a cleared cache)
    is cleaned of stale short pages by their mark."""
    srcdir = writable_site(tmp_path / "site")
    theme = {"html_theme": "basic"}
    first: SphinxTestApp = make_app("html", srcdir=srcdir, confoverrides=theme)
    first.build()
    first.cleanup()
    out = Path(first.outdir)
    mini = registry(first.env).books["mini"].book
    last = next(item for item in mini.items() if item.id == "step_mini_three")
    gone = out / f"r/{last.number}/index.html"
    assert gone.is_file() and (out / f"r/mini/{last.number}/index.html").is_file()
    mine = out / "r/README.txt"
    mine.write_text("not a short address")

    chapter = srcdir / "books/mini/mini.yaml"
    text = chapter.read_text(encoding="utf-8")
    start = text.index("    - rule: step_mini_three")
    end = text.index("\n  - ", start)
    chapter.write_text(text[:start] + text[end + 1:], encoding="utf-8")
    second: SphinxTestApp = make_app("html", srcdir=srcdir, confoverrides=theme)
    second.build()
    second.cleanup()
    assert not gone.exists() and not gone.parent.exists()
    assert not (out / f"r/mini/{last.number}").exists()
    assert mine.exists()

    stale = out / "r/99.9/index.html"
    stale.parent.mkdir(parents=True)
    stale.write_text((out / "r/1.1.1/index.html").read_text(encoding="utf-8"))
    for manifest in Path(second.doctreedir).glob("rulesref-short-addresses.json"):
        manifest.unlink()
    third: SphinxTestApp = make_app("html", srcdir=srcdir, confoverrides=theme)
    third.build()
    assert not stale.exists() and mine.exists()
    assert (out / "r/1.1.1/index.html").is_file()


@BASIC
def test_each_rule_has_a_copy_link_control(app: SphinxTestApp) -> None:
    """The rule's number is its permanent link (rulesref-site.js makes it copy);
    no empty control beside it repeats the rule's ID."""
    out = built(app)
    rule = page(out, CM).by_id("rule_rez_procedure")
    text = rule.own("p", "rr-text")[0]
    control = [a for a in text.own("a") if a.attrs.get("href") == "#rule_rez_procedure"]
    assert len(control) == 1
    assert "rr-number" in control[0].classes and control[0].text() == "8.1.2e"
    assert not [a for a in text.own("a") if "rr-permalink" in a.classes]


def fragments(bundle: Path) -> list[dict[str, Any]]:
    """What Pagefind stored of each record (gzip'd JSON after a signature)."""
    out = []
    for path in sorted((bundle / "fragment").glob("*.pf_fragment")):
        data = gzip.decompress(path.read_bytes())
        out.append(json.loads(data[data.index(b"{"):]))
    return out


@BASIC
def test_the_search_index_has_every_rule_in_few_records(app: SphinxTestApp) -> None:
    """The rules' bundle holds a record per chapter page, not per item: every
    numbered item is a region of its chapter's record (an anchor Pagefind
    located, with the item's number among the record's facts)."""
    out = built(app)
    assert (out / "_pagefind/pagefind.js").is_file()

    def records(bundle: str) -> int:
        entry = json.loads((out / bundle / "pagefind-entry.json").read_text())
        return sum(language["page_count"] for language in entry["languages"].values())

    reg = registry(app.env)
    chapters = sum(len(book.book.chapters) for book in reg)
    assert records("_pagefind") == chapters
    located: dict[tuple[str, str], str] = {}
    for record in fragments(out / "_pagefind"):
        facts = json.loads(record["meta"]["items"])
        page = record["meta"]["page"]
        assert [a["id"] for a in record["anchors"]] == list(facts)
        located.update({(page, anchor): number for anchor, (number, *_) in facts.items()})
    expected = {(app.builder.get_target_uri(book.item_page(item)), item.anchor): item.number
                for book in reg for item in book.book.items()
                if item.number and not item.unreadable and item.kind.value != "timing_structure"
                and book.targets.get(item.id) is not None and book.targets[item.id].holds(item)}
    assert located == expected
    assert records("_pagefind-pages") > 0
    search = (out / "search.html").read_text(encoding="utf-8")
    assert "rulesref-search.js" in search and "searchtools.js" not in search
    assert not (out / "searchindex.js").exists()


@BASIC
def test_links_print_the_number_they_lead_to(app: SphinxTestApp) -> None:
    out = built(app)
    # A reference that already reads "rule 8.1.2e" gets no second number, and a
    # term linked to its definition none either (its number would bury the
    # rules the text cites); a link whose words are not a number gets one.
    for name in ("rules/netrunner-cr/glossary", CM):
        root = page(out, name).root
        for link in root.find_all("a", "rr-term-ref") + root.find_all("a", "rr-term-use"):
            after = link.next_element()
            assert after is None or "rr-print-target" not in after.classes, link.text()
    # An author's link to a rule in words ({rules:ref} with a title) prints its number.
    marks = page(out, "authors").root.find_all("span", "rr-print-target")
    assert [m.attrs["data-number"] for m in marks] == ["8.1.2e"]
    assert all(not m.text() for m in marks)


@BASIC
def test_the_404_page_and_the_go_to_box(app: SphinxTestApp) -> None:
    out = built(app)
    lost = (out / "404.html").read_text(encoding="utf-8")
    assert 'class="rr-notfound"' in lost and 'id="rr-goto-input"' in lost
    chapter = (out / f"{CM}.html").read_text(encoding="utf-8")
    assert chapter.count('id="rr-goto-input"') == 1
    assert 'data-book="netrunner-cr"' in chapter
    assert 'action="../../search.html"' in chapter


@BASIC
def test_search_records_read_as_the_page_never_a_raw_id(app: SphinxTestApp) -> None:
    """A search snippet is read out of context: references are numbers, and one
    that leads nowhere yet is its plain words, as on the readers' pages."""
    from rulesref.sphinx.features.search import item_records

    built(app)
    records, _ = item_records(app, registry(app.env))
    regions = {anchor: text for html in records.values()
               for anchor, text in re.findall(r'<div id="([^"]+)">(.*?)</div>', html)}
    rez = regions["rule_rez_procedure"]
    assert "rule_cost_paid_checkpoint" not in rez
    assert "rule “cost paid checkpoint”" in rez
    assert not any(RAW_ID.search(re.sub(r"<[^>]*>", " ", text)) for text in regions.values())
    titles = [facts[1] for html in records.values()
              for facts in json.loads(unescape(re.findall(
                  r'data-pagefind-meta="items">([^<]*)<', html)[0])).values()]
    assert titles and not any(RAW_ID.search(title) for title in titles)


ASSET = re.compile(r'(?:href|src)="((?:\.\./)*_static/(rulesref[\w.-]*\.(?:css|js)))(\?v=\w+)?"')


@BASIC
def test_a_clean_build_gives_its_assets_checksums_as_a_rebuild_does(app: SphinxTestApp) -> None:
    """rulesref's style sheets and scripts are in ``_static`` before the first page
    is written, so every page links them with Sphinx's checksum (``?v=``: a
    browser never keeps an old copy), already on a clean build."""
    out = built(app)
    book = registry(app.env).books["netrunner-cr"]
    for docname in ("index", book.chapter_page(book.book.chapters[0]), book.glossary_page):
        html = (out / f"{docname}.html").read_text(encoding="utf-8")
        found = ASSET.findall(html)
        assert {name for _, name, _ in found} >= {"rulesref-bundle.css", "rulesref.js"}
        for _, name, version in found:
            data = (out / "_static" / name).read_bytes().translate(None, b"\r")
            assert version == f"?v={zlib.crc32(data):08x}", (docname, name)
