"""The scenario work a build can do before its pages ask: each stale
scenario's run and the parsing of its Markdown, then the highlighting of every
doctest it shows, started in worker processes (:mod:`rulesref.work_ahead`)
once Sphinx knows which pages it will read.  Runs and parses come first, a
scenario's parse right after its run, in the order of the pages that show them
(a page takes a scenario's run, then its parse: what it waits for is work its
own scenarios need next); highlighting comes last (only the writing needs it).

On the real rulebook this was a third of a full build (186 scenarios, 420
doctest blocks), done on the same core as Sphinx's reading and writing.  Not
in a parallel read: Sphinx's readers are forked processes, which cannot take
results from another process's workers.
"""

from __future__ import annotations

from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment

from rulesref import work_ahead
from rulesref.scenario_runs import RunKey, run_jobs
from rulesref.scenarios import Scenario
from rulesref.sphinx.features.scenarios.environment import env_data, scenario_index
from rulesref.sphinx.features.scenarios.markdown import parse_jobs
from rulesref.sphinx.features.scenarios.traces import highlight_jobs

#: Without a run to start, as many doctests as this are worth workers of their own.
HIGHLIGHT_ALONE = 200


def start(app: Sphinx, env: BuildEnvironment, docnames: list[str]) -> None:
    """``env-before-read-docs``: start the runs whose kept results are stale,
    and the highlighting, of the scenarios the pages to be read show (a page
    that only links to one shown elsewhere runs it in place)."""
    index = scenario_index(env)
    if index is None or not docnames or app.parallel > 1:
        return
    order = {docname: position for position, docname in enumerate(docnames)}
    unread = len(order)
    first: dict[str, int] = {}
    for place in index.placements.values():
        path = str(place.scenario.path)
        first[path] = min(first.get(path, unread), order.get(place.docname, unread))
    # Only the scenarios these pages show, in the order they are read.
    shown = sorted((scenario for scenario in index.scenarios
                    if first.get(str(scenario.path), unread) < unread),
                   key=lambda scenario: first[str(scenario.path)])
    data = env_data(env)
    pages = {str(place.scenario.path): place.docname for place in index.placements.values()}
    runs: list[tuple[Scenario, str, RunKey]] = []
    for scenario in shown:
        path = str(scenario.path)
        key = index.keys.get(path)
        cached = data.results.get(path)
        if key is not None and (cached is None or cached.key != key):
            runs.append((scenario, index.display(scenario), key))
    blocks = [block.source for scenario in shown for block in scenario.doctest_blocks()
              ] if app.builder.format == "html" else []  # only HTML highlights them
    if not runs and len(blocks) < HIGHLIGHT_ALONE:
        return  # a page or two: forking a server's process costs more than it saves
    stale = {str(run[0].path): run for run in runs}
    reading: list[work_ahead.Job] = []
    for scenario in shown:
        path = str(scenario.path)
        if path in stale:
            reading += run_jobs([stale[path]])
        if path in pages:
            reading += parse_jobs(app, [(scenario, pages[path])])
    work_ahead.start([*reading, *highlight_jobs(app.config, blocks)])


def setup(app: Sphinx) -> None:
    # Before the listeners that start threads of their own: the workers are forked.
    app.connect("env-before-read-docs", start, priority=100)
