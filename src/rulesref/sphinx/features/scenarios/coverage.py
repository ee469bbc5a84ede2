"""The Scenario coverage page: which rules and examples a scenario proves, book by book.

Generated like the Drafting status page (a stub holding
``rules:scenario-coverage``, see :func:`coverage_stubs`), when the site has a
scenarios folder.  For each book and chapter it counts the rules with and
without scenarios and lists them (each linked with its number), lists every
example still without a scenario (the target is none, and the page says so
when there are none), every example to re-check (its text changed since its
scenario was written, with the ``backs`` line to write once it is checked),
the scenarios that fail, and every scenario problem
(a ``backs`` naming a rule or example that does not exist, a ``quote`` that is
not in the example, a file that cannot be read).  Those problems are also
``rules.scenario-link`` warnings, reported once, by this page.

Each book's index page and the list of books on the home page link here.
"""

from __future__ import annotations

from collections.abc import Sequence

from docutils import nodes
from sphinx.application import Sphinx

from rulesref.coverage import BookCoverage, RuleCoverage
from rulesref.errors import Diagnostic, Position
from rulesref.keys import slugify
from rulesref.sphinx.directives import (
    RulesDirective,
    book_of,
    doc_link,
    literal,
    section,
    table,
    text,
)
from rulesref.sphinx.features.scenarios.environment import enabled, note_shown, run, scenario_index
from rulesref.sphinx.features.scenarios.examples import (
    RECHECK,
    scenario_link,
    state_badge,
    status_badge,
)
from rulesref.sphinx.features.scenarios.index import ScenarioIndex
from rulesref.sphinx.incremental import note_shown as note_book_shown
from rulesref.sphinx.loaded_book import LoadedBook
from rulesref.sphinx.pages import STUB_MARK, STUBS_EVENT
from rulesref.sphinx.references import target_text
from rulesref.sphinx.registry import Registry, registry
from rulesref.sphinx.render_context import emit_diagnostics
from rulesref.sphinx.render_inline import item_link, pending_ref

#: The page's name inside the generated pages folder.
PAGE = "scenario-coverage"
DIRECTIVE = "scenario-coverage"


def coverage_page(reg: Registry) -> str:
    return f"{reg.pages_dir}/{PAGE}"


def coverage_stubs(app: Sphinx, reg: Registry, suffix: str) -> dict[str, str]:
    """The coverage page's stub (``rulesref-stub-pages``, :mod:`rulesref.sphinx.pages`):
    only on a site with books and a scenarios folder.  It is an orphan (linked from
    the book pages, and placed in a toctree by the site that wants it in its menu)."""
    if not reg.books or not enabled(app):
        return {}
    if suffix == ".rst":
        stub = (
            f":orphan:\n\n.. {STUB_MARK}; edits are overwritten\n\n"
            f".. rules:{DIRECTIVE}::\n"
        )
    else:
        stub = (
            f"---\norphan: true\n---\n<!-- {STUB_MARK}; edits are overwritten -->\n\n"
            f"```{{rules:{DIRECTIVE}}}\n```\n"
        )
    return {coverage_page(reg): stub}


def book_label(slug: str) -> str:
    """The anchor (and ``std`` label) of a book's part of the page."""
    return f"coverage-{slugify(slug)}"


def percent(part: int, whole: int) -> str:
    """Rounded down, so 99.6 % never reads "100%"."""
    return f"{100 * part // whole}%" if whole else "100%"


def share(part: int, whole: int, noun: str) -> str:
    return f"{part} of {whole} {noun} ({percent(part, whole)})"


def where(index: ScenarioIndex, pos: Position) -> str:
    """A problem's place as the site shows it (no absolute paths of the builder)."""
    path = pos.file
    for root in index.roots:
        prefix = f"{root.parent}/"
        if path.startswith(prefix):
            path = path[len(prefix):]
            break
    return f"{path}:{pos.line}"


