"""Scenarios on the site: each one shown once, under the example (or rule) it
proves, with the result of its run; a count badge on every rule that has
scenarios, and a link to the box from every other rule and example it covers
(a judge reading any of them reaches the one box, and no page repeats it).

A scenario is a MyST file under ``rulesref_scenarios_dir`` (``../examples``,
one folder per book; see :mod:`rulesref.scenarios`).  The concerns live apart:

* :mod:`.index`: where each scenario is shown, from the books alone;
* :mod:`.environment`: the index of a build, run results cached in the
  environment, and the pages to read again when a scenario changes;
* :mod:`.markdown`: a scenario's Markdown as nodes, doctests and all;
* :mod:`.boxes`: the folding box of HTML (a post-transform), its
  assets, and the copies of the scenario files;
* :mod:`.traces`: rule IDs in the traces as linked numbers (HTML);
* :mod:`.ahead`: the runs and the highlighting started in worker processes
  before Sphinx reads, taken by the pages as they need them;
* this module: the box, its badges and links, placed by the render events.

Each scenario's summary shows its title and an honest badge (the scenario is
run with :func:`rulesref.scenario_runs.run_for_page`, ahead of the page or as
it is read):
"verified" only if it passes and the example it is shown under still has the
text it was written against; "failing" (and a ``rules.scenario-failed``
warning at the failing line) if it does not pass; else "to re-check": the
example's text has changed since (:mod:`rulesref.scenario_keys`), so a judge
must read the two side by side before the badge can say "verified" again.
The link to its source (copied to ``_scenarios/`` or, with
``rulesref_scenario_source_url``, a link to the repository) is in the body,
not the bar: a click anywhere on the bar unfolds.
"""

from __future__ import annotations

from collections.abc import Mapping

from docutils import nodes
from sphinx.addnodes import pending_xref
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.osutil import relative_uri

from rulesref.model import Example, Item, Kind
from rulesref.scenario_keys import ExampleLink
from rulesref.scenario_runs import RunResult
from rulesref.scenarios import BAD_FILE, Scenario
from rulesref.sphinx.features.scenarios import ahead, boxes, environment, traces
from rulesref.sphinx.features.scenarios.boxes import (
    BOX_CLASS,
    FAILING_CLASS,
    OUTPUT_DIR,
    SUMMARY_CLASS,
)
from rulesref.sphinx.features.scenarios.environment import note_shown, run, scenario_index
from rulesref.sphinx.features.scenarios.index import Placement, ScenarioIndex
from rulesref.sphinx.features.scenarios.markdown import scenario_body
from rulesref.sphinx.features.scenarios.traces import BOOK_ATTR, note_cited
from rulesref.sphinx.loaded_book import LoadedBook
from rulesref.sphinx.nodes import FOLD_WITHIN
from rulesref.sphinx.registry import registry
from rulesref.sphinx.render import text_end
from rulesref.sphinx.walk import find

logger = logging.getLogger(__name__)

#: Warning subtypes: a scenario that does not pass; a scenario that names a
#: rule or example that does not exist, or quotes words the example lacks.
FAILED = "scenario-failed"
BAD_LINK = BAD_FILE

#: The words of the states a box shows.
VERIFIED, FAILING, RECHECK = "verified", "failing", "to re-check"
#: The box's class for each state.
STATE_CLASS = {VERIFIED: "rr-scenario-verified", FAILING: FAILING_CLASS,
               RECHECK: "rr-scenario-recheck"}


def box_state(result: RunResult, current: bool = True) -> str:
    """What a box says: failing whatever the text; else verified only under the
    text the scenario was written against."""
    if not result.passed:
        return FAILING
    return VERIFIED if current else RECHECK


def status_badge(result: RunResult, current: bool = True) -> nodes.inline:
    """Text, not colour alone: "verified", "failing" or "to re-check" (the colour
    and the mark before it come from the stylesheet)."""
    return state_badge(box_state(result, current))


def state_badge(state: str) -> nodes.inline:
    cls = {VERIFIED: "rr-badge-verified", FAILING: "rr-badge-failing",
           RECHECK: "rr-badge-recheck"}[state]
    return nodes.inline(state, state, classes=["rr-badge", cls])


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


