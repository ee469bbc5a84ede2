"""``rulesref check`` and ``rulesref coverage``: the sources and scenarios
verified without building a site, quick enough for an editor or a hook."""

from __future__ import annotations

import argparse
import sys

from rulesref.changelog import changelog_problems
from rulesref.checks import UNRESOLVED, check_book
from rulesref.cli.output import EXIT_STRICT, error_line, print_errors
from rulesref.cli.scenarios import read_scenarios, scenario_problems
from rulesref.cli.sources import load, report_errors
from rulesref.cli.summary import summary_lines
from rulesref.errors import Diagnostic, Severity


def cmd_check(args: argparse.Namespace) -> int:
    """Every problem of the books, their changelogs and scenarios, one line each;
    errors (what had to be left out) on stderr and in the exit status (2, by
    the account line), other warnings in it under --strict (1)."""
    loaded = load(args)
    failing = 0
    counts: dict[str, int] = {}
    everything: list[Diagnostic] = [p for p in loaded.problems if p.severity is not Severity.ERROR]
    shown: list[Diagnostic] = []  # with --summary, printed by kind below
    for config, book in loaded:
        everything.extend(check_book(book, folder=config.directory))
        everything.extend(changelog_problems(book, loaded.changelogs.get(book.slug)))
    everything.extend(scenario_problems(args, loaded.books, loaded.left_out_folders))
    for diagnostic in everything:
        counts[diagnostic.severity.value] = counts.get(diagnostic.severity.value, 0) + 1
        if diagnostic.severity is Severity.ERROR:
            continue  # printed below, on stderr
        if diagnostic.severity is Severity.NOTE and not args.verbose:
            continue
        if args.summary:
            shown.append(diagnostic)
        else:
            print(diagnostic)
        if args.strict and diagnostic.severity is Severity.WARNING and (
            diagnostic.subtype != UNRESOLVED
        ):
            failing += 1
    if shown:
        print("\n".join(summary_lines(shown)))
    errors = [*loaded.errors, *(d for d in everything if d.severity is Severity.ERROR
                                and d not in loaded.errors)]
    print_errors(errors)
    args.account = loaded.account(
        [d for d in everything if d.severity is Severity.ERROR],
        warnings=counts.get("warning", 0),
        notes=counts.get("note", 0),
    )
    return EXIT_STRICT if failing else 0


def cmd_coverage(args: argparse.Namespace) -> int:
    from rulesref.coverage import coverage

    library = load(args)
    report_errors(library)
    books = library.books
    scenarios, problems = read_scenarios(args, books)
    for problem in problems:
        print(error_line(problem), file=sys.stderr)
    args.account = library.account(problems)
    result = coverage(books, scenarios)
    print(f"{'book / chapter':<44} {'rules covered':>14} {'examples backed':>16}")
    missing = 0
    for cov in result.values():
        for chapter in cov.chapters:
            name = f"{cov.book.slug} / {chapter.chapter.number} {chapter.chapter.plain}".strip()
            rules = f"{chapter.covered}/{len(chapter.rules)}"
            examples = f"{chapter.backed}/{len(chapter.examples)}"
            print(f"{name[:44]:<44} {rules:>14} {examples:>16}")
        for entry in cov.unbacked:
            missing += 1
            print(
                f"  unbacked: {entry.example.anchor} ({entry.item.reference_word} "
                f"{entry.item.number})"
            )
        for problem in cov.problems:
            print(f"  {problem}")
    return 1 if missing and args.strict else 0
