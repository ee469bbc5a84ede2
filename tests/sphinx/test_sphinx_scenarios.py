"""Scenarios on the site: under the examples they back, run during the build
(an honest badge), count badges on rules, doctest groups, source links,
incremental and parallel builds."""

from __future__ import annotations

import doctest
import os
import re
import shutil
from collections import Counter
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from docutils import nodes
from sphinx.testing.util import SphinxTestApp
from sphinx_site import (
    ROOTS,
    SEEDED,
    TINY,
    Element,
    html_files,
    page,
    writable_site,
)

from rulesref import scenario_runs, work_ahead
from rulesref.scenario_keys import text_hash
from rulesref.scenarios import DOCTEST_FLAGS, LIBRARY, find_scenarios
from rulesref.sphinx.features.scenarios import environment as scenario_env
from rulesref.sphinx.features.scenarios import markdown
from rulesref.sphinx.features.scenarios.environment import scenario_index
from rulesref.sphinx.features.scenarios.index import ScenarioIndex
from rulesref.sphinx.registry import registry

EXAMPLES = LIBRARY
ANSI = re.compile(r"\x1b\[[0-9;]*m")



def built(app: SphinxTestApp) -> Path:
    app.build()
    return Path(app.outdir)


def index_of(app: SphinxTestApp) -> ScenarioIndex:
    index = scenario_index(app.env)
    assert index is not None
    return index


def boxes(element: Element) -> list[Element]:
    return element.find_all("details", "rr-scenario")


def own_boxes(element: Element) -> list[Element]:
    """Scenarios shown by this element itself, not by a nested rule or example."""
    found = []
    for box in boxes(element):
        parent = box.parent
        while parent is not None and parent is not element and not (
            "rr-item" in parent.classes or "rr-example" in parent.classes
        ):
            parent = parent.parent
        if parent is element:
            found.append(box)
    return found


def summary_of(box: Element) -> tuple[str, str, Element]:
    """Title and badge of the bar, and the source link, which is not in the bar:
    a click anywhere on the bar unfolds the box."""
    summary = box.own("summary")[0]
    title = summary.find("span", "rr-scenario-title")
    badges = summary.find_all("span", "rr-badge")
    assert summary.find("a") is None
    where = box.find("p", "rr-scenario-where")
    link = where.find("a", "rr-scenario-source") if where else None
    assert title is not None and len(badges) == 1 and link is not None
    return title.text(), badges[0].text(), link


def warnings_of(app: SphinxTestApp) -> list[str]:
    return ANSI.sub("", app.warning.getvalue()).splitlines()


# --------------------------------------------------------------------------
# The real scenarios


@SEEDED
def test_every_backed_example_shows_or_links_its_scenario_verified(app: SphinxTestApp
                                                                     ) -> None:
    out = built(app)
    assert not [w for w in warnings_of(app) if "[rules.scenario" in w]
    reg, index = registry(app.env), index_of(app)
    scenarios = {(s.book, s.slug): s for s in find_scenarios(EXAMPLES)}
    shown: Counter[str] = Counter()
    for book in reg:
        cov = index.coverage[book.slug]
        for entry in cov.examples:
            element = page(out, book.item_page(entry.item)).by_id(entry.example.anchor)
            found = {box.id: box for box in own_boxes(element)}
            links = [a.attrs["href"] for p in element.own("p", "rr-scenario-refs")
                     for a in p.find_all("a")]
            for scenario in entry.scenarios:
                place = index.primary(scenario)
                assert place is not None
                if place.example is not entry.example:
                    # Shown under another example: this one links to that box, and
                    # says what it shows of this example.
                    assert place.node_id not in found
                    assert any(h.endswith(f"#{place.node_id}") for h in links), place.node_id
                    states = [b.text() for p in element.own("p", "rr-scenario-refs")
                              for b in p.find_all("span", "rr-badge")]
                    assert "verified" in states, place.node_id
                    continue
                box = found[place.node_id]
                title, badge, link = summary_of(box)
                assert title == scenario.title
                assert badge == "verified"
                assert "rr-badge-verified" in box.find("span", "rr-badge").classes
                assert link.text() == scenario.path.name
                # The source is copied next to the site, byte for byte.
                target = (out / book.item_page(entry.item)).parent / link.attrs["href"]
                assert target.resolve().read_bytes() == scenarios[
                    (scenario.book, scenario.slug)].path.read_bytes()
                shown[place.node_id] += 1
    cr = index.coverage["netrunner-cr"]
    assert cr.examples and not cr.unbacked
    assert shown and set(shown.values()) == {1}


