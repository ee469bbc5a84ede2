"""The Scenario coverage page: rules with and without scenarios, examples still
without one, scenario problems (also warnings), and the links to the page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from sphinx.testing.util import SphinxTestApp
from sphinx_site import SEEDED, TINY, Element, page

from rulesref.coverage import coverage
from rulesref.scenarios import LIBRARY, find_scenarios
from rulesref.sphinx.registry import registry

EXAMPLES = LIBRARY
ANSI = re.compile(r"\x1b\[[0-9;]*m")
PAGE = "rules/scenario-coverage"


def built(app: SphinxTestApp) -> Path:
    app.build()
    return Path(app.outdir)


def words(element: Element) -> str:
    return " ".join(element.text().split())


def rows(table: Element) -> list[list[str]]:
    body = table.find("tbody")
    assert body is not None
    return [[words(cell) for cell in row.own("td")] for row in body.own("tr")]


def book_part(out: Path, slug: str) -> Element:
    return page(out, PAGE).by_id(f"coverage-{slug}")


@SEEDED
def test_every_cr_example_is_listed_as_backed(app: SphinxTestApp) -> None:
    out = built(app)
    reg = registry(app.env)
    cr = reg.books["netrunner-cr"]
    expected = coverage([cr.book], find_scenarios(EXAMPLES))["netrunner-cr"]
    assert expected.examples and not expected.unbacked
    part = book_part(out, "netrunner-cr")
    assert part.find("ul", "rr-coverage-unbacked") is None
    complete = part.find("p", "rr-coverage-complete")
    assert complete is not None and words(complete) == (
        "None: every example of Netrunner Comprehensive Rules is backed by a scenario.")
    n = len(expected.examples)
    assert f"{n} of {n} examples (100%) are backed" in words(
        part.find("p", "rr-coverage-summary"))


@SEEDED
def test_each_chapter_lists_its_rules_with_and_without_scenarios(app: SphinxTestApp) -> None:
    out = built(app)
    reg = registry(app.env)
    result = coverage([b.book for b in reg], find_scenarios(EXAMPLES))
    pg = page(out, PAGE)
    for book in reg:
        cov = result[book.slug]
        for chapter in cov.chapters:
            box = pg.by_id(f"coverage-{book.slug}-{chapter.chapter.id}".replace("_", "-"))
            with_, without = (box.find("p", "rr-coverage-with"),
                              box.find("p", "rr-coverage-without"))
            covered = [r.item for r in chapter.rules if r.covered]
            missing = [r.item for r in chapter.rules if not r.covered]
            for para, items in ((with_, covered), (without, missing)):
                links = para.find_all("a")
                assert [a.text() for a in links] == [i.number or i.id for i in items]
                for link, item in zip(links, items, strict=True):
                    assert link.attrs["href"].endswith(f"#{item.id}")
            total = len(chapter.rules)
            title = words(box.find("p", "rr-coverage-chapter-title"))
            percent = 100 * len(covered) // total if total else 100
            assert title.endswith(f"{len(covered)} of {total} rules ({percent}%) have a scenario")


@SEEDED
def test_the_summary_shows_each_book_and_the_technomancy_percentage(app: SphinxTestApp
                                                                    ) -> None:
    out = built(app)
    reg = registry(app.env)
    result = coverage([b.book for b in reg], find_scenarios(EXAMPLES))
    table = page(out, PAGE).root.find("table", "rr-coverage-table")
    by_book = {row[0]: row for row in rows(table)}
    tm = result["technomancy"]
    covered, total = sum(r.covered for r in tm.rules), len(tm.rules)
    assert total > 0
    title = reg.books["technomancy"].title
    assert by_book[title][1] == f"{covered} of {total} rules ({100 * covered // total}%)"
    assert by_book[title][1].endswith("(100%)")
    assert by_book[title][3] == "0"  # to re-check
    assert by_book[title][4].endswith("all verified")
    mini = result["mini"]
    assert by_book["Mini Rules"][1] == f"0 of {len(mini.rules)} rules (0%)"
    # The mini book has examples and no scenarios: each one is listed, linked.
    unbacked = book_part(out, "mini").find("ul", "rr-coverage-unbacked")
    assert [words(li) for li in unbacked.own("li")] == [
        "rule 1.1.4a, example 1", "rule 1.1.4a, example 2"]


@SEEDED
def test_book_pages_and_home_link_to_the_coverage_page(app: SphinxTestApp) -> None:
    out = built(app)
    index = page(out, "rules/netrunner-cr/index")
    line = index.root.find("p", "rr-book-coverage")
    assert line is not None
    assert line.find("a").attrs["href"] == "../scenario-coverage.html#coverage-netrunner-cr"
    assert "every example is backed." in words(line)
    tm = page(out, "rules/technomancy/index").root.find("p", "rr-book-coverage")
    assert "(100%) have a scenario; the book has no examples." in words(tm)
    home = page(out, "index").root.find("p", "rr-books-coverage")
    assert home.find("a").attrs["href"] == "rules/scenario-coverage.html"
    # The book page's own list of pages is left as it was (the readers' build has
    # no Drafting status page).
    assert {a.text() for a in index.root.find("p", "rr-book-pages").find_all("a")} == {
        "Glossary", "Card index"}


@pytest.mark.sphinx("html", testroot="scenarios", srcdir="rr-coverage-links",
                    confoverrides={"rulesref_scenarios_dir": "examples-bad-links"})
def test_scenario_problems_are_warnings_and_listed(app: SphinxTestApp) -> None:
    out = built(app)
    bad = Path(app.srcdir) / "examples-bad-links/tiny"
    warnings = ANSI.sub("", app.warning.getvalue()).splitlines()
    assert sorted(warnings) == sorted([
        f"{bad}/broken-front-matter.md:2: WARNING: expected '<rule id>#example-<n>@<text hash>'"
        " (n from 1), not 'rule_tiny_start' [rules.scenario-link]",
        f"{bad}/no-such-example.md:2: WARNING: backs rule_tiny_start#example-3, but rule 1.1.1"
        " has 1 example(s) [rules.scenario-link]",
        f"{bad}/no-such-example.md:2: WARNING: names unknown rule 'rule_tiny_ghost'"
        " [rules.scenario-link]",
        f"{bad}/unknown-rule.md:2: WARNING: backs unknown rule 'rule_tiny_nowhere'"
        " [rules.scenario-link]",
        f"{bad}/wrong-quote.md:2: WARNING: quote 'words that are not in the example' is not in"
        " the text of rule_tiny_start#example-1 (rule 1.1.1, example 1) [rules.scenario-link]",
    ])
    pg = page(out, PAGE)
    tables = pg.root.find_all("table", "rr-diagnostics-table")
    listed = [row for table in tables for row in rows(table)]
    assert len(listed) == 5
    assert ["examples-bad-links/tiny/unknown-rule.md:2", "rules.scenario-link",
            "backs unknown rule 'rule_tiny_nowhere'"] in listed
    assert all(str(app.srcdir) not in cell for row in listed for cell in row)
    # A wrong link backs nothing: every example of the tiny book is still unbacked.
    unbacked = pg.root.find("ul", "rr-coverage-unbacked")
    assert len(unbacked.own("li")) == 4


@TINY
def test_an_example_without_scenario_is_listed(app: SphinxTestApp) -> None:
    out = built(app)
    part = book_part(out, "tiny")
    unbacked = part.find("ul", "rr-coverage-unbacked")
    [item] = unbacked.own("li")
    assert words(item) == "rule 1.2.1, example 2"
    assert item.find("a").attrs["href"] == "tiny/chpt_tiny.html#rule_tiny_trash-example-2"
    failing = part.find("ul", "rr-coverage-failing")
    assert failing is not None and "The Corp's pool is deliberately wrong failing" in words(
        failing)
    assert rows(page(out, PAGE).root.find("table", "rr-coverage-table"))[0] == [
        "Tiny Rules", "4 of 5 rules (80%)", "3 of 4 examples (75%)", "0", "4, 1 failing", "0"]
