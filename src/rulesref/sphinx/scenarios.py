"""Scenarios on the site: each one under the example (or rule) it proves, run while
the page is read, and a count badge on every rule that has scenarios.

A scenario is a MyST file under ``rulesref_scenarios_dir`` (``../examples``,
one folder per book; see :mod:`rulesref.scenarios`).  At ``builder-inited``
every scenario is loaded and joined to the books with :mod:`rulesref.coverage`
(which also checks each ``quote``), giving a :class:`ScenarioIndex`:

* a scenario that backs an example is shown under that example
  (``rulesref-render-example``);
* a scenario that backs no example is shown after the text of the first rule
  its ``rules:`` names, its *home* (``rulesref-render-item``);
* every rule it covers gets a badge "2 scenarios" linking to the first one, and
  a line linking to the scenarios shown elsewhere.

Each scenario is a ``<details class="rr-scenario">`` (:class:`rr_scenario`)
whose summary shows its title, an honest badge (the scenario is run with
:func:`rulesref.scenarios.run_scenario` while the page is read: "verified" only
if it passes, else "failing" and a ``rules.scenario-failed`` warning at the
failing line) and a link to its source (copied to ``_scenarios/`` or, with
``rulesref_scenario_source_url``, a link to the repository).  Its body is the
scenario's Markdown parsed by MyST, so the ``{doctest}`` fences become
:mod:`sphinx.ext.doctest` nodes: ``sphinx-build -b doctest`` runs them again,
one doctest group per shown scenario, with the scenario file and line as
their source and the same option flags as pytest.

Run results are cached in the environment per scenario file (its mtime and
size, and a fingerprint of the engine's sources), and each page records what
it showed so the next build re-reads exactly the pages whose scenarios changed.
"""

from __future__ import annotations

import doctest
import functools
import re
from collections.abc import Iterable, Iterator, Sequence, Set
from copy import copy
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from weakref import WeakKeyDictionary

from docutils import nodes
from docutils.frontend import get_default_settings
from myst_parser.parsers.sphinx_ import MystParser
from sphinx.addnodes import pending_xref
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util import logging
from sphinx.util.docutils import LoggingReporter
from sphinx.util.fileutil import copy_asset_file
from sphinx.util.osutil import relative_uri
from sphinx.writers.html5 import HTML5Translator

import rulesref
from rulesref.coverage import BookCoverage, coverage
from rulesref.errors import Diagnostic, RulesSourceError
from rulesref.model import Example, Item, Kind
from rulesref.scenarios import DOCTEST_FLAGS, Scenario, load_scenario, run_doctest_block
from rulesref.sphinx.registry import LoadedBook, Registry, digest, registry, slugify

logger = logging.getLogger(__name__)

#: Warning subtypes: a scenario that does not pass; a scenario that names a
#: rule or example that does not exist, or quotes words the example lacks.
FAILED = "scenario-failed"
BAD_LINK = "scenario-link"

#: Where the HTML output keeps a copy of each scenario file.
OUTPUT_DIR = "_scenarios"
STATIC = Path(__file__).parent / "static"
STATIC_FILES = ("rulesref-scenarios.css", "rulesref-scenarios.js")
#: The name of the environment attribute holding :class:`ScenarioEnvData`.
ENV_ATTR = "rulesref_scenarios"

_REPORT_LINE = re.compile(r'^File "[^"]*", line (\d+)', re.MULTILINE)


# --------------------------------------------------------------------------
# The scenarios of a build, joined to its books (rebuilt at every build)


@dataclass(frozen=True)
class Placement:
    """One place a scenario is shown in full: under an example, or after a rule's
    text.  The first placement of a scenario is its primary one: it carries the
    anchor ``scenario-<book>-<slug>`` and reports the scenario's failure."""

    scenario: Scenario
    item: Item
    example: Example | None
    docname: str
    node_id: str
    group: str

    @property
    def primary(self) -> bool:
        return self.node_id == scenario_anchor(self.scenario)


