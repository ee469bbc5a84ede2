"""Links a reader follows without searching: "Referenced by" under each rule,
first uses of defined terms linked to their definitions, previews of sections
and terms, and rule numbers (not IDs) in scenario traces."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from sphinx.testing.util import SphinxTestApp
from sphinx_site import BASIC, SEEDED, Element, page, preview_book, previews, writable_site

from rulesref.model import Ref, Term, term_key, walk_inlines
from rulesref.scenarios import LIBRARY
from rulesref.sphinx.domain import rules_domain
from rulesref.sphinx.features.scenarios.traces import Cited, link_citations
from rulesref.sphinx.loaded_book import LoadedBook
from rulesref.sphinx.registry import registry


def built(app: SphinxTestApp) -> Path:
    app.build()
    return Path(app.outdir)


def referenced_by_links(element: Element) -> list[Element]:
    lines = element.own("p", "rr-referenced-by")
    assert len(lines) <= 1
    return lines[0].find_all("a") if lines else []


# --------------------------------------------------------------------------
# Referenced by


@BASIC
def test_referenced_by_lists_exactly_the_rules_whose_text_references_it(app: SphinxTestApp
                                                                         ) -> None:
    out = built(app)
    listed = 0
    for book in registry(app.env):
        # Independently of the extension: who cites whom, from the model's inlines.
        citing: dict[str, list[str]] = {}
        for item in book.book.items():
            ids = {i for n in walk_inlines(item.text) if isinstance(n, Ref) for i in n.ids}
            for ident in sorted(ids - {item.id}):
                citing.setdefault(ident, []).append(item.id)
        for item in book.book.items():
            shown = page(out, book.item_page(item))
            element = shown.by_id(item.id)
            links = referenced_by_links(element)
            expected = citing.get(item.id, [])
            assert [a.attrs["href"].rsplit("#", 1)[1] for a in links] == expected, item.id
            # Each is the citing rule's number, a previewed rule link.
            for link, ident in zip(links, expected, strict=True):
                assert link.text() == book.book.get(ident).number
                assert "rr-ref" in link.classes and preview_book(shown, link) == book.slug
            listed += len(links)
    assert listed >= 10
    mini = page(out, "rules/mini/chpt_mini")
    line = mini.by_id("sec_mini_steps").own("p", "rr-referenced-by")[0]
    assert " ".join(line.text().split()) == "Referenced by 1.1.5"


@pytest.mark.sphinx("html", testroot="basic", srcdir="rr-links-incremental")
def test_a_new_reference_elsewhere_updates_the_referenced_page(make_app, tmp_path: Path
                                                                ) -> None:
    srcdir = writable_site(tmp_path / "site", "netrunner-cr")
    app: SphinxTestApp = make_app("html", srcdir=srcdir)
    app.build()
    out = Path(app.outdir)
    zones = "rules/netrunner-cr/chpt_game_zones"
    assert referenced_by_links(page(out, zones).by_id("rule_hidden_zone")) == []
    app.cleanup()
    # Chapter 8 starts citing rule 4.1.5; chapter 4's file is not touched.
    source = srcdir / "books/netrunner-cr/08_card_manipulation.yaml"
    text = source.read_text(encoding="utf-8")
    text = text.replace("text: ", "text: Unlike {ref:rule_hidden_zone}, ", 1)
    source.write_text(text, encoding="utf-8")
    again: SphinxTestApp = make_app("html", srcdir=srcdir)
    again.build()
    links = referenced_by_links(page(out, zones).by_id("rule_hidden_zone"))
    book = registry(again.env).books["netrunner-cr"]
    first = book.book.get("chpt_card_manipulation")
    assert first is not None
    assert [a.text() for a in links] == [first.number]
    again.cleanup()


# --------------------------------------------------------------------------
# Terms


def _defined_keys(book: LoadedBook, ident: str) -> set[str]:
    item = book.book.get(ident)
    assert item is not None
    return {n.key for n in walk_inlines(item.text) if isinstance(n, Term)}


@BASIC
def test_the_first_use_of_a_defined_term_in_a_rule_links_to_its_definition(
        app: SphinxTestApp) -> None:
    out = built(app)
    book = registry(app.env).books["netrunner-cr"]
    linked = 0
    for chapter in book.book.chapters:
        html = page(out, book.chapter_page(chapter))
        for item in chapter.walk():
            element = html.by_id(item.id)
            texts = [p for p in element.own("p", "rr-text")]
            if not texts:
                continue
            uses = [a for a in texts[0].find_all("a") if "rr-term-use" in a.classes]
            keys = []
            for use in uses:
                word = use.text()
                key = term_key(word)
                key = next(k for k in (key, key[:-1], key[:-2]) if k in book.terms)
                keys.append(key)
                definition = book.terms[key][0]
                anchor = use.attrs["href"].rsplit("#", 1)[1]
                assert anchor == definition.anchor
                # Never a term this rule defines itself.
                assert key not in _defined_keys(book, item.id)
                # The first use: the words before it do not use the term.
                before = texts[0].text().split(word)[0]
                assert not re.search(rf"(?<![\w-]){re.escape(key)}(?:s|es)?(?![\w-])",
                                     before, re.IGNORECASE), (item.id, key)
            assert len(keys) == len(set(keys)), (item.id, keys)  # once per rule
            linked += len(keys)
    assert linked >= 20


# --------------------------------------------------------------------------
# Previews


@BASIC
def test_previews_of_sections_show_their_first_rules_and_terms_their_definition(
        app: SphinxTestApp) -> None:
    out = built(app)
    data = previews(out, "mini")
    head, text, rows = data["sec_mini_steps"]
    assert (head, text) == ("section 1.1.6", "Steps of Pinging")
    assert [number for number, _ in rows] == ["1.1.6a", "1.1.6b", "1.1.6c"]
    assert rows[0][1] == "First."
    assert len(data["rule_mini_script"]) == 2  # a rule: just its text
    book = registry(app.env).books["mini"]
    ping = book.terms["ping"][0]
    assert data[ping.anchor] == ["ping, defined in section 1.1.4",
                                 "To ping a card is to tap it."]


# --------------------------------------------------------------------------
# Traces


def test_citations_in_trace_output_become_linked_numbers() -> None:
    table = {"rule_a": Cited("8.2.12", "#rule_a", "cr"),
             "rule_b": Cited("4.1.5", "zones.html#rule_b", "cr")}
    html = ('<span class="go">  [rule_a, rule_b] Enigma is derezzed</span>\n'
            '<span class="gp">&gt;&gt;&gt; </span>f(rule_a)\n'
            'IllegalAction: not rezzed (rule_b)\n'
            '<span class="go">[rule_a, not_a_rule] stays</span>')
    out = link_citations(html, table.get).split("\n")
    assert out[0] == (
        '<span class="go">  [<a class="reference internal rr-ref rr-trace-ref rr-book-cr" '
        'href="#rule_a" title="rule_a" data-rr-id="rule_a">8.2.12</a>, '
        '<a class="reference internal rr-ref rr-trace-ref rr-book-cr" '
        'href="zones.html#rule_b" title="rule_b" data-rr-id="rule_b">4.1.5</a>] '
        'Enigma is derezzed</span>')
    assert out[1] == '<span class="gp">&gt;&gt;&gt; </span>f(rule_a)'  # typed code stays
    assert 'title="rule_b"' in out[2] and ">4.1.5</a>)" in out[2]
    assert out[3] == '<span class="go">[rule_a, not_a_rule] stays</span>'


@SEEDED
def test_traces_on_the_site_cite_linked_numbers_with_the_id_in_a_tooltip(
        app: SphinxTestApp) -> None:
    out = built(app)
    reg = registry(app.env)
    html = page(out, "rules/netrunner-cr/chpt_card_manipulation")
    box = html.by_id("scenario-netrunner-cr-derez")
    cited = [a for a in box.find_all("a") if "rr-trace-ref" in a.classes]
    assert cited
    book = reg.books["netrunner-cr"]
    for link in cited:
        ident = link.attrs["title"]
        found = reg.find_target(ident, "netrunner-cr")
        assert found, ident
        target = found[0][1]
        assert link.text() == target.number
        assert link.attrs["href"].endswith(f"#{target.anchor}")
    procedure = book.targets["rule_derez_procedure"]
    assert any(a.attrs["title"] == "rule_derez_procedure"
               and a.text() == procedure.number for a in cited)
    # No known ID is left in brackets in any trace of any page.
    ids = {i for b in reg for i in b.targets}
    for path in sorted(out.glob("rules/*/*.html")):
        for pre in page(out, str(path.relative_to(out))[:-5]).root.find_all("pre"):
            text = pre.text()
            for group in re.findall(r"[\[(]([A-Za-z0-9_, ]+)[\])]", text):
                names = [n.strip() for n in group.split(",")]
                prompt = any(line.lstrip().startswith((">>>", "..."))
                             for line in text.splitlines() if group in line)
                if not prompt:
                    assert not all(n in ids for n in names), (path.name, group)
    # The doctests themselves still compare IDs: the source is unchanged.
    source = (LIBRARY / "netrunner-cr/derez.md").read_text(encoding="utf-8")
    assert "[rule_derez_procedure, rule_derez_cost]" in source


def _trace_numbers(out: Path, docname: str) -> dict[str, str]:
    html = page(out, docname)
    return {a.attrs["title"]: a.text() for a in html.root.find_all("a")
            if "rr-trace-ref" in a.classes}


def test_traces_follow_a_renumbering_in_another_chapter(make_app, tmp_path: Path) -> None:
    srcdir = writable_site(tmp_path / "site", "netrunner-cr")
    overrides = {"rulesref_scenario_library": True,
                 "rulesref_books": ["netrunner-cr"]}
    app: SphinxTestApp = make_app("html", srcdir=srcdir, confoverrides=overrides)
    app.build()
    out = Path(app.outdir)
    zones = "rules/netrunner-cr/chpt_game_zones"
    before = _trace_numbers(out, zones)
    moved = {ident: n for ident, n in before.items() if n.startswith("8.")}
    assert moved, before  # the Game Zones scenarios cite rules of chapter 8
    # The page recorded the numbers its traces show (whatever else it shows).
    shown = rules_domain(app.env).shown[zones]
    for ident in before:
        assert ("role-ref", ident, "netrunner-cr", True) in shown, ident
    app.cleanup()
    # A new first section in chapter 8 renumbers it; chapter 4's file is untouched.
    source = srcdir / "books/netrunner-cr/08_card_manipulation.yaml"
    text = source.read_text(encoding="utf-8").replace(
        "sections:\n", "sections:\n- section: sec_inserted_first\n  text: Inserted\n"
        "  rules:\n  - rule: rule_inserted_first\n    text: An inserted rule.\n", 1)
    source.write_text(text, encoding="utf-8")
    again: SphinxTestApp = make_app("html", srcdir=srcdir, confoverrides=overrides)
    again.build()
    after = _trace_numbers(out, zones)
    book = registry(again.env).books["netrunner-cr"]
    for ident in moved:
        assert after[ident] == book.targets[ident].number != before[ident], ident
    again.cleanup()


def test_a_book_wide_previews_file_of_an_older_build_is_removed(make_app, tmp_path) -> None:
    srcdir = writable_site(tmp_path / "site")
    app: SphinxTestApp = make_app("html", srcdir=srcdir)
    legacy = Path(app.outdir) / "_static/rulesref/previews-mini.js"
    legacy.parent.mkdir(parents=True)
    legacy.write_text("window.RULESREF_PREVIEWS={};\n", encoding="utf-8")
    app.build()
    assert not legacy.exists()
    assert previews(Path(app.outdir), "mini")
