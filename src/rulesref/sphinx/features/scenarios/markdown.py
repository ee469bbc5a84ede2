"""A scenario's Markdown as docutils nodes, inside a rule's page.

The body is parsed by MyST, so the ``{doctest}`` fences become
:mod:`sphinx.ext.doctest` nodes: ``sphinx-build -b doctest`` runs them again,
one doctest group per shown scenario, with the scenario file and line as
their source and the same option flags as pytest.

A full build parses each shown scenario in a worker process ahead of its page
(:func:`parse_jobs`, started with the scenarios' runs by
:mod:`rulesref.sphinx.features.scenarios.ahead`): on the real rulebook, MyST's
parsing of 186 scenarios was half a second of the build's own process, and
taking the parsed nodes back costs a twentieth of that.
"""

from __future__ import annotations

import contextlib
import doctest
import functools
import logging
import weakref
from collections.abc import Iterable, Iterator
from copy import copy
from pathlib import Path
from typing import Any

import myst_parser.mdit_to_docutils.base as myst_base
from docutils import nodes
from docutils.frontend import get_default_settings
from docutils.utils import new_document
from myst_parser.parsers.sphinx_ import MystParser
from sphinx.application import Sphinx
from sphinx.util import rst
from sphinx.util.docutils import LoggingReporter, sphinx_domains
from sphinx.util.logging import suppress_logging

from rulesref import work_ahead
from rulesref.scenarios import DOCTEST_FLAGS, Scenario
from rulesref.sphinx.features.scenarios.index import Placement


@functools.cache
def _base_settings() -> Any:
    return get_default_settings(MystParser)


def _spare_document(source_path: str = "notset", parser_cls: object = None) -> nodes.document:
    return new_document(source_path, settings=copy(_base_settings()))


@contextlib.contextmanager
def _no_default_settings() -> Iterator[None]:
    """MyST's renderer makes a spare document on every parse, even when it is
    given one (``options.get("document", make_document())`` evaluates its
    default), and ``make_document`` builds docutils' default settings from
    its option parser: 4 ms a scenario, a third of parsing one, for a
    document that is dropped.  While a scenario is parsed, the spare one is
    made from settings built once."""
    made = myst_base.make_document
    myst_base.make_document = _spare_document
    try:
        yield
    finally:
        myst_base.make_document = made


#: Per Sphinx application, each scenario text read so far: None after its first
#: read, then (from its second, when it parsed without a warning) its nodes.
#: ``rulesref serve`` re-reads a chapter after every save, and its scenarios'
#: Markdown had not changed: parsing it again was a quarter of the rebuild.  A
#: full build reads each text once, so it keeps and copies nothing.  Keyed by the
#: application (its configuration is MyST's), dropped with it; never part of the
#: pickled environment.
_PARSED: weakref.WeakKeyDictionary[
    Sphinx, dict[tuple[str, str, str], list[nodes.Node] | None]
] = weakref.WeakKeyDictionary()


def parse_markdown(app: Sphinx, text: str, source: Path) -> list[nodes.Node]:
    """``text`` (a scenario without its front matter, padded so its lines are the
    file's own) parsed by MyST into nodes, with ``source`` as their source file.

    The ``# Title`` is left out (the summary shows it), and the headings under it
    become rubrics: the scenario sits inside a rule, and its headings must not
    become sections of the page (nor entries of its contents).  A text read
    again by the same application (``serve``) is copied, not parsed again.
    """
    memo = _PARSED.setdefault(app, {})
    key = _memo_key(app, text, source)
    kept = memo.get(key)
    if kept is not None:
        return [child.deepcopy() for child in kept]
    found, ahead = work_ahead.take((_AHEAD, app.env.docname, *key))
    if found and isinstance(ahead, list):
        children, warned = ahead, False
    else:
        children, warned = _parse(app, text, source)
    # A warning is said again whenever its page is read again, so that parse is never kept.
    if key in memo and not warned:
        memo[key] = [child.deepcopy() for child in children]
    else:
        memo[key] = None
    return children


def _memo_key(app: Sphinx, text: str, source: Path) -> tuple[str, str, str]:
    return (text, str(source), repr(sorted(app.env.settings.items())))


#: What keys this module's jobs in :mod:`rulesref.work_ahead`.
_AHEAD = "scenario-markdown"
#: The application the forked workers parse with (each inherits it from the build).
_APP: list[weakref.ref[Sphinx]] = []


def parse_jobs(app: Sphinx, shown: Iterable[tuple[Scenario, str]]) -> list[work_ahead.Job]:
    """The :mod:`rulesref.work_ahead` jobs that parse the Markdown of these
    scenarios, each with the page that shows it (a reference in the text
    records the page it is on), but for the texts this application read
    before (``serve`` copies its own parse)."""
    memo = _PARSED.get(app, {})
    _APP[:] = [weakref.ref(app)]
    jobs: list[work_ahead.Job] = []
    for scenario, docname in shown:
        text = scenario_markdown(scenario)
        key = _memo_key(app, text, scenario.path)
        if key not in memo:
            jobs.append(((_AHEAD, docname, *key), _parse_ahead,
                         (text, str(scenario.path), docname)))
    return jobs


def _parse_ahead(text: str, source: str, docname: str) -> list[nodes.Node] | None:
    """In a worker: the parse the page would make, or ``None`` where it would
    warn (the page parses it again, and the warning is said once, there)."""
    app = _APP[0]() if _APP else None
    if app is None:
        return None
    env = app.env
    before = env.current_document
    # As Sphinx reads a page: its name, and the domains' roles ({doc}, {ref} ...).
    env.prepare_settings(docname)
    role = app.config.default_role
    try:
        with (suppress_logging() as said, sphinx_domains(env),
              rst.default_role(docname, role) if role else contextlib.nullcontext()):
            children, warned = _parse(app, text, Path(source))
    finally:
        env.current_document = before
        env.ref_context.clear()
    if warned or any(record.levelno >= logging.WARNING for record in said.buffer):
        return None
    return children


def _parse(app: Sphinx, text: str, source: Path) -> tuple[list[nodes.Node], bool]:
    """The parse itself, and whether it warned."""
    env = app.env
    settings = copy(_base_settings())
    for key, value in env.settings.items():
        setattr(settings, key, value)
    reporter = LoggingReporter(
        str(source), settings.report_level, settings.halt_level, settings.debug,
        settings.error_encoding_error_handler,
    )
    document = nodes.document(settings, reporter, source=str(source))
    document.note_source(str(source), -1)
    said = getattr(app, "_warncount", 0)  # MyST warns through Sphinx's logger
    with _no_default_settings():
        MystParser().parse(text, document)
    warned = (reporter.max_level >= reporter.WARNING_LEVEL
              or getattr(app, "_warncount", 0) != said)
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
    return children, warned


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


def scenario_body(app: Sphinx, place: Placement) -> list[nodes.Node]:
    """The scenario's Markdown as nodes; its doctests in their own group, at the
    scenario file's real lines."""
    scenario = place.scenario
    content = parse_markdown(app, scenario_markdown(scenario), scenario.path)
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