@dataclass
class ScenarioIndex:
    """Every scenario of the site and where each one is shown."""

    roots: list[Path]
    scenarios: list[Scenario]
    coverage: dict[str, BookCoverage]
    #: Scenario files that cannot be read, as diagnostics.
    load_errors: list[Diagnostic]
    #: Changes when any source the scenarios run against changes.
    engine_digest: str
    #: scenario path → cache key (mtime, size, engine digest).
    keys: dict[str, tuple[int, int, str]] = field(default_factory=dict)
    #: (book, slug) → where the scenario is shown in full, first one primary.
    placements: dict[tuple[str, str], list[Placement]] = field(default_factory=dict)
    #: (book, example anchor) / (book, item id) → placements shown there.
    at_example: dict[tuple[str, str], list[Placement]] = field(default_factory=dict)
    at_item: dict[tuple[str, str], list[Placement]] = field(default_factory=dict)
    #: (book, item id) → every scenario that covers the item (its examples or ``rules:``).
    by_item: dict[tuple[str, str], list[Scenario]] = field(default_factory=dict)

    def key(self, scenario: Scenario) -> tuple[int, int, str]:
        return self.keys[str(scenario.path)]

    def primary(self, scenario: Scenario) -> Placement | None:
        places = self.placements.get((scenario.book, scenario.slug))
        return places[0] if places else None

    def display(self, scenario: Scenario) -> str:
        """The scenario's path as the site shows it: relative to the scenarios
        folder's parent (``examples/netrunner-cr/derez.md``)."""
        path = scenario.path.resolve()
        for root in self.roots:
            try:
                return path.relative_to(root.parent).as_posix()
            except ValueError:
                continue
        return scenario.path.name

    def shown_at(self, slug: str, item: Item, scenario: Scenario) -> Placement | None:
        """Where a reader of ``item`` finds ``scenario``: under one of the item's
        examples, after its text, or in the nearest enclosing rule; else its
        primary place."""
        places = self.placements.get((scenario.book, scenario.slug), [])
        for owner in (item, *item.ancestors()):
            for place in places:
                if place.item is owner:
                    return place
        return places[0] if places else None

    def book_scenarios(self, slug: str) -> list[Scenario]:
        return [s for s in self.scenarios if s.book == slug]

    # -- what a page shows, for the incremental check ---------------------------
    def _scenario_view(self, scenario: Scenario) -> tuple[Any, ...]:
        primary = self.primary(scenario)
        return (
            scenario.slug,
            scenario.title,
            self.key(scenario),
            self.display(scenario),
            (primary.docname, primary.node_id) if primary else None,
        )

    def _placements_view(self, places: Iterable[Placement]) -> list[tuple[Any, ...]]:
        return [(p.node_id, p.group, *self._scenario_view(p.scenario)) for p in places]

    def item_view(self, slug: str, item: Item) -> tuple[Any, ...]:
        scenarios = self.by_item.get((slug, item.id), [])
        targets = [self.shown_at(slug, item, s) for s in scenarios]
        return (
            item.id,
            [self._scenario_view(s) for s in scenarios],
            [(t.docname, t.node_id) if t else None for t in targets],
            self._placements_view(self.at_item.get((slug, item.id), [])),
            [
                self._placements_view(self.at_example.get((slug, e.anchor), []))
                for e in item.examples
            ],
        )

    def chapter_digest(self, slug: str, chapter: Item) -> str:
        return digest([self.item_view(slug, item) for item in chapter.walk()])

    def book_digest(self, slug: str) -> str:
        cov = self.coverage.get(slug)
        if cov is None:
            return ""
        return digest(
            [self.item_view(slug, item) for item in cov.book.items()],
            [str(d) for d in cov.problems],
            [str(d) for d in self.load_errors],
            [self._scenario_view(s) for s in self.book_scenarios(slug)],
        )

    def digest(self) -> str:
        return digest(
            sorted(self.coverage),
            [self.book_digest(slug) for slug in sorted(self.coverage)],
            [str(d) for d in self.load_errors],
        )