def render_scenario(app: Sphinx, index: ScenarioIndex, place: Placement) -> nodes.container:
    env = app.env
    scenario = place.scenario
    env.note_dependency(str(scenario.path))
    result = run(env, index, scenario)
    if not result.passed:
        logger.warning(
            "scenario '%s' fails (%d failing example(s)); run: pytest %s",
            scenario.title, result.failures, index.display(scenario),
            location=f"{scenario.path}:{result.line}", type="rules", subtype=FAILED,
        )
    state = box_state(result, place.current)
    box = nodes.container(ids=[place.node_id], classes=[BOX_CLASS, STATE_CLASS[state]])
    box[BOOK_ATTR] = place.book or scenario.book
    # Its summary and story are words and links: out of the transforms' way
    # (a third of the real rulebook's nodes were in the scenarios' boxes).
    box[FOLD_WITHIN] = True
    summary = nodes.paragraph(classes=[SUMMARY_CLASS])
    summary += nodes.inline("Scenario", "Scenario", classes=["rr-scenario-label"])
    summary += nodes.Text(" ")
    summary += nodes.inline(scenario.title, scenario.title, classes=["rr-scenario-title"])
    summary += nodes.Text(" ")
    summary += state_badge(state)
    box += summary
    body = nodes.container(classes=["rr-scenario-body"])
    # The source sits in the body, not in the bar: the whole bar unfolds the box.
    where = nodes.paragraph(classes=["rr-scenario-where"])
    where += nodes.Text("Source: ")
    where += source_link(index, scenario)
    body += where
    if not place.current and place.example is not None:
        body += recheck_note(index, place)
    if not result.passed:
        note = (
            f"This scenario fails: {result.failures} example(s) do not give the output "
            "shown. The run said:"
        )
        body += nodes.paragraph(note, note, classes=["rr-scenario-failure"])
        report = nodes.literal_block(result.report, result.report, classes=["rr-scenario-report"])
        report["language"] = "none"
        body += report
    body += scenario_body(app, place)
    note_cited(env, box[BOOK_ATTR], "".join(b.source for b in scenario.doctest_blocks()))
    box += body
    # A label, so a badge (or an author's {ref}) can link to it.
    env.domains.standard_domain.note_hyperlink_target(
        place.node_id, env.docname, place.node_id, scenario.title
    )
    return box


def recheck_note(index: ScenarioIndex, place: Placement) -> nodes.paragraph:
    """Why the box does not say "verified", and what makes it say so again."""
    cov = index.coverage.get(place.book)
    entry = cov.by_example.get(place.example.id) if cov and place.example else None
    link = entry.link_of(place.scenario) if entry else None
    if link is None or link.ref.text_hash is not None:
        said = ("The text of this example has changed since this scenario was written, "
                "so it is not shown as verified until it is checked against the text again.")
    else:
        said = ("This scenario does not say which text of the example it was checked "
                "against, so it is not shown as verified until it is checked again.")
    if link is not None:
        said += f" Once it is, its front matter says: backs: {link.written}"
    return nodes.paragraph(said, said, classes=["rr-scenario-recheck"])


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


def place_text(place: Placement) -> str:
    """Where a box is, as a reader says it: "rule 8.2.3" or "rule 8.2.3, example 1"."""
    item = place.item
    text = f"{item.reference_word} {item.number}"
    if place.example is not None:
        text += f", example {place.example.index}"
    return text


def elsewhere_line(places: list[Placement], fromdoc: str,
                   states: Mapping[str, str] | None = None) -> nodes.paragraph:
    """ "Scenario under rule 8.2.3: <title>" for each scenario shown outside this
    rule or example, each linking to its box.  Under an example, ``states`` (by
    slug) says what each of them shows of *this* example: a judge reading it sees
    "verified", "failing" or "to re-check" without following the link."""
    line = nodes.paragraph(classes=["rr-scenario-refs"])
    for number, place in enumerate(places):
        if number:
            line += nodes.Text("; ")
        label = f"Scenario under {place_text(place)}: "
        line += nodes.inline(label, label, classes=["rr-scenario-refs-where"])
        line += scenario_link(place, fromdoc, place.scenario.title)
        state = (states or {}).get(place.scenario.slug)
        if state is not None:
            line += nodes.Text(" ")
            line += state_badge(state)
    return line