@SEEDED
def test_every_scenario_is_shown_once_on_the_whole_site(app: SphinxTestApp) -> None:
    out = built(app)
    index = index_of(app)
    seen: Counter[str] = Counter()
    for path in html_files(out):
        ids = [box.id for box in boxes(page(out, path.removesuffix(".html")).root)]
        assert len(ids) == len(set(ids)), path
        seen.update(ids)
    placed = {p.node_id for p in index.placements.values()}
    assert set(seen) == placed and set(seen.values()) == {1}
    # Every scenario that covers a rule of the site is placed.
    covering = {(s.book, s.slug) for s in index.scenarios if s.book in index.coverage}
    assert covering == set(index.placements)


@SEEDED
def test_scenario_body_is_rendered_markdown_with_highlighted_doctests(app: SphinxTestApp
                                                                      ) -> None:
    out = built(app)
    chapter = page(out, "rules/netrunner-cr/chpt_card_manipulation")
    box = chapter.by_id("scenario-netrunner-cr-harbinger-is-still-trashed")
    assert box.tag == "details" and "open" not in box.attrs  # folded until asked
    assert box.parent is not None
    example = box.parent
    assert example.id == "sec_replacing_movements-example-1"
    body = box.find("div", "rr-scenario-body")
    assert body is not None
    where, prose_p = body.own("p")[:2]
    assert "rr-scenario-where" in where.classes
    prose = prose_p.text()
    assert "interrupt changes where it goes" in " ".join(prose.split())
    assert body.find("em").text() == "where"  # Markdown, not literal text
    code = body.find_all("div", "highlight-pycon")
    assert len(code) == 3  # one per {doctest} fence
    assert ">>> game.trash(\"Harbinger\", by=\"runner\")" in code[0].text()
    # The page itself holds only the folded box: the story comes when it is opened.
    raw = (out / "rules/netrunner-cr/chpt_card_manipulation.html").read_text(encoding="utf-8")
    folded = raw[raw.index(f'id="{box.id}"'):]
    folded = folded[:folded.index("</details>")]
    assert "rr-scenario-later" in folded and "rr-scenario-body" not in folded


@SEEDED
def test_rules_show_how_many_scenarios_they_have(app: SphinxTestApp) -> None:
    out = built(app)
    reg, index = registry(app.env), index_of(app)
    for book in reg:
        for item in book.book.items():
            element = page(out, book.item_page(item)).by_id(item.id)
            if item.is_heading:
                counts = [p for p in element.own("p") if "rr-scenario-count" in p.classes]
            else:
                counts = element.own("p", "rr-text")
            badges = [b for p in counts for b in p.own("span", "rr-badge-scenarios")]
            scenarios = index.by_item.get((book.slug, item.id), [])
            if not scenarios:
                assert not badges, item.id
                continue
            assert len(badges) == 1, item.id
            n = len(scenarios)
            assert badges[0].text() == f"{n} scenario{'s' if n > 1 else ''}"
            # It links to the first scenario inside this rule, else the first one.
            href = badges[0].find("a").attrs["href"]
            places = [index.primary(s) for s in scenarios]
            inside = [p for p in places if p is not None and p.inside(item)]
            place = inside[0] if inside else places[0]
            assert place is not None and href.endswith(f"#{place.node_id}")
    zones = page(out, "rules/netrunner-cr/chpt_card_manipulation")
    badge = zones.by_id("rule_cancelled_movement").own("p", "rr-text")[0].find(
        "span", "rr-badge-scenarios")
    assert badge.text() == "2 scenarios"