_INDEXES: WeakKeyDictionary[BuildEnvironment, ScenarioIndex] = WeakKeyDictionary()


def scenario_index(env: BuildEnvironment) -> ScenarioIndex | None:
    """The scenarios of this build; ``None`` when the site has no scenarios folder."""
    return _INDEXES.get(env)


def scenario_roots(app: Sphinx) -> list[Path]:
    value = app.config.rulesref_scenarios_dir
    dirs = [value] if isinstance(value, str) else list(value or [])
    return [(Path(app.confdir) / d).resolve() for d in dirs if d]


def enabled(app: Sphinx) -> bool:
    """Whether the site shows scenarios: one of its scenario folders exists."""
    return any(root.is_dir() for root in scenario_roots(app))


def scenario_anchor(scenario: Scenario) -> str:
    return f"scenario-{slugify(scenario.book)}-{slugify(scenario.slug)}"


def scenario_group(scenario: Scenario) -> str:
    return f"{scenario.book}/{scenario.slug}"


def engine_digest() -> str:
    """A fingerprint of the code scenarios run against: every module of the
    package except the site extension (a changed engine must not keep an old
    "verified" badge)."""
    package = Path(rulesref.__file__).parent
    sphinx_dir = package / "sphinx"
    stats = []
    for path in sorted(package.rglob("*")):
        if path.suffix not in (".py", ".json") or sphinx_dir in path.parents:
            continue
        stat = path.stat()
        stats.append((path.relative_to(package).as_posix(), stat.st_mtime_ns, stat.st_size))
    return digest(stats)


def load_scenarios(roots: Sequence[Path]) -> tuple[list[Scenario], list[Diagnostic]]:
    """Every scenario below ``roots`` (the book is the first folder name); a file
    that cannot be read becomes a diagnostic instead of stopping the build."""
    found: list[Scenario] = []
    errors: list[Diagnostic] = []
    for root in roots:
        if not root.is_dir():
            continue
        for path in sorted(root.rglob("*.md")):
            relative = path.relative_to(root)
            if len(relative.parts) < 2 or any(p.startswith((".", "_")) for p in relative.parts):
                continue
            try:
                found.append(load_scenario(path, relative.parts[0]))
            except RulesSourceError as error:
                errors.append(Diagnostic(error.pos, error.message, BAD_LINK))
    return sorted(found, key=lambda s: (s.book, s.slug)), errors


def build_index(
    reg: Registry, roots: Sequence[Path], only: Sequence[str] | None = None
) -> ScenarioIndex:
    """Load the scenarios and decide where each one is shown."""
    scenarios, errors = load_scenarios(roots)
    if only is not None:  # books left out on purpose: their scenarios too
        scenarios = [s for s in scenarios if s.book in only]
    books = [book.book for book in reg]
    index = ScenarioIndex(
        roots=list(roots),
        scenarios=scenarios,
        coverage=coverage(books, scenarios, left_out=reg.left_out) if books else {},
        load_errors=errors,
        engine_digest=engine_digest(),
    )
    for scenario in scenarios:
        stat = scenario.path.stat()
        index.keys[str(scenario.path)] = (stat.st_mtime_ns, stat.st_size, index.engine_digest)
    for book in reg:
        cov = index.coverage.get(book.slug)
        if cov is not None:
            _place(index, book, cov)
    return index