def _own_page(app: Sphinx, book: LoadedBook, item: Item) -> bool:
    """Scenarios are shown where the item is defined, not where it is quoted."""
    try:
        return book.item_page(item) == app.env.docname
    except KeyError:
        return False


def on_render_example(
    app: Sphinx, slug: str, item: Item, example: Example, container: nodes.Element
) -> None:
    book = registry(app.env).books[slug]  # events carry the slug, never the book
    index = scenario_index(app.env)
    if index is None or not _own_page(app, book, item) or not book.reached(item, example):
        return
    shown = index.at_example.get((book.slug, example.anchor), [])
    for place in shown:
        container += render_scenario(app, index, place)
    links: list[ExampleLink] = index.links(book.slug, example)
    placed = [index.primary(link.scenario, book.slug) for link in links]
    others = [p for p in placed if p is not None and p not in shown]
    if others:
        states = {
            link.scenario.slug: box_state(run(app.env, index, link.scenario), link.current)
            for link in links
        }
        container += elsewhere_line(others, app.env.docname, states)


def on_render_item(app: Sphinx, slug: str, item: Item, node: nodes.Element) -> None:
    """The count badge at the end of the rule's text (on its own line under a
    heading), then the scenarios shown after the rule's text."""
    book = registry(app.env).books[slug]  # events carry the slug, never the book
    env = app.env
    index = scenario_index(env)
    if index is None or not _own_page(app, book, item) or not book.reached(item):
        return
    if item.kind is Kind.CHAPTER:
        note_shown(env, ("chapter", book.slug, item.id), index.chapter_digest(book.slug, item))
    scenarios = index.by_item.get((book.slug, item.id), [])
    if not scenarios:
        return
    for scenario in scenarios:
        env.note_dependency(str(scenario.path))
    # The badge links to the first scenario shown inside this rule, else the first.
    places = [p for s in scenarios if (p := index.primary(s, book.slug)) is not None]
    inside = [p for p in places if p.inside(item)]
    first = inside[0] if inside else (places[0] if places else None)
    badge = count_badge(first, env.docname, len(scenarios))
    position = text_end(node)
    added: list[nodes.Node] = []
    text = node.children[position - 1] if position else None
    if isinstance(text, nodes.paragraph) and not item.is_heading:
        text += nodes.Text(" ")
        text += badge
    else:
        added.append(nodes.paragraph("", "", badge, classes=["rr-scenario-count"]))
    # A scenario that backs one of the rule's examples is linked from that example.
    linked = {link.scenario.slug for e in item.examples for link in index.links(book.slug, e)}
    # One shown by an enclosing rule is right above: the badge is enough.
    above = {a.id for a in item.ancestors()}
    elsewhere = [p for p in index.elsewhere(book.slug, item)
                 if p.scenario.slug not in linked and p.item.id not in above]
    if elsewhere:
        added.append(elsewhere_line(elsewhere, env.docname))
    added.extend(
        render_scenario(app, index, place)
        for place in index.at_item.get((book.slug, item.id), [])
    )
    node[position:position] = added


def resolve_source_links(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Point each scenario's source link at its copy in the output, or at the
    repository when ``rulesref_scenario_source_url`` is set."""
    template = app.config.rulesref_scenario_source_url
    for ref in find(doctree, nodes.reference):
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


def setup(app: Sphinx) -> None:
    # The scenario bodies are MyST with {doctest} fences.
    app.setup_extension("myst_parser")
    app.setup_extension("sphinx.ext.doctest")
    app.add_config_value(
        "rulesref_scenario_source_url",
        None,
        "html",
        types=frozenset({str, type(None)}),
        description="link template for a scenario's source, e.g. "
        "'https://example.org/blob/main/{path}' ({path}, {book}, {slug})",
    )
    environment.setup(app)
    boxes.setup(app)
    traces.setup(app)
    ahead.setup(app)
    app.connect("rulesref-render-example", on_render_example)
    app.connect("rulesref-render-item", on_render_item)
    app.connect("doctree-resolved", resolve_source_links)
