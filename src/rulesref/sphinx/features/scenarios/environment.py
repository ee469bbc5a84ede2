"""The scenarios of a build in Sphinx: the index per environment, run results
kept in the environment, and which pages to read again when a scenario changes.

At ``builder-inited`` (after the books) the scenarios are loaded, the site's
own and the library's, joined to the books they are about, and placed
(:func:`rulesref.sphinx.features.scenarios.index.build_index`).  Run results are cached
in the environment per scenario file (its mtime and size, and a fingerprint
of the engine's sources), and each page records what it showed so the next
build re-reads exactly the pages whose scenarios changed.
"""

from __future__ import annotations

from collections.abc import Set
from dataclasses import dataclass, field
from pathlib import Path
from weakref import WeakKeyDictionary

from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment

from rulesref.errors import Diagnostic
from rulesref.scenario_runs import RunResult, run_for_page_memo
from rulesref.scenarios import LIBRARY, Scenario
from rulesref.sphinx.account import LEFT_OUT_EVENT
from rulesref.sphinx.env_store import env_attribute
from rulesref.sphinx.features.scenarios.index import ScenarioIndex, build_index
from rulesref.sphinx.pages import config_folders, selected_books
from rulesref.sphinx.registry import Registry, registry

#: The name of the environment attribute holding :class:`ScenarioEnvData`.
ENV_ATTR = "rulesref_scenarios"

_INDEXES: WeakKeyDictionary[BuildEnvironment, ScenarioIndex] = WeakKeyDictionary()


def scenario_index(env: BuildEnvironment) -> ScenarioIndex | None:
    """The scenarios of this build; ``None`` when the site shows none (no folder
    of its own, and the library is about none of its books)."""
    index = _INDEXES.get(env)
    return index if index is not None and index.enabled else None


def scenario_roots(app: Sphinx) -> list[Path]:
    """The site's own scenario folders (``rulesref_scenarios_dir``)."""
    return config_folders(app, app.config.rulesref_scenarios_dir)


def scenario_sources(app: Sphinx) -> list[Path]:
    """Every folder the scenarios come from: the site's own and the library."""
    roots = scenario_roots(app)
    return [*roots, LIBRARY] if app.config.rulesref_scenario_library else roots


def enabled(app: Sphinx) -> bool:
    """Whether the site shows scenarios: one of its own scenario folders exists,
    or the library's scenarios are about one of its books."""
    return prepare_index(app) is not None and scenario_index(app.env) is not None


def prepare_index(app: Sphinx) -> ScenarioIndex | None:
    """The index for the books now loaded, made once for them: the coverage
    page's stub asks while the books load, before :func:`load_index`."""
    reg = registry(app.env)
    index = _INDEXES.get(app.env)
    if index is not None and index.registry is reg:
        return index
    own = scenario_roots(app)
    library = bool(app.config.rulesref_scenario_library)
    if not library and not any(root.is_dir() for root in own):
        _INDEXES.pop(app.env, None)
        return None
    index = build_index(reg, own, selected_books(app), library=library)
    _INDEXES[app.env] = index
    return index


def load_index(app: Sphinx) -> None:
    """``builder-inited``, after the books: load and place the scenarios."""
    index = prepare_index(app)
    if index is None:
        return
    data = env_data(app.env)
    known = set(index.keys)
    for path in [p for p in data.results if p not in known]:
        del data.results[path]


@dataclass
class ScenarioEnvData:
    #: scenario path → the result of its last run.
    results: dict[str, RunResult] = field(default_factory=dict)
    #: docname → {key: fingerprint} of the scenario things the page shows.
    shown: dict[str, dict[tuple[str, ...], str]] = field(default_factory=dict)


def env_data(env: BuildEnvironment) -> ScenarioEnvData:
    return env_attribute(env, ENV_ATTR, ScenarioEnvData)


def run(env: BuildEnvironment, index: ScenarioIndex, scenario: Scenario) -> RunResult:
    """The scenario's result: from the cache when neither the file nor the engine
    changed since it was run, else run now (named as the site shows it: the
    report is on a public page)."""
    data = env_data(env)
    key = index.key(scenario)
    cached = data.results.get(str(scenario.path))
    if cached is not None and cached.key == key:
        return cached
    result = run_for_page_memo(scenario, index.display(scenario), key)
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


def load_errors(app: Sphinx) -> list[Diagnostic]:
    """:data:`LEFT_OUT_EVENT`: scenario files that cannot be read, for the account."""
    index = scenario_index(app.env)
    return list(index.load_errors) if index else []


def setup(app: Sphinx) -> None:
    app.add_config_value(
        "rulesref_scenarios_dir",
        [],
        "env",
        types=frozenset({str, list}),
        description="folder(s) of the site's own scenarios, one sub-folder per book "
        "(relative to conf.py), besides the library",
    )
    app.add_config_value(
        "rulesref_scenario_library",
        True,
        "env",
        types=frozenset({bool}),
        description="show the scenarios rulesref ships under the examples of the books "
        "they are about",
    )
    # After the books (pages.load_books runs at priority 400).
    app.connect("builder-inited", load_index, priority=450)
    app.connect("env-purge-doc", purge_doc)
    app.connect("env-merge-info", merge_info)
    app.connect("env-get-outdated", outdated)
    app.connect(LEFT_OUT_EVENT, load_errors)