def _place(index: ScenarioIndex, book: LoadedBook, cov: BookCoverage) -> None:
    """Where each scenario of ``book`` is shown in full.

    Under every example it backs (checked by :mod:`rulesref.coverage`, quote and
    all); and after the text of every rule it covers that does not already show
    it, in book order: a rule whose example or enclosing rule shows the scenario
    only gets the count badge, which links there.  The first place is primary.
    """
    slug = book.slug
    order = {item.id: number for number, item in enumerate(book.book.items())}
    for scenario in index.book_scenarios(slug):
        spots: list[tuple[Item, Example | None]] = []
        for ref in scenario.backs:
            entry = cov.by_example.get(f"{ref.rule_id}-example-{ref.index}")
            if entry is not None and scenario in entry.scenarios:
                spots.append((entry.item, entry.example))
        covered = {item.id: item for item, _ in spots}
        for ident in (*scenario.rules, *(ref.rule_id for ref in scenario.backs)):
            if (item := book.book.get(ident)) is not None:
                covered.setdefault(item.id, item)
        showing = set(covered) & {item.id for item, _ in spots}
        for item in sorted(covered.values(), key=lambda i: order[i.id]):
            if item.id in showing or any(a.id in showing for a in item.ancestors()):
                continue
            spots.append((item, None))
            showing.add(item.id)
        places = []
        for number, (item, example) in enumerate(spots, start=1):
            suffix = "" if number == 1 else f"-{number}"
            place = Placement(
                scenario,
                item,
                example,
                book.item_page(item),
                scenario_anchor(scenario) + suffix,
                scenario_group(scenario) + suffix,
            )
            places.append(place)
            if example is not None:
                index.at_example.setdefault((slug, example.anchor), []).append(place)
            else:
                index.at_item.setdefault((slug, item.id), []).append(place)
        index.placements[(slug, scenario.slug)] = places
        for ident in covered:
            index.by_item.setdefault((slug, ident), []).append(scenario)
    for scenarios in index.by_item.values():
        scenarios.sort(key=lambda s: s.slug)


def load_index(app: Sphinx) -> None:
    """``builder-inited``, after the books: load and place the scenarios."""
    if not enabled(app):
        _INDEXES.pop(app.env, None)
        return
    only = app.config.rulesref_books
    if isinstance(only, str):
        only = [slug.strip() for slug in only.split(",") if slug.strip()]
    index = build_index(registry(app.env), scenario_roots(app), only)
    _INDEXES[app.env] = index
    data = env_data(app.env)
    known = set(index.keys)
    for path in [p for p in data.results if p not in known]:
        del data.results[path]


# --------------------------------------------------------------------------
# Data kept in the environment (pickled): run results and what pages showed


@dataclass
class RunResult:
    key: tuple[int, int, str]
    failures: int
    report: str
    #: The line of the first failing example (the first fence's when unknown).
    line: int

    @property
    def passed(self) -> bool:
        return self.failures == 0


@dataclass
class ScenarioEnvData:
    #: scenario path → the result of its last run.
    results: dict[str, RunResult] = field(default_factory=dict)
    #: docname → {key: fingerprint} of the scenario things the page shows.
    shown: dict[str, dict[tuple[str, ...], str]] = field(default_factory=dict)


def env_data(env: BuildEnvironment) -> ScenarioEnvData:
    data = getattr(env, ENV_ATTR, None)
    if not isinstance(data, ScenarioEnvData):
        data = ScenarioEnvData()
        setattr(env, ENV_ATTR, data)
    return data


def run(env: BuildEnvironment, index: ScenarioIndex, scenario: Scenario) -> RunResult:
    """The scenario's result: from the cache when neither the file nor the engine
    changed since it was run, else run now (all its fences, one namespace)."""
    data = env_data(env)
    key = index.key(scenario)
    cached = data.results.get(str(scenario.path))
    if cached is not None and cached.key == key:
        return cached
    blocks = scenario.doctest_blocks()
    namespace: dict[str, Any] = {"__name__": "__scenario__"}
    failures, reports, line = 0, [], 0
    for block in blocks:
        # Named as the site shows it: the report is on a public page.
        failed, report = run_doctest_block(block, index.display(scenario), namespace)
        if failed and not line:
            found = _REPORT_LINE.search(report)
            line = int(found[1]) if found else block.line
        failures += failed
        reports.append(report)
    report = "".join(reports)
    if not blocks:
        failures, report, line = 1, "The scenario has no {doctest} block to run.\n", 1
    result = RunResult(key, failures, report, line)
    data.results[str(scenario.path)] = result
    return result