@SEEDED
def test_rules_named_only_in_rules_show_their_scenarios_after_the_text(app: SphinxTestApp
                                                                       ) -> None:
    out = built(app)
    reg, index = registry(app.env), index_of(app)
    tm = reg.books["technomancy"]
    assert not list(tm.book.examples())  # Technomancy is covered through rules: only
    for scenario in index.book_scenarios("technomancy"):
        first = index.placements[("technomancy", scenario.slug)]
        # The first rule it names, in book order, shows it in full, right after its text.
        covered = [tm.book.get(i) for i in scenario.rules]
        order = [i.id for i in tm.book.items()]
        assert first.item is min(covered, key=lambda i: order.index(i.id))
        element = page(out, tm.item_page(first.item)).by_id(first.item.id)
        shown = [b for b in own_boxes(element) if b.id == first.node_id]
        assert len(shown) == 1
        assert summary_of(shown[0])[:2] == (scenario.title, "verified")
        # Every other rule it covers links to that one box (one inside the rule
        # that shows it has it right above).
        for item in covered:
            if item is first.item or first.item in item.ancestors():
                continue
            refs = page(out, tm.item_page(item)).by_id(item.id).own("p", "rr-scenario-refs")
            hrefs = [a.attrs["href"] for p in refs for a in p.find_all("a")]
            assert any(h.endswith(f"#{first.node_id}") for h in hrefs), (scenario.slug, item.id)


@SEEDED
def test_each_shown_scenario_is_its_own_doctest_group_at_its_own_lines(app: SphinxTestApp
                                                                       ) -> None:
    app.build()
    reg = registry(app.env)
    slugs = {book.book.slug for book in reg}
    # A guest folder about a book this site does not hold (the real rulebook's) shows
    # nothing here.
    scenarios = {str(s.path): s for s in find_scenarios(EXAMPLES) if s.book in slugs}
    docnames = {book.chapter_page(c) for book in reg for c in book.book.chapters}
    seen_groups: Counter[str] = Counter()
    for docname in sorted(docnames):
        doctree = app.env.get_doctree(docname)
        groups_on_page: set[str] = set()
        boxes = [n for n in doctree.findall(nodes.container) if "rr-scenario" in n["classes"]]
        for box in boxes:
            tests = [n for n in box.findall(nodes.Element) if "testnodetype" in n]
            groups = {g for n in tests for g in n["groups"]}
            assert len(groups) == 1, box["ids"]
            group = groups.pop()
            assert group not in groups_on_page, f"{docname}: two scenarios share {group}"
            groups_on_page.add(group)
            seen_groups[group] += 1
            scenario = scenarios[tests[0].source]
            assert group.startswith(f"{scenario.book}/{scenario.slug}")
            blocks = scenario.doctest_blocks()
            assert [n.line for n in tests] == [b.line for b in blocks]
            for test in tests:
                assert test.source == str(scenario.path)
                # pytest's flags: no IGNORE_EXCEPTION_DETAIL, which Sphinx would add.
                assert test["options"][doctest.IGNORE_EXCEPTION_DETAIL] is False
                assert test["options"][doctest.ELLIPSIS] is bool(
                    DOCTEST_FLAGS & doctest.ELLIPSIS)
    assert len(seen_groups) >= len(scenarios)
    assert all(count == 1 for count in seen_groups.values())


@SEEDED
def test_scenario_anchors_are_labels_authors_can_ref(app: SphinxTestApp) -> None:
    app.build()
    std = app.env.domains.standard_domain
    index = index_of(app)
    slugs = {book.book.slug for book in registry(app.env)}
    for scenario in index.scenarios:
        primary = index.primary(scenario)
        if scenario.book not in slugs and primary is None:
            continue  # a guest folder's scenario about a book this site does not hold
        assert primary is not None
        assert std.labels[primary.node_id] == (primary.docname, primary.node_id, scenario.title)


# --------------------------------------------------------------------------
# A failing scenario, the source link, other builders


@pytest.mark.sphinx("html", testroot="scenarios", srcdir="rr-scenarios-failing")
def test_a_failing_scenario_says_so_and_warns_at_its_line(app: SphinxTestApp) -> None:
    out = built(app)
    chapter = page(out, "rules/tiny/chpt_tiny")
    box = chapter.by_id("scenario-tiny-corp-credits")
    title, badge, _ = summary_of(box)
    assert (title, badge) == ("The Corp's pool is deliberately wrong", "failing")
    assert "rr-badge-failing" in box.find("span", "rr-badge").classes
    assert box.attrs.get("open") == "open"  # a failing scenario is shown unfolded
    report = box.find("pre").text()
    assert "Expected:\n    8\nGot:\n    7" in report
    passing = chapter.by_id("scenario-tiny-runner-credits")
    assert summary_of(passing)[1] == "verified"
    path = Path(app.srcdir) / "examples/tiny/corp-credits.md"
    line = next(n for n, text in enumerate(path.read_text().splitlines(), 1)
                if text == ">>> game.corp.credits")
    assert warnings_of(app) == [
        f"{path}:{line}: WARNING: scenario 'The Corp's pool is deliberately wrong' fails "
        "(1 failing example(s)); run: pytest examples/tiny/corp-credits.md "
        "[rules.scenario-failed]"
    ]


