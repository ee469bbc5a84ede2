"""The scenarios of ``--examples`` as the commands see them: read, linked to the
examples they back, and run.

The problems found here carry the same subtypes as the Sphinx build's
(:mod:`rulesref.sphinx.scenarios`), so a problem has one name whichever
command reports it.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from rulesref.errors import Diagnostic, Position, RulesSourceError, Severity
from rulesref.model import Rulebook
from rulesref.scenarios import Scenario

SCENARIO_FAILED = "scenario-failed"
SCENARIO_SOURCE = "scenario-link"


def scenario_problems(
    args: argparse.Namespace, books: list[Rulebook], skipped: list[str], *, run: bool = True
) -> list[Diagnostic]:
    """What the build reports of the scenarios: unreadable files (errors), broken
    links to examples, and, with ``run``, scenarios whose doctests fail."""
    from rulesref.coverage import coverage
    from rulesref.scenarios import run_scenario

    slugs = {book.slug for book in books}
    scenarios, problems = read_scenarios(args, books)
    result = coverage(books, scenarios, left_out=skipped)
    problems.extend(problem for book in result.values() for problem in book.problems)
    if run:
        for scenario in scenarios:
            if scenario.book not in slugs:
                continue
            try:
                failures, _report = run_scenario(scenario)
            except Exception as exc:  # a scenario's own code may raise anything
                failures, _report = 1, str(exc)
            if failures:
                problems.append(
                    Diagnostic(
                        Position(str(path_of(scenario)), 1, 1),
                        f"scenario '{scenario.title}' fails ({failures} failing example(s)); "
                        f"run: pytest {path_of(scenario)}",
                        SCENARIO_FAILED,
                    )
                )
    return problems


def read_scenarios(
    args: argparse.Namespace, books: list[Rulebook]
) -> tuple[list[Scenario], list[Diagnostic]]:
    """The scenarios of ``--examples``; a file that cannot be read is a located error
    and the others are still read."""
    from rulesref.scenarios import load_scenario

    root: Path = args.examples
    if not root.is_dir():
        return [], []
    problems: list[Diagnostic] = []
    scenarios = []
    slugs = {book.slug for book in books}
    for path in sorted(root.rglob("*.md")):
        relative = path.relative_to(root)
        if len(relative.parts) < 2 or any(p.startswith((".", "_")) for p in relative.parts):
            continue
        if getattr(args, "book", None) and relative.parts[0] not in slugs:
            continue
        try:
            scenarios.append(load_scenario(path, relative.parts[0]))
        except RulesSourceError as exc:
            problems.append(
                Diagnostic(exc.pos, exc.message, SCENARIO_SOURCE, Severity.ERROR, unit="scenario")
            )
    scenarios.sort(key=lambda s: (s.book, s.slug))
    return scenarios, problems


def path_of(scenario: Scenario) -> Path:
    """The scenario's path as the user would type it: relative to the working
    folder when it is below it."""
    path = scenario.path
    try:
        return path.resolve().relative_to(Path.cwd().resolve())
    except ValueError:
        return path