def note_shown(env: BuildEnvironment, key: tuple[str, ...], fingerprint: str) -> None:
    env_data(env).shown.setdefault(env.docname, {})[key] = fingerprint


def fingerprint(index: ScenarioIndex | None, reg: Registry, key: tuple[str, ...]) -> str:
    if index is None:
        return ""
    kind = key[0]
    if kind == "chapter":
        book = reg.get(key[1])
        chapter = book.book.get(key[2]) if book else None
        return index.chapter_digest(key[1], chapter) if chapter else ""
    if kind == "book":
        return index.book_digest(key[1])
    if kind == "all":
        return index.digest()
    if kind == "enabled":
        return "on"
    return ""


def purge_doc(app: Sphinx, env: BuildEnvironment, docname: str) -> None:
    env_data(env).shown.pop(docname, None)


def merge_info(
    app: Sphinx, env: BuildEnvironment, docnames: Set[str], other: BuildEnvironment
) -> None:
    ours, theirs = env_data(env), env_data(other)
    ours.results.update(theirs.results)
    for docname in docnames:
        if docname in theirs.shown:
            ours.shown[docname] = theirs.shown[docname]


def outdated(
    app: Sphinx, env: BuildEnvironment, added: set[str], changed: set[str], removed: set[str]
) -> list[str]:
    """Pages whose scenarios changed (a new scenario backs one of their examples,
    one was edited, the engine changed), though none of their own files did."""
    index = scenario_index(env)
    reg = registry(env)
    stale = []
    for docname, shown in env_data(env).shown.items():
        if docname in changed or docname in removed:
            continue
        if any(fingerprint(index, reg, key) != value for key, value in shown.items()):
            stale.append(docname)
    return sorted(stale)


# --------------------------------------------------------------------------
# Nodes


class rr_scenario(nodes.General, nodes.Element):  # type: ignore[misc]
    """A scenario: ``<details>`` in HTML, a plain block elsewhere."""


class rr_scenario_summary(nodes.TextElement):  # type: ignore[misc]
    """What a collapsed scenario shows: ``<summary>`` in HTML, a paragraph elsewhere."""


def visit_scenario_html(self: HTML5Translator, node: rr_scenario) -> None:
    # Folded, except a failing one: that needs reading.
    extra = {"open": "open"} if "rr-scenario-failing" in node["classes"] else {}
    self.body.append(self.starttag(node, "details", "", **extra))


def depart_scenario_html(self: HTML5Translator, node: rr_scenario) -> None:
    self.body.append("</details>\n")


def visit_summary_html(self: HTML5Translator, node: rr_scenario_summary) -> None:
    self.body.append(self.starttag(node, "summary", ""))


def depart_summary_html(self: HTML5Translator, node: rr_scenario_summary) -> None:
    self.body.append("</summary>\n")


def visit_as_container(self: Any, node: nodes.Element) -> None:
    self.visit_container(node)


def depart_as_container(self: Any, node: nodes.Element) -> None:
    self.depart_container(node)


def visit_as_paragraph(self: Any, node: nodes.Element) -> None:
    self.visit_paragraph(node)


def depart_as_paragraph(self: Any, node: nodes.Element) -> None:
    self.depart_paragraph(node)


# --------------------------------------------------------------------------
# Rendering


def status_badge(result: RunResult) -> nodes.inline:
    """Text, not colour alone: "verified" or "failing" (the colour and the mark
    before it come from the stylesheet)."""
    if result.passed:
        return nodes.inline("verified", "verified", classes=["rr-badge", "rr-badge-verified"])
    return nodes.inline("failing", "failing", classes=["rr-badge", "rr-badge-failing"])


def source_link(index: ScenarioIndex, scenario: Scenario) -> nodes.reference:
    """A link to the scenario file; its address is set when the page is written
    (:func:`resolve_source_links`), relative to the page or from the URL template."""
    name = scenario.path.name
    ref = nodes.reference(
        name, name, refuri="", reftitle=f"Source of this scenario: {index.display(scenario)}",
        classes=["rr-scenario-source"],
    )
    ref["rr_scenario_file"] = index.display(scenario)
    ref["rr_scenario_book"] = scenario.book
    ref["rr_scenario_slug"] = scenario.slug
    return ref


