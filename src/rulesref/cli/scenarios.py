"""The scenarios as the commands see them: the project's library (package data)
and the team's own (``--examples``, else an ``examples`` folder beside the
books), read, joined to the books they are about, and run.

The problems found here carry the same subtypes as the Sphinx build's
(:mod:`rulesref.sphinx.features.scenarios.examples`), so a problem has one name whichever
command reports it.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from contextlib import AbstractContextManager
from pathlib import Path

from rulesref.coverage import BookCoverage
from rulesref.errors import Diagnostic, Position, Severity
from rulesref.model import Rulebook
from rulesref.scenario_runs import RunResult
from rulesref.scenarios import Scenario

SCENARIO_FAILED = "scenario-failed"
SCENARIO_SOURCE = "scenario-link"


def scenario_problems(
    args: argparse.Namespace, books: list[Rulebook], skipped: list[str], *, run: bool = True
) -> list[Diagnostic]:
    """What the build reports of the scenarios: unreadable files (errors), broken
    links to examples, examples to re-check, and, with ``run``, scenarios whose
    doctests fail."""
    from rulesref.coverage import coverage

    scenarios, problems = read_scenarios(args, books)
    result = coverage(books, scenarios, left_out=skipped)
    problems.extend(problem for book in result.values() for problem in book.problems)
    if run:
        results = run_scenarios(bound_scenarios(result))
        for scenario, outcome in results.items():
            if not outcome.passed:
                problems.append(
                    Diagnostic(
                        Position(str(path_of(scenario)), outcome.line, 1),
                        f"scenario '{scenario.title}' fails ({outcome.failures} failing "
                        f"example(s)); run: pytest {path_of(scenario)}",
                        SCENARIO_FAILED,
                    )
                )
    return problems


def own_roots(args: argparse.Namespace) -> list[Path]:
    """The team's own scenario folders: ``--examples``, else ``examples`` beside
    the books when there is one."""
    given: Path | None = getattr(args, "examples", None)
    if given is not None:
        return [given]
    beside = Path(args.books) / "examples"
    return [beside] if beside.is_dir() else []


def read_scenarios(
    args: argparse.Namespace, books: list[Rulebook]
) -> tuple[list[Scenario], list[Diagnostic]]:
    """The library's scenarios (unless ``--no-library``) and the team's own; a
    file that cannot be read is a located error and the others are still read.
    With ``--book``, only the folders that could be about the chosen books are
    kept: their own, and the library's."""
    from rulesref.scenarios import load_scenarios

    scenarios, errors = load_scenarios(
        own_roots(args), library=not getattr(args, "no_library", False)
    )
    if getattr(args, "book", None):
        slugs = {book.slug for book in books}
        scenarios = [s for s in scenarios if s.library or s.book in slugs]
        errors = [e for e in errors if _folder_of(e, args) in slugs]
    problems = [Diagnostic(e.pos, e.message, SCENARIO_SOURCE, Severity.ERROR, unit="scenario")
                for e in errors]
    return scenarios, problems


def _folder_of(error: Diagnostic, args: argparse.Namespace) -> str:
    path = Path(error.pos.file)
    for root in own_roots(args):
        try:
            return path.relative_to(root).parts[0]
        except ValueError:
            continue
    return ""


def bound_scenarios(result: dict[str, BookCoverage]) -> list[Scenario]:
    """Every scenario some book is about, once."""
    seen: dict[Path, Scenario] = {}
    for cov in result.values():
        for scenario in cov.scenarios:
            seen.setdefault(scenario.path, scenario)
    return list(seen.values())


def kept_results() -> AbstractContextManager[None]:
    """Scenario results taken from and kept in the commands' cache folder
    (``results``), for ``check``, ``export``, ``scenarios``, ``build`` and
    ``serve`` alike (:func:`rulesref.scenario_runs.keeping_results`)."""
    from rulesref.read_cache import command_cache
    from rulesref.scenario_runs import keeping_results

    return keeping_results(command_cache("results"))


def run_scenarios(scenarios: Sequence[Scenario]) -> dict[Scenario, RunResult]:
    """Each scenario's run, as the site runs it (once per process for the same
    file and engine, and once per test run: :mod:`rulesref.scenario_runs`),
    in worker processes when there are many; a result kept in the commands'
    cache by an earlier command is taken instead of running again."""
    from rulesref.scenario_runs import engine_digest, run_ahead, run_for_page_memo, run_key

    engine = engine_digest()
    keyed = [(scenario, path_of(scenario).as_posix(), run_key(scenario, engine))
             for scenario in scenarios]
    results = {}
    # Results kept from earlier commands are taken; the rest run, and are kept.
    with kept_results():
        # A worker on every other core; this process runs the last ones while
        # it waits for the first (rulesref.work_ahead).
        run_ahead(keyed)
        for scenario, display, key in keyed:
            try:
                results[scenario] = run_for_page_memo(scenario, display, key)
            except Exception as exc:  # a scenario's own code may raise anything
                results[scenario] = RunResult(key, 1, str(exc), 1)
    return results


def path_of(scenario: Scenario) -> Path:
    """The scenario's path as the user would type it: relative to the working
    folder when it is below it; a library scenario's inside the package."""
    path = scenario.path
    try:
        return path.resolve().relative_to(Path.cwd().resolve())
    except ValueError:
        pass
    if scenario.library:
        from rulesref.scenarios import LIBRARY

        try:
            return Path("rulesref") / path.resolve().relative_to(LIBRARY.parent.parent.resolve())
        except ValueError:
            pass
    return path