@pytest.mark.sphinx("html", testroot="scenarios", srcdir="rr-scenarios-url", confoverrides={
    "rulesref_scenario_source_url": "https://example.org/rules/blob/main/{path}"})
def test_source_links_can_point_to_the_repository(app: SphinxTestApp) -> None:
    out = built(app)
    box = page(out, "rules/tiny/chpt_tiny").by_id("scenario-tiny-trash-corroder")
    assert summary_of(box)[2].attrs["href"] == (
        "https://example.org/rules/blob/main/examples/tiny/trash-corroder.md")


@TINY
def test_placement_in_the_tiny_book(app: SphinxTestApp) -> None:
    out = built(app)
    chapter = page(out, "rules/tiny/chpt_tiny")
    # Backs an example: shown once, under it; rule_tiny_pool, which it also names,
    # links to it instead of showing it again.
    example = chapter.by_id("rule_tiny_start-example-1")
    assert [b.id for b in own_boxes(example)] == ["scenario-tiny-runner-credits"]
    pool = chapter.by_id("rule_tiny_pool")
    assert own_boxes(pool) == []
    refs = pool.own("p", "rr-scenario-refs")
    assert len(refs) == 1
    assert " ".join(refs[0].text().split()) == (
        "Scenario under rule 1.1.1, example 1: The Runner starts with what they are given")
    assert refs[0].find("a").attrs["href"] == "#scenario-tiny-runner-credits"
    # Names rules only: after the text of the first in book order, before the sub-rules.
    start = chapter.by_id("rule_tiny_start")
    assert [b.id for b in own_boxes(start)] == ["scenario-tiny-spending"]
    kids = [c for c in start.children if isinstance(c, Element) and c.tag in ("p", "details")]
    assert kids[0].tag == "p" and kids[1].tag == "details"
    spend = chapter.by_id("rule_tiny_spend")
    assert own_boxes(spend) == []
    assert spend.own("p", "rr-scenario-refs")[0].find("a").attrs["href"] == (
        "#scenario-tiny-spending")
    # Two scenarios: the badge jumps to the first one inside the rule.
    badge = start.own("p", "rr-text")[0].find("span", "rr-badge-scenarios")
    assert badge.text() == "2 scenarios"
    assert badge.find("a").attrs["href"] == "#scenario-tiny-runner-credits"
    # Every scenario is shown exactly once on the page.
    ids = [b.id for b in boxes(chapter.root)]
    assert sorted(ids) == sorted(set(ids)) == [
        "scenario-tiny-corp-credits", "scenario-tiny-runner-credits",
        "scenario-tiny-spending", "scenario-tiny-trash-corroder"]
    assert chapter.by_id("rule_tiny_uncovered").find("span", "rr-badge-scenarios") is None
    # A heading in a scenario is a rubric inside it, not a section of the page.
    trash = chapter.by_id("scenario-tiny-trash-corroder")
    assert trash.find("section") is None
    assert trash.find("p", "rr-scenario-heading").text() == "A heading inside a scenario"


@pytest.mark.sphinx("text", testroot="scenarios", srcdir="rr-scenarios-text")
def test_other_builders_show_the_scenario_as_plain_text(app: SphinxTestApp) -> None:
    app.build()
    text = (Path(app.outdir) / "rules/tiny/chpt_tiny.txt").read_text(encoding="utf-8")
    # (the text writer wraps lines, even inside the file name)
    assert 'ScenarioCorrodergoestotheheapverifiedSource:"examples/tiny/trash-corroder.md"' in (
        "".join(text.split()))
    # The failure report names the scenario as the site does, not by the builder's path.
    assert 'File "examples/tiny/corp-credits.md", line 13' in text
    assert str(app.srcdir) not in text
    assert '>>> game.trash("Corroder", by="runner")' in text


