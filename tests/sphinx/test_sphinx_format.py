"""The whole CR YAML format on the page (the ``format`` root): timing structures
as nested ordered lists, snippets under their headings, capitalised references
linked with capitalised text, and new text highlighted behind a switch."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from sphinx.testing.util import SphinxTestApp
from sphinx_site import ROOTS, Element, Page, page

from rulesref.model import Kind
from rulesref.numbering import document_text
from rulesref.sphinx.registry import registry

FORMAT = pytest.mark.sphinx("html", testroot="format", srcdir="rr-format")


@pytest.fixture
def site(app: SphinxTestApp) -> tuple[SphinxTestApp, Path]:
    app.build()
    return app, Path(app.outdir)


def own_text(li: Element) -> Element:
    (text,) = li.own("p", "rr-text")
    return text


@FORMAT
def test_builds_without_a_warning(site: tuple[SphinxTestApp, Path]) -> None:
    app, _ = site
    assert app.warning.getvalue().strip() == ""


@FORMAT
def test_timing_structures_are_nested_ordered_lists(site: tuple[SphinxTestApp, Path]) -> None:
    app, out = site
    book = registry(app.env).books["fmt"]
    timing = page(out, "rules/fmt/chpt_timing")
    box = timing.by_id("sec_turn_structure_timing")
    assert {"rr-timing-structure", "rr-bold"} <= set(box.classes)
    (top,) = box.own("ol")
    assert "rr-timing-level-1" in top.classes and "arabic" in top.classes
    first, second = top.own("li")
    assert first.id == "sec_turn_structure_1"
    assert own_text(first).own("strong")[0].text() == "Draw phase"  # bold: first level
    (letters,) = first.own("ol")
    assert "loweralpha" in letters.classes and "rr-timing-level-2" in letters.classes
    steps = letters.own("li")
    assert [li.id[-1] for li in steps] == ["a", "b", "c", "d"]
    assert not own_text(steps[0]).own("strong")  # only the first level is bold
    assert "go to (d)" in own_text(steps[1]).text()
    assert "rr-new" in steps[2].classes and steps[2].find("span", "rr-new-text") is not None
    link = own_text(steps[0]).find("a", "headerlink")
    assert link is not None and link.attrs["href"] == "#sec_turn_structure_1_a"
    roman = second.own("ol")[0].own("li")[0].own("ol")[0]
    assert "lowerroman" in roman.classes
    # Not bold where the structure does not say so; every element has its anchor.
    plain = timing.by_id("sec_run_structure_timing")
    assert "rr-bold" not in plain.classes
    assert not own_text(plain.own("ol")[0].own("li")[0]).own("strong")
    for item in book.book.items():
        if item.kind in (Kind.TIMING, Kind.TIMING_STRUCTURE) and item.chapter.id == "chpt_timing":
            assert timing.by_id(item.id).tag == ("li" if item.kind is Kind.TIMING else "div")
    # A structure inside a rule sits inside the rule's block.
    rule = timing.by_id("rule_after_structure")
    assert rule.find("div", "rr-timing-structure").id == "rule_after_structure_timing"


def snippet_after_heading(doc: Page, ident: str) -> str:
    element = doc.by_id(ident)
    children = element.own()
    heading = next(i for i, c in enumerate(children) if c.tag[:1] == "h" or "rr-text" in c.classes)
    after = children[heading + 1]
    assert "rr-snippet" in after.classes, f"{ident}: no snippet under the heading"
    return after.text()


@FORMAT
def test_every_snippet_is_a_visible_paragraph_under_its_heading(
    site: tuple[SphinxTestApp, Path],
) -> None:
    app, out = site
    book = registry(app.env).books["fmt"]
    with_snippet = [item for item in book.book.items() if item.snippet]
    assert len(with_snippet) == 8
    for item in with_snippet:
        doc = page(out, book.item_page(item))
        shown = snippet_after_heading(doc, item.id).strip()
        assert shown == document_text(item.snippet or (), book.book)
    zones = page(out, "rules/fmt/chpt_structure")
    assert snippet_after_heading(zones, "sec_zones").startswith('"R&D" stands for Research')
    heading = zones.by_id("rule_zone_heading")
    assert heading.tag == "section" and heading.own("h3")[0].text().startswith("10.1.4 Heading")
    assert snippet_after_heading(zones, "rule_zone_heading").endswith("see Rule 10.1.1.")


@FORMAT
def test_capitalised_targets_link_with_capitalised_text(site: tuple[SphinxTestApp, Path]) -> None:
    _, out = site
    doc = page(out, "rules/fmt/chpt_structure")
    links = doc.by_id("rule_zone_basics").own("p", "rr-text")[0].find_all("a", "rr-ref")
    assert [(a.text(), a.attrs["href"]) for a in links] == [
        ("Rule 10.1.2", "#rule_zone_new"),
        ("10.1.2", "#rule_zone_new"),
        ("10.1.1", "#rule_zone_basics"),
    ]
    assert "Rules 10.1.2 and 10.1.1." in doc.by_id("rule_zone_basics").text()
    timing = page(out, "rules/fmt/chpt_timing")
    intro = timing.by_id("rule_run_intro")
    assert [a.text() for a in intro.find_all("a", "rr-ref")] == ["10.2.1", "10.2.3"]
    assert "see Steps 10.2.1 through 10.2.3." in intro.text()
    draws = timing.by_id("sec_turn_structure_1_d")
    assert [a.text() for a in draws.find_all("a", "rr-ref")] == ["Step 10.2.1"]


@FORMAT
def test_new_text_is_highlighted_with_a_switch(site: tuple[SphinxTestApp, Path]) -> None:
    _, out = site
    doc = page(out, "rules/fmt/chpt_structure")
    assert "rr-new" in doc.by_id("rule_zone_new").classes
    assert doc.by_id("rule_zone_new").find("span", "rr-badge-new") is not None
    assert doc.by_id("sec_zones").find("span", "rr-new-text") is not None
    scripts = [s.attrs.get("src", "").partition("?")[0] for s in doc.root.find_all("script")]
    assert any(src.endswith("_static/rulesref-format.js") for src in scripts)
    assert (out / "_static" / "rulesref-format.js").read_text().count("rr-hide-new") >= 2
    css = (out / "_static" / "rulesref-format.css").read_text()
    assert "html.rr-hide-new .rr-new-text" in css


@FORMAT
def test_whats_new_page_renders_the_changelog_with_links(site: tuple[SphinxTestApp, Path]) -> None:
    _, out = site
    index = page(out, "rules/fmt/index")
    menu = index.root.find("p", "rr-book-pages")
    assert menu is not None
    assert [a.text() for a in menu.find_all("a")][:2] == ["What's new", "Changes"]
    doc = page(out, "rules/fmt/whats-new")
    entries = doc.root.find("ul", "rr-changelog").own("li")
    assert len(entries) == 3
    first = entries[0]
    assert first.find("strong", "rr-changelog-version").text() == "2.0 2026-11-01"
    links = [(a.text(), a.attrs["href"]) for a in first.find_all("a", "rr-ref")]
    assert links == [("rule 10.1.2", "chpt_structure.html#rule_zone_new"),
                     ("rule 10.1.2a", "chpt_structure.html#rule_zone_new_a")]
    assert entries[1].text().startswith("Section 10.2 now numbers steps 10.2.1 through 10.2.3")
    assert entries[2].find("span", "rr-new-text") is not None
    marked = doc.by_id("fmt-marked-new")
    cited = [a.attrs["href"].split("#")[1] for a in marked.find_all("a", "rr-ref")]
    assert {"rule_zone_new", "step_two", "sec_turn_structure_1_c"} <= set(cited)
    assert "rule_zone_details_a" not in cited  # nothing new there


@FORMAT
def test_changes_page_compares_with_the_named_version(site: tuple[SphinxTestApp, Path]) -> None:
    _, out = site
    doc = page(out, "rules/fmt/changes")
    title = doc.root.find("h1")
    assert title is not None and title.text().startswith("Changes since _previous")
    added = doc.by_id("fmt-changes-added")
    assert [a.attrs["href"] for a in added.find_all("a", "rr-ref")] == [
        "chpt_structure.html#rule_zone_new", "chpt_structure.html#rule_zone_new_a"]
    changed = doc.by_id("fmt-changes-changed")
    assert next(e.text() for e in changed.find_all("span", "rr-diff-del")) == "place to be."
    assert next(e.text() for e in changed.find_all("span", "rr-diff-ins")) == "place."
    removed = doc.by_id("fmt-changes-removed")
    assert "rule 10.1.2 [rule_zone_old]: A rule the new edition removes." in removed.text()


def test_a_changelog_reference_that_leads_nowhere_is_a_located_warning(
    make_app: Any, tmp_path: Path
) -> None:
    srcdir = tmp_path / "site"
    shutil.copytree(ROOTS / "test-format", srcdir)
    changelog = srcdir / "books" / "fmt" / "changelog.yaml"
    changelog.write_text("changelog:\n- text: Fixed {ref:rule_zone_new}.\n"
                         "- text: Removed {ref:rule_nowhere}.\n", encoding="utf-8")
    (srcdir / "books" / "fmt" / "book.toml").write_text(
        (srcdir / "books" / "fmt" / "book.toml").read_text().replace(
            'changes_from = "_previous"', 'changes_from = "no-such-version"'))
    app = make_app("html", srcdir=srcdir)
    app.build()
    warnings = app.warning.getvalue()
    assert "changelog.yaml:3: WARNING: unresolved reference 'rule_nowhere' in the changelog" \
        in warnings
    assert "[rules.unresolved]" in warnings
    assert "changes_from = 'no-such-version'" in warnings and "[rules.source-error]" in warnings
    changes = page(Path(app.outdir), "rules/fmt/changes")
    assert "could not be read" in changes.root.find("p", "rr-empty").text()


@FORMAT
def test_every_word_of_the_format_book_is_on_its_chapter_pages(
    site: tuple[SphinxTestApp, Path],
) -> None:
    """Snippets, timing structures and every text key: nothing dropped."""
    from test_nothing_lost_html import html_words, yaml_source_words

    _, out = site
    folder = ROOTS / "test-format" / "books" / "fmt"
    expected = yaml_source_words(folder / "10_structure.yaml")
    expected += yaml_source_words(folder / "11_timing_structures.yaml")
    found = html_words([out / "rules" / "fmt" / "chpt_structure.html",
                        out / "rules" / "fmt" / "chpt_timing.html"])
    assert sum(expected.values()) > 150
    missing = {w: n - found[w] for w, n in expected.items() if found[w] < n}
    assert not missing, missing


@FORMAT
def test_pages_that_quote_rules_stay_out_of_the_search_index(
    site: tuple[SphinxTestApp, Path],
) -> None:
    """``nosearch`` keeps them out of Sphinx's search (the search of a site without
    Pagefind); the chapter pages stay in."""
    app, _ = site
    metadata = app.env.metadata
    assert metadata["rules/fmt/changes"].get("nosearch") is not None
    assert metadata["rules/fmt/whats-new"].get("nosearch") is not None
    assert metadata["rules/fmt/chpt_structure"].get("nosearch") is None
    # Nor are they in the Pagefind index that replaces it (rulesref.sphinx.features.search).
    from rulesref.sphinx.features.search import item_records, page_records
    from rulesref.sphinx.registry import registry

    items, chapter_docs = item_records(app, registry(app.env))
    pages = page_records(app, chapter_docs)
    assert any('"page">rules/fmt/chpt_structure.html<' in html for html in items.values())
    assert "rules/fmt/chpt_structure" in chapter_docs
    assert "rules/fmt/chpt_structure.html" not in pages  # its items are indexed instead
    assert "index.html" in pages
    assert not {"rules/fmt/changes.html", "rules/fmt/whats-new.html"} & set(pages)