@functools.cache
def _base_settings() -> Any:
    return get_default_settings(MystParser)


def parse_markdown(env: BuildEnvironment, text: str, source: Path) -> list[nodes.Node]:
    """``text`` (a scenario without its front matter, padded so its lines are the
    file's own) parsed by MyST into nodes, with ``source`` as their source file.

    The ``# Title`` is left out (the summary shows it), and the headings under it
    become rubrics: the scenario sits inside a rule, and its headings must not
    become sections of the page (nor entries of its contents).
    """
    settings = copy(_base_settings())
    for key, value in env.settings.items():
        setattr(settings, key, value)
    reporter = LoggingReporter(
        str(source), settings.report_level, settings.halt_level, settings.debug,
        settings.error_encoding_error_handler,
    )
    document = nodes.document(settings, reporter, source=str(source))
    document.note_source(str(source), -1)
    MystParser().parse(text, document)
    children: list[nodes.Node] = []
    for child in list(document.children):
        if isinstance(child, nodes.section):  # the title's: keep what is under it
            children.extend(c for c in child.children if not isinstance(c, nodes.title))
        else:
            children.append(child)
    holder = nodes.container()
    holder.extend(children)
    for sect in list(holder.findall(nodes.section)):
        title = sect.next_node(nodes.title)
        rubric = nodes.rubric(title.rawsource, "", *title.children,
                              classes=["rr-scenario-heading"])
        rubric.source, rubric.line = title.source, title.line
        sect.replace_self([rubric, *[c for c in sect.children if c is not title]])
    children = list(holder.children)
    holder.children = []
    document.children = []
    for child in children:
        child.parent = None
        # Detached from the scratch document (which holds the environment in its
        # settings and must not be pickled with the page).
        for node in child.findall():
            node.document = None
    return children


def scenario_markdown(scenario: Scenario) -> str:
    """The scenario file from its ``# Title`` on, preceded by as many empty lines as
    the front matter took, so MyST numbers the lines as the file does."""
    lines = scenario.path.read_text(encoding="utf-8").splitlines()
    title = min(scenario.body_line - 2, len(lines) - 1)
    while title > 0 and not lines[title].startswith("# "):
        title -= 1
    return "\n" * title + "\n".join(lines[title:]) + "\n"


def doctest_options(given: dict[int, bool]) -> dict[int, bool]:
    """The comparison flags pytest runs scenarios with (``DOCTEST_FLAGS``: no
    IGNORE_EXCEPTION_DETAIL, which Sphinx sets by default), then the fence's own."""
    options = {
        flag: bool(DOCTEST_FLAGS & flag)
        for flag in doctest.OPTIONFLAGS_BY_NAME.values()
        if flag & doctest.COMPARISON_FLAGS
    }
    options.update(given)
    return options


def scenario_body(env: BuildEnvironment, place: Placement) -> list[nodes.Node]:
    """The scenario's Markdown as nodes; its doctests in their own group, at the
    scenario file's real lines."""
    scenario = place.scenario
    content = parse_markdown(env, scenario_markdown(scenario), scenario.path)
    blocks = iter(scenario.doctest_blocks())
    for root in content:
        for node in root.findall(nodes.Element):
            if "testnodetype" not in node:
                continue
            node["groups"] = [place.group]
            node.source = str(scenario.path)
            if node["testnodetype"] == "doctest":
                node["options"] = doctest_options(node.get("options", {}))
                block = next(blocks, None)
                if block is not None:
                    # The doctest builder reports line (node.line + offset of the example).
                    node.line = block.line
    return content