class ScenarioCoverageDirective(RulesDirective):
    """``rules:scenario-coverage``: every book of the site."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        index = scenario_index(self.env)
        top = section("scenario-coverage", "Scenario coverage", ["rr-coverage"])
        if index is None:
            message = "This site has no scenarios folder (rulesref_scenarios_dir)."
            top += nodes.paragraph(message, message, classes=["rr-empty"])
            return [top]
        intro = (
            "A scenario is a short, runnable story that proves what a rule or an example "
            "says, played by the rules engine. A rule counts as covered when a scenario "
            "names it in its rules: list or backs one of its examples. Every example "
            "should be backed by one."
        )
        top += nodes.paragraph(intro, intro)
        self.depend_on(scenario.path for scenario in index.scenarios)
        books = [book for book in self.registry if book.slug in index.coverage]
        top += self.summary_table(index, books)
        problems: list[Diagnostic] = list(index.load_errors)
        for book in books:
            # Not the book's files: that would re-read this page after every edit.
            # It shows the books' contents (numbers and titles) and what the scenario
            # index says of each item, both fingerprinted below.
            top += self.book_part(index, book, index.coverage[book.slug])
            problems.extend(index.coverage[book.slug].problems)
        if index.load_errors:
            top += self.problems_part(index, "unreadable", "Scenarios that cannot be read",
                                      index.load_errors)
        emit_diagnostics(sorted(problems, key=lambda d: d.pos))
        note_shown(self.env, ("all",), index.digest())
        note_book_shown(
            self.env, ("books",),
            *(key for book in books for key in (("index", book.slug), ("numbers", book.slug))),
        )
        return [top]

    # -- parts ------------------------------------------------------------------
    def summary_table(self, index: ScenarioIndex, books: Sequence[LoadedBook]) -> nodes.table:
        rows = []
        for book in books:
            cov = index.coverage[book.slug]
            rules = cov.rules
            covered = sum(r.covered for r in rules)
            examples = cov.examples
            backed = sum(e.backed for e in examples)
            link = nodes.reference(book.title, book.title, refid=book_label(book.slug))
            rows.append([
                [link],
                [text(share(covered, len(rules), "rules"))],
                [text(share(backed, len(examples), "examples"))],
                [text(str(len(cov.recheck)))],
                [text(self.scenario_status(index, book.slug))],
                [text(str(len(cov.problems)))],
            ])
        return table(
            ["Book", "Rules with scenarios", "Examples backed", "To re-check", "Scenarios",
             "Problems"],
            rows, "rr-coverage-table",
        )

    def scenario_status(self, index: ScenarioIndex, slug: str) -> str:
        """ "12, all verified", or how many fail and how many are to re-check (they
        pass, but an example they back changed since they were written)."""
        scenarios = index.book_scenarios(slug)
        cov = index.coverage[slug]
        failing = sum(not run(self.env, index, s).passed for s in scenarios)
        recheck = sum(run(self.env, index, s).passed and bool(cov.stale(s)) for s in scenarios)
        if not scenarios:
            return "none"
        if not failing and not recheck:
            return f"{len(scenarios)}, all verified"
        said = [f"{failing} failing"] if failing else []
        said += [f"{recheck} to re-check"] if recheck else []
        return f"{len(scenarios)}, {', '.join(said)}"

    def book_part(self, index: ScenarioIndex, book: LoadedBook, cov: BookCoverage
                  ) -> nodes.section:
        docname = self.env.docname
        part = section(book_label(book.slug), book.title, ["rr-coverage-book"])
        # So each book's index page (and an author's {ref}) can link to its part.
        self.env.domains.standard_domain.note_hyperlink_target(
            book_label(book.slug), docname, book_label(book.slug),
            f"Scenario coverage: {book.title}",
        )
        rules = cov.rules
        covered = sum(r.covered for r in rules)
        summary = (
            f"{share(covered, len(rules), 'rules')} have a scenario; "
            f"{share(sum(e.backed for e in cov.examples), len(cov.examples), 'examples')} "
            f"are backed, {len(cov.recheck)} to re-check; "
            f"scenarios: {self.scenario_status(index, book.slug)}."
        )
        part += nodes.paragraph(summary, summary, classes=["rr-coverage-summary"])

        rows = []
        for chapter in cov.chapters:
            title = f"{chapter.chapter.number} {chapter.chapter.plain}".strip()
            link = nodes.reference(title, title, refid=self.chapter_id(book, chapter.chapter.id))
            rows.append([
                [link],
                [text(share(chapter.covered, len(chapter.rules), "rules"))],
                [text(str(len(chapter.rules) - chapter.covered))],
                [text(share(chapter.backed, len(chapter.examples), "examples"))],
                [text(str(chapter.to_recheck))],
            ])
        part += table(["Chapter", "With scenarios", "Without", "Examples backed", "To re-check"],
                      rows, "rr-coverage-chapters")

        part += nodes.rubric("Examples without a scenario", "Examples without a scenario")
        unbacked = cov.unbacked
        if unbacked:
            items = nodes.bullet_list(classes=["rr-coverage-unbacked"])
            for entry in unbacked:
                target = book.targets.get(entry.example.id)
                if target is None:
                    continue
                items += nodes.list_item(
                    "", nodes.paragraph("", "", item_link(docname, book, target,
                                                          target_text(target)))
                )
            part += items
        else:
            none = (
                f"None: every example of {book.title} is backed by a scenario."
                if cov.examples else f"None: {book.title} has no examples."
            )
            part += nodes.paragraph(none, none, classes=["rr-coverage-complete"])

        if cov.recheck:
            part += self.recheck_part(index, book, cov)

        failing = [s for s in index.book_scenarios(book.slug)
                   if not run(self.env, index, s).passed]
        if failing:
            part += nodes.rubric("Failing scenarios", "Failing scenarios")
            items = nodes.bullet_list(classes=["rr-coverage-failing"])
            for scenario in failing:
                para = nodes.paragraph()
                para += scenario_link(index.primary(scenario, book.slug), docname,
                                      scenario.title)
                para += text(" ")
                para += status_badge(run(self.env, index, scenario))
                para += text(" ")
                para += literal(index.display(scenario))
                items += nodes.list_item("", para)
            part += items

        if cov.problems:
            part += self.problems_part(index, book.slug, "Scenario problems", cov.problems)

        for chapter in cov.chapters:
            part += self.chapter_part(book, chapter.chapter.id, chapter.rules,
                                      f"{chapter.chapter.number} {chapter.chapter.plain}")
        return part

    def recheck_part(self, index: ScenarioIndex, book: LoadedBook, cov: BookCoverage
                     ) -> nodes.container:
        """Each example whose scenarios were written against another text: the
        example, each scenario, and the ``backs`` to write once it is checked."""
        docname = self.env.docname
        box = nodes.container(classes=["rr-coverage-recheck"])
        title = "Examples to re-check"
        box += nodes.rubric(title, title)
        intro = ("Their text has changed since their scenarios were written (or a scenario "
                 "does not say which text it was checked against): each is shown as "
                 "\u201cto re-check\u201d, not verified, until a judge has read the two side "
                 "by side and written the new hash into the scenario.")
        box += nodes.paragraph(intro, intro)
        items = nodes.bullet_list(classes=["rr-coverage-recheck-list"])
        for entry in cov.recheck:
            target = book.targets.get(entry.example.id)
            para = nodes.paragraph()
            if target is not None:
                para += item_link(docname, book, target, target_text(target))
            else:
                para += text(entry.example.id)
            for link in entry.stale:
                para += text(": ")
                para += scenario_link(index.primary(link.scenario, book.slug), docname,
                                      link.scenario.title)
                para += text(" ")
                para += state_badge(RECHECK)
                para += text(" then ")
                para += literal(f"backs: {link.written}")
            items += nodes.list_item("", para)
        box += items
        return box

    def chapter_part(self, book: LoadedBook, chapter_id: str, rules: Sequence[RuleCoverage],
                     title: str) -> nodes.container:
        box = nodes.container(ids=[self.chapter_id(book, chapter_id)],
                              classes=["rr-coverage-chapter"])
        covered = [r for r in rules if r.covered]
        heading = f"{title.strip()}: {share(len(covered), len(rules), 'rules')} have a scenario"
        box += nodes.paragraph(heading, heading, classes=["rr-coverage-chapter-title"])
        box += self.rule_list("With scenarios", covered, book, "rr-coverage-with")
        box += self.rule_list("Without scenarios", [r for r in rules if not r.covered], book,
                              "rr-coverage-without")
        return box

    def rule_list(self, label: str, rules: Sequence[RuleCoverage], book: LoadedBook,
                  cls: str) -> nodes.paragraph:
        para = nodes.paragraph(classes=["rr-coverage-rules", cls])
        para += nodes.strong(f"{label} ({len(rules)}):", f"{label} ({len(rules)}):")
        if not rules:
            para += text(" none.")
            return para
        for number, rule in enumerate(rules):
            para += text(" " if number == 0 else ", ")
            target = book.targets.get(rule.item.id)
            label = rule.item.number or rule.item.id
            # An item no reference reaches (a placeholder ID) is named, not linked.
            para += item_link(self.env.docname, book, target, label) if target else text(label)
        return para

    @staticmethod
    def chapter_id(book: LoadedBook, chapter_id: str) -> str:
        return f"coverage-{slugify(book.slug)}-{slugify(chapter_id)}"

    @staticmethod
    def problems_part(index: ScenarioIndex, key: str, title: str,
                      problems: Sequence[Diagnostic]) -> nodes.container:
        box = nodes.container(classes=["rr-coverage-problems"])
        box += nodes.rubric(title, title)
        rows = [
            [[literal(where(index, d.pos))], [literal(f"rules.{d.subtype}")], [text(d.message)]]
            for d in sorted(problems, key=lambda d: d.pos)
        ]
        box += table(["Where", "Kind", "Problem"], rows, "rr-diagnostics-table")
        return box


# --------------------------------------------------------------------------
# Links from the book index pages and the home page's list of books


def add_links(app: Sphinx, doctree: nodes.document) -> None:
    """``doctree-read``: after a book's links (Glossary · Card index · Drafting
    status), a line on its scenario coverage; after the home page's Drafting
    status line, one for the Scenario coverage page."""
    index = scenario_index(app.env)
    if index is None or not index.coverage:
        return
    env = app.env
    reg = registry(app.env)
    page = coverage_page(reg)
    docname = env.docname
    for para in list(doctree.findall(nodes.paragraph)):
        classes = para["classes"]
        if "rr-book-pages" in classes:
            slug = book_of(para)
            book = reg.get(slug) if slug else None
            cov = index.coverage.get(slug) if slug else None
            if book is None or cov is None:
                continue
            line = nodes.paragraph(classes=["rr-book-coverage"])
            line += pending_ref(docname, "std", "ref", book_label(book.slug), "Scenario coverage")
            covered = sum(r.covered for r in cov.rules)
            unbacked = len(cov.unbacked)
            if not cov.examples:
                examples = "the book has no examples."
            elif not unbacked:
                examples = "every example is backed."
            else:
                examples = f"{unbacked} example(s) still without one."
            line += text(f": {share(covered, len(cov.rules), 'rules')} have a scenario; {examples}")
            para.parent.insert(para.parent.index(para) + 1, line)
            note_shown(env, ("book", book.slug), index.book_digest(book.slug))
        elif "rr-books-drafting" in classes:
            line = nodes.paragraph(classes=["rr-books-coverage"])
            line += doc_link(docname, page, "Scenario coverage")
            line += text(": which rules and examples are proven by a runnable scenario.")
            para.parent.insert(para.parent.index(para) + 1, line)
            note_shown(env, ("enabled",), "on")


def setup(app: Sphinx) -> None:
    app.add_directive_to_domain("rules", DIRECTIVE, ScenarioCoverageDirective)
    app.connect("doctree-read", add_links)
    app.connect(STUBS_EVENT, coverage_stubs)