# --------------------------------------------------------------------------
# Incremental and parallel builds


def scenario_site(target: Path) -> Path:
    shutil.copytree(ROOTS / "test-scenarios", target)
    return target


def reread(app: SphinxTestApp) -> set[str]:
    status = ANSI.sub("", app.status.getvalue())
    return set(re.findall(r"reading sources\.\.\. \[ *\d+%\] (\S+)", status))


def touch_later(path: Path) -> None:
    later = path.stat().st_mtime + 5
    os.utime(path, (later, later))


@pytest.fixture
def runs_here(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the scenario files whose doctests run in this process
    (not in another process's folder of shared results, nor in a worker)."""
    runs: list[str] = []
    real = scenario_runs.run_doctest_block

    def counting(block, path, namespace, *args):  # type: ignore[no-untyped-def]
        runs.append(Path(path).name)
        return real(block, path, namespace, *args)

    monkeypatch.setattr(scenario_runs, "run_doctest_block", counting)
    monkeypatch.delenv(scenario_runs.SHARED_RESULTS, raising=False)
    scenario_runs.clear_memo()
    return runs


def test_unchanged_scenarios_are_not_run_again(make_app, tmp_path: Path, runs_here: list[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    srcdir = scenario_site(tmp_path / "site")
    runs = runs_here
    # ... in this process (a run in a worker would not be counted here)
    monkeypatch.setattr(work_ahead, "MINIMUM", 1_000)
    first: SphinxTestApp = make_app("html", srcdir=srcdir)
    first.build()
    first.cleanup()
    assert set(runs) == {"runner-credits.md", "corp-credits.md", "trash-corroder.md",
                         "spending.md"}
    runs.clear()

    # Nothing changed: nothing is read, nothing is run.
    second: SphinxTestApp = make_app("html", srcdir=srcdir)
    second.build()
    second.cleanup()
    assert runs == [] and reread(second) == set()

    # Fixing the failing scenario re-reads its page and the coverage page, and
    # runs that scenario alone; the badge turns to "verified".
    wrong = srcdir / "examples/tiny/corp-credits.md"
    wrong.write_text(wrong.read_text().replace("\n8\n", "\n7\n"), encoding="utf-8")
    touch_later(wrong)
    third: SphinxTestApp = make_app("html", srcdir=srcdir)
    third.build()
    assert set(runs) == {"corp-credits.md"}
    assert reread(third) == {"rules/tiny/chpt_tiny", "rules/scenario-coverage",
                             "rules/tiny/index"}
    box = page(Path(third.outdir), "rules/tiny/chpt_tiny").by_id("scenario-tiny-corp-credits")
    assert summary_of(box)[1] == "verified"
    assert warnings_of(third) == []
    third.cleanup()


def test_a_new_scenario_appears_under_its_example(make_app, tmp_path: Path) -> None:
    srcdir = scenario_site(tmp_path / "site")
    first: SphinxTestApp = make_app("html", srcdir=srcdir)
    first.build()
    first.cleanup()
    out = Path(first.outdir)
    example = "rule_tiny_trash-example-2"
    assert own_boxes(page(out, "rules/tiny/chpt_tiny").by_id(example)) == []

    trash = registry(first.env).books["tiny"].book.get("rule_tiny_trash")
    assert trash is not None
    (srcdir / "examples/tiny/second-trash.md").write_text(
        f"---\nbacks: rule_tiny_trash#example-2@{text_hash(trash.examples[1])}\n"
        "quote: \"no scenario backs yet\"\n---\n"
        "# The second example, backed at last\n\n```{doctest}\n>>> 2 + 2\n4\n```\n",
        encoding="utf-8")
    second: SphinxTestApp = make_app("html", srcdir=srcdir)
    second.build()
    second.cleanup()
    shown = own_boxes(page(out, "rules/tiny/chpt_tiny").by_id(example))
    assert [b.id for b in shown] == ["scenario-tiny-second-trash"]
    assert "rules/tiny/chpt_tiny" in reread(second)
    coverage = page(out, "rules/scenario-coverage")
    assert coverage.root.find("ul", "rr-coverage-unbacked") is None


def test_a_reworded_example_shows_its_scenario_to_recheck(make_app, tmp_path: Path) -> None:
    """The rules team rewords an example after its scenario was written: the
    next build shows the box "to re-check" (never verified), says why and what
    to write once it is checked, warns, and lists it on the coverage page."""
    srcdir = scenario_site(tmp_path / "site")
    first: SphinxTestApp = make_app("html", srcdir=srcdir)
    first.build()
    first.cleanup()
    out = Path(first.outdir)
    example = "rule_tiny_start-example-1"
    [box] = own_boxes(page(out, "rules/tiny/chpt_tiny").by_id(example))
    assert "rr-badge-verified" in box.find("span", "rr-badge").classes

    chapter = srcdir / "books/tiny/tiny.yaml"
    text = chapter.read_text(encoding="utf-8")
    words = "A Runner given 3 credits has 3 credits."
    assert text.count(words) == 1
    chapter.write_text(text.replace(words, "A Runner given 3 credits has 3 credits left."),
                       encoding="utf-8")
    second: SphinxTestApp = make_app("html", srcdir=srcdir)
    second.build()
    second.cleanup()
    item = registry(second.env).books["tiny"].book.get("rule_tiny_start")
    assert item is not None
    written = f"backs: rule_tiny_start#example-1@{text_hash(item.examples[0])}"
    [box] = own_boxes(page(out, "rules/tiny/chpt_tiny").by_id(example))
    assert "rr-scenario-recheck" in box.classes
    badge = box.find("span", "rr-badge")
    assert "rr-badge-recheck" in badge.classes and badge.text() == "to re-check"
    note = box.find("p", "rr-scenario-recheck")
    assert "has changed since this scenario was written" in note.text()
    assert written in note.text()
    warnings = ANSI.sub("", second.warning.getvalue())
    assert "runner-credits.md:2: WARNING: the text of rule_tiny_start#example-1" in warnings
    assert "[rules.scenario-recheck]" in warnings
    coverage = page(out, "rules/scenario-coverage").root
    [listed] = coverage.find("ul", "rr-coverage-recheck-list").own("li")
    assert "rule 1.1.1, example 1" in listed.text() and written in listed.text()
    assert "1 to re-check" in coverage.find("p", "rr-coverage-summary").text()


def test_the_coverage_page_is_re_read_only_when_what_it_shows_changes(
        make_app, tmp_path: Path) -> None:
    """It lists the book's items by number: a word of a rule leaves it alone (it was
    read again after every edit, a third of a one-word rebuild of the real
    rulebook), a rule added before others renumbers what it lists."""
    srcdir = scenario_site(tmp_path / "site")
    chapter = srcdir / "books/tiny/tiny.yaml"
    first: SphinxTestApp = make_app("html", srcdir=srcdir)
    first.build()
    first.cleanup()
    out = Path(first.outdir)

    def build_after(old: str, new: str) -> set[str]:
        text = chapter.read_text(encoding="utf-8")
        assert text.count(old) == 1
        chapter.write_text(text.replace(old, new), encoding="utf-8")
        touch_later(chapter)
        app: SphinxTestApp = make_app("html", srcdir=srcdir)
        app.build()
        app.cleanup()
        return reread(app)

    def listed_without_scenarios() -> list[str]:
        coverage = page(out, "rules/scenario-coverage").root
        return [part.text() for part in coverage.find_all("p", "rr-coverage-without")]

    assert any("1.1.4" in text for text in listed_without_scenarios())
    assert build_after("No scenario names this rule.", "No scenario names this rule yet.") == {
        "rules/tiny/chpt_tiny"}
    credits = "  text: Credits\n  rules:\n"
    added = f"{credits}  - rule: rule_tiny_first\n    text: A rule added first.\n"
    assert "rules/scenario-coverage" in build_after(credits, added)
    assert any("1.1.5" in text for text in listed_without_scenarios())


def test_parallel_build_with_scenarios_writes_the_same_html(make_app, tmp_path: Path) -> None:
    builds = {}
    for jobs in (1, 2):
        srcdir = writable_site(tmp_path / f"j{jobs}", "netrunner-cr", "technomancy")
        app: SphinxTestApp = make_app("html", srcdir=srcdir, parallel=jobs,
                                      confoverrides={"rulesref_scenarios_dir": str(EXAMPLES),
                                                     "rulesref_books": "mini,netrunner-cr,"
                                                                       "technomancy"})
        app.build()
        assert app.is_parallel_allowed("read") and app.is_parallel_allowed("write")
        warnings = ANSI.sub("", app.warning.getvalue()).replace(str(srcdir), "SRC")
        index = index_of(app)
        builds[jobs] = (html_files(Path(app.outdir)), sorted(warnings.splitlines()),
                        sorted(scenario_env.env_data(app.env).results))
        assert {s.book for s in index.scenarios} == {"netrunner-cr", "technomancy"}
        app.cleanup()
    serial, parallel = builds[1], builds[2]
    assert serial[0].keys() == parallel[0].keys()
    for name in serial[0]:
        assert serial[0][name] == parallel[0][name], name
    assert serial[1] == parallel[1]
    assert not [w for w in serial[1] if "[rules.scenario" in w]
    # Every scenario ran, in whichever process read its page, and the results were merged.
    assert serial[2] == parallel[2] and len(serial[2]) == len(
        [s for s in find_scenarios(EXAMPLES) if s.book in {"netrunner-cr", "technomancy"}])


def test_a_site_without_scenarios_folder_shows_none(make_app, tmp_path: Path) -> None:
    srcdir = writable_site(tmp_path / "site")
    app: SphinxTestApp = make_app("html", srcdir=srcdir)
    app.build()
    out = Path(app.outdir)
    assert scenario_index(app.env) is None
    assert not (srcdir / "rules/scenario-coverage.rst").exists()
    assert not (out / "_scenarios").exists()
    assert not page(out, "rules/mini/chpt_mini").root.find_all("details")


def test_scenarios_run_ahead_in_workers_give_the_same_site(
        make_app, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A build that runs its scenarios, parses their Markdown and highlights
    their doctests in worker processes
    (:mod:`rulesref.sphinx.features.scenarios.ahead`) writes the same pages,
    failing badge and warning included, as one that does the work in place;
    each doctest block is run once and each scenario parsed once, by a
    worker or, for the jobs it takes over while it waits, by the build's own
    process (:mod:`rulesref.work_ahead`)."""
    log = tmp_path / "work.log"
    run, parse = scenario_runs.run_doctest_block, markdown._parse

    def note(kind: str, name: str) -> None:  # from any process: a file, not a list
        with log.open("a", encoding="utf-8") as out:
            out.write(f"{kind} {name} {os.getpid()}\n")

    def running(block: Any, path: Any, namespace: Any, *args: Any) -> Any:
        note("run", f"{Path(path).name}:{block.line}")
        return run(block, path, namespace, *args)

    def parsing(app: Any, text: str, source: Path) -> Any:
        note("parse", source.name)
        return parse(app, text, source)

    monkeypatch.setattr(scenario_runs, "run_doctest_block", running)
    monkeypatch.setattr(markdown, "_parse", parsing)
    monkeypatch.delenv(scenario_runs.SHARED_RESULTS, raising=False)
    monkeypatch.delenv(work_ahead.SWITCH, raising=False)  # the test run turns it off
    sites = {}
    for minimum in (1_000, 1):  # in place, then ahead (the test site has 4 scenarios)
        monkeypatch.setattr(work_ahead, "MINIMUM", minimum)
        scenario_runs.clear_memo()
        log.write_text("", encoding="utf-8")
        srcdir = scenario_site(tmp_path / f"site-{minimum}")
        app: SphinxTestApp = make_app("html", srcdir=srcdir)
        app.build()
        warnings = [w.replace(str(srcdir), "SRC") for w in warnings_of(app)]
        work = [line.split() for line in log.read_text(encoding="utf-8").splitlines()]
        sites[minimum] = (html_files(Path(app.outdir)), warnings,
                          sorted((kind, name) for kind, name, _ in work),
                          {int(pid) for _, _, pid in work})
        app.cleanup()
    (in_place, warned, done, pids), (ahead, warned_ahead, done_ahead, pids_ahead) = (
        sites[1_000], sites[1])
    assert pids == {os.getpid()} and pids_ahead - {os.getpid()}
    assert done and done_ahead == done  # each once, wherever it was done
    assert {kind for kind, _ in done} == {"run", "parse"}
    assert warned == warned_ahead and any("[rules.scenario-failed]" in w for w in warned)
    assert in_place.keys() == ahead.keys()
    for name in in_place:
        assert in_place[name] == ahead[name], name
    assert not work_ahead._pending  # every result started was taken


def test_a_doctest_highlighted_ahead_is_what_the_page_would_show() -> None:
    from sphinx.highlighting import PygmentsBridge

    from rulesref.sphinx.features.scenarios import traces

    block = next(b for s in find_scenarios(EXAMPLES) for b in s.doctest_blocks())
    assert block.source.endswith("\n")  # as the fence's body is read from the file
    jobs = traces.highlight_jobs(SimpleNamespace(highlight_options={}), [block.source])
    [(key, function, args)] = jobs
    in_place = PygmentsBridge("html").highlight_block(block.source.rstrip("\n"), "pycon")
    assert function(*args) == in_place and '<span class="gp">' in in_place
    # The page asks with the directive's text, which does not end in a newline.
    assert key == traces._ahead_key(block.source.rstrip("\n"), {})


def test_the_shared_lexer_highlights_each_block_as_a_fresh_one(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """One doctest lexer and formatter serve every block of a process
    (``traces._tools``): a third of the library's blocks, each highlighted
    after the others, in both orders, is what a fresh bridge makes of it alone."""
    from sphinx.highlighting import PygmentsBridge

    from rulesref.sphinx.features.scenarios import traces

    monkeypatch.setattr(traces, "_TOOLS", {})  # none made yet, as in a new process
    # As the jobs and the pages give them: the text without its ending newlines.
    blocks = [b.source.strip("\n") for s in find_scenarios(EXAMPLES)
              for b in s.doctest_blocks()][::3]
    assert len(blocks) > 50
    alone = [PygmentsBridge("html").highlight_block(b, "pycon") for b in blocks]
    assert [traces.highlight_doctest(b, {}) for b in blocks] == alone
    assert [traces.highlight_doctest(b, {}) for b in reversed(blocks)] == alone[::-1]
    assert len(traces._TOOLS) == 1
    # Other options, another lexer: its blocks are Pygments' with those options.
    numbered = traces.highlight_doctest(blocks[0], {"tabsize": 2})
    assert numbered == PygmentsBridge("html").highlight_block(
        blocks[0], "pycon", opts={"tabsize": 2}) and len(traces._TOOLS) == 2


def test_a_new_process_takes_the_doctests_highlighted_by_the_last_build(
        make_app, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A chapter written again by a fresh build (one word changed) takes its
    scenarios' highlighted doctests from the doctree folder instead of
    highlighting them again, and the page is the one a build with nothing
    kept writes (:mod:`rulesref.sphinx.features.scenarios.highlighted`)."""
    from rulesref.sphinx.features.scenarios import highlighted, traces

    calls: list[str] = []
    real = traces.highlight_doctest

    def counting(source: str, options: dict[str, Any]) -> str | None:
        calls.append(source)
        return real(source, options)

    monkeypatch.setattr(traces, "highlight_doctest", counting)
    monkeypatch.setattr(work_ahead, "MINIMUM", 1_000)  # highlighted here, not in workers
    srcdir = scenario_site(tmp_path / "site")
    first: SphinxTestApp = make_app("html", srcdir=srcdir)
    first.build()
    first.cleanup()
    assert calls
    chapter = srcdir / "books/tiny/tiny.yaml"
    chapter.write_text(chapter.read_text(encoding="utf-8").replace(
        "Credits are kept", "Credits are held"), encoding="utf-8")
    touch_later(chapter)
    calls.clear()
    highlighted._kept.clear()  # as in a new process
    second: SphinxTestApp = make_app("html", srcdir=srcdir)
    second.build()
    assert "rules/tiny/chpt_tiny" in reread(second) and calls == []
    again = html_files(Path(second.outdir))["rules/tiny/chpt_tiny.html"].decode()
    second.cleanup()
    assert "held" in again and '<span class="gp">' in again

    highlighted._kept.clear()
    fresh_src = scenario_site(tmp_path / "fresh")
    shutil.copy(chapter, fresh_src / "books/tiny/tiny.yaml")
    fresh: SphinxTestApp = make_app("html", srcdir=fresh_src)
    fresh.build()
    assert calls and html_files(Path(fresh.outdir))["rules/tiny/chpt_tiny.html"].decode() == again
    fresh.cleanup()