def render_scenario(app: Sphinx, index: ScenarioIndex, place: Placement) -> rr_scenario:
    env = app.env
    scenario = place.scenario
    env.note_dependency(str(scenario.path))
    result = run(env, index, scenario)
    if place.primary and not result.passed:
        logger.warning(
            "scenario '%s' fails (%d failing example(s)); run: pytest %s",
            scenario.title, result.failures, index.display(scenario),
            location=f"{scenario.path}:{result.line}", type="rules", subtype=FAILED,
        )
    box: rr_scenario = rr_scenario(
        ids=[place.node_id],
        classes=["rr-scenario", "rr-scenario-verified" if result.passed else "rr-scenario-failing"],
    )
    summary = rr_scenario_summary()
    summary += nodes.inline("Scenario", "Scenario", classes=["rr-scenario-label"])
    summary += nodes.Text(" ")
    summary += nodes.inline(scenario.title, scenario.title, classes=["rr-scenario-title"])
    summary += nodes.Text(" ")
    summary += status_badge(result)
    summary += nodes.Text(" ")
    summary += source_link(index, scenario)
    box += summary
    body = nodes.container(classes=["rr-scenario-body"])
    if not result.passed:
        note = (
            f"This scenario fails: {result.failures} example(s) do not give the output "
            "shown. The run said:"
        )
        body += nodes.paragraph(note, note, classes=["rr-scenario-failure"])
        report = nodes.literal_block(result.report, result.report, classes=["rr-scenario-report"])
        report["language"] = "none"
        body += report
    body += scenario_body(env, place)
    box += body
    # A label per place, so a badge (or an author's {ref}) can link to it.
    env.domains.standard_domain.note_hyperlink_target(
        place.node_id, env.docname, place.node_id, scenario.title
    )
    return box


def scenario_link(place: Placement | None, fromdoc: str, text: str) -> nodes.Node:
    """A link to a place where a scenario is shown in full."""
    if place is None:
        return nodes.inline(text, text)
    ref = pending_xref(
        "", refdomain="std", reftype="ref", reftarget=place.node_id, refexplicit=True,
        refwarn=True, refdoc=fromdoc,
    )
    ref += nodes.inline(text, text)
    return ref


def count_badge(place: Placement | None, fromdoc: str, count: int) -> nodes.inline:
    """ "2 scenarios", linking to the first (an element with text, not just a colour)."""
    text = f"{count} scenario{'s' if count != 1 else ''}"
    badge = nodes.inline(classes=["rr-badge", "rr-badge-scenarios", "rr-scenario-count"])
    badge += scenario_link(place, fromdoc, text)
    return badge


def _own_page(app: Sphinx, book: LoadedBook, item: Item) -> bool:
    """Scenarios are shown where the item is defined, not where it is quoted."""
    try:
        return book.item_page(item) == app.env.docname
    except KeyError:
        return False


def on_render_example(
    app: Sphinx, book: LoadedBook, item: Item, example: Example, container: nodes.Element
) -> None:
    index = scenario_index(app.env)
    if index is None or not _own_page(app, book, item):
        return
    for place in index.at_example.get((book.slug, example.anchor), []):
        container += render_scenario(app, index, place)


def _text_end(node: nodes.Element) -> int:
    """Index after an item's heading and text: where what follows the text goes."""
    position = 0
    for child in node.children:
        if isinstance(child, nodes.title) or (
            isinstance(child, nodes.paragraph) and "rr-text" in child["classes"]
        ):
            position += 1
        else:
            break
    return position


def on_render_item(app: Sphinx, book: LoadedBook, item: Item, node: nodes.Element) -> None:
    """The count badge at the end of the rule's text (on its own line under a
    heading), then the scenarios shown after the rule's text."""
    env = app.env
    index = scenario_index(env)
    if index is None or not _own_page(app, book, item):
        return
    if item.kind is Kind.CHAPTER:
        note_shown(env, ("chapter", book.slug, item.id), index.chapter_digest(book.slug, item))
    scenarios = index.by_item.get((book.slug, item.id), [])
    if not scenarios:
        return
    for scenario in scenarios:
        env.note_dependency(str(scenario.path))
    # The badge links to the first scenario, as the reader of this rule finds it.
    badge = count_badge(index.shown_at(book.slug, item, scenarios[0]), env.docname,
                        len(scenarios))
    position = _text_end(node)
    added: list[nodes.Node] = []
    text = node.children[position - 1] if position else None
    if isinstance(text, nodes.paragraph) and not item.is_heading:
        text += nodes.Text(" ")
        text += badge
    else:
        added.append(nodes.paragraph("", "", badge, classes=["rr-scenario-count"]))
    added.extend(
        render_scenario(app, index, place)
        for place in index.at_item.get((book.slug, item.id), [])
    )
    node[position:position] = added


def resolve_source_links(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Point each scenario's source link at its copy in the output, or at the
    repository when ``rulesref_scenario_source_url`` is set."""
    template = app.config.rulesref_scenario_source_url
    for ref in list(doctree.findall(nodes.reference)):
        if "rr_scenario_file" not in ref:
            continue
        path = ref["rr_scenario_file"]
        if template:
            ref["refuri"] = template.format(
                path=path, book=ref["rr_scenario_book"], slug=ref["rr_scenario_slug"]
            )
        elif app.builder.format == "html":
            target = f"{OUTPUT_DIR}/{ref['rr_scenario_book']}/{ref['rr_scenario_slug']}.md.txt"
            ref["refuri"] = relative_uri(app.builder.get_target_uri(docname), target)
        else:
            ref.replace_self(nodes.literal(path, path))


def copy_files(app: Sphinx, *args: object) -> Iterator[tuple[str, dict[str, object], str]]:
    """``html-collect-pages``: the stylesheet and script, and a copy of every
    scenario (as ``.md.txt``, which browsers show as text)."""
    if app.builder.format != "html":
        return
    static = Path(app.outdir) / "_static"
    static.mkdir(parents=True, exist_ok=True)
    for name in STATIC_FILES:
        copy_asset_file(STATIC / name, static / name, force=True)
    index = scenario_index(app.env)
    if index is None:
        return
    books = set(index.coverage)
    for scenario in index.scenarios:
        if scenario.book not in books:
            continue
        target = Path(app.outdir) / OUTPUT_DIR / scenario.book / f"{scenario.slug}.md.txt"
        data = scenario.path.read_bytes()
        if target.is_file() and target.read_bytes() == data:
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    yield from ()


def setup(app: Sphinx) -> None:
    # The scenario bodies are MyST with {doctest} fences.
    app.setup_extension("myst_parser")
    app.setup_extension("sphinx.ext.doctest")
    app.add_config_value(
        "rulesref_scenarios_dir",
        "../examples",
        "env",
        types=frozenset({str, list}),
        description="folder(s) of scenarios, one sub-folder per book (relative to conf.py)",
    )
    app.add_config_value(
        "rulesref_scenario_source_url",
        None,
        "html",
        types=frozenset({str, type(None)}),
        description="link template for a scenario's source, e.g. "
        "'https://example.org/blob/main/{path}' ({path}, {book}, {slug})",
    )
    container = (visit_as_container, depart_as_container)
    paragraph = (visit_as_paragraph, depart_as_paragraph)
    app.add_node(rr_scenario, html=(visit_scenario_html, depart_scenario_html),
                 latex=container, text=container, man=container, texinfo=container)
    app.add_node(rr_scenario_summary, html=(visit_summary_html, depart_summary_html),
                 latex=paragraph, text=paragraph, man=paragraph, texinfo=paragraph)
    # After the books (pages.load_books runs at priority 400).
    app.connect("builder-inited", load_index, priority=450)
    app.connect("rulesref-render-example", on_render_example)
    app.connect("rulesref-render-item", on_render_item)
    app.connect("env-purge-doc", purge_doc)
    app.connect("env-merge-info", merge_info)
    app.connect("env-get-outdated", outdated)
    app.connect("doctree-resolved", resolve_source_links)
    app.connect("html-collect-pages", copy_files)
    app.add_css_file("rulesref-scenarios.css")
    app.add_js_file("rulesref-scenarios.js", loading_method="defer")
