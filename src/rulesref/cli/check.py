"""``rulesref check`` and ``rulesref coverage``: the sources and scenarios
verified without building a site, quick enough for an editor or a hook."""

from __future__ import annotations

import argparse
import sys

from rulesref.changelog import changelog_problems
from rulesref.checks import UNRESOLVED, check_book
from rulesref.cli.output import EXIT_STRICT, error_line, print_errors
from rulesref.cli.scenarios import path_of, read_scenarios, scenario_problems
from rulesref.cli.sources import load, report_errors
from rulesref.cli.summary import summary_lines
from rulesref.coverage import BookCoverage
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
    """Per book and chapter: the examples, those backed by a scenario written
    against their text as it is, those to re-check (their text changed since),
    and the rules with a scenario; then each example to re-check with the
    ``backs`` to write once it is checked, each example still without one,
    and every problem of the links (notes included).  Scenarios are not run
    here: ``check`` runs them."""
    from rulesref.coverage import coverage

    library = load(args)
    report_errors(library)
    books = library.books
    scenarios, problems = read_scenarios(args, books)
    for problem in problems:
        print(error_line(problem), file=sys.stderr)
    args.account = library.account(problems)
    result = coverage(books, scenarios, left_out=library.left_out_folders)
    missing = 0
    for number, cov in enumerate(result.values()):
        if number:
            print()
        print("\n".join(coverage_table(cov)))
        for entry in cov.recheck:
            for link in entry.stale:
                print(f"  to re-check: {entry.example.id} ({entry.item.reference_word} "
                      f"{entry.item.number}, example {entry.example.index}) by "
                      f"{path_of(link.scenario)}; once checked: backs: {link.written}")
        for entry in cov.unbacked:
            missing += 1
            if not entry.to_recheck:
                print(f"  unbacked: {entry.example.id} ({entry.item.reference_word} "
                      f"{entry.item.number}, example {entry.example.index})")
        for problem in cov.problems:
            print(f"  {problem}")
    return 1 if missing and args.strict else 0


def coverage_table(cov: BookCoverage) -> list[str]:
    """The book's line and its table, one row per chapter and a total."""
    examples = cov.examples
    head = (f"{cov.book.title} ({cov.book.slug}): {sum(e.backed for e in examples)} of "
            f"{len(examples)} examples backed, {len(cov.recheck)} to re-check; "
            f"scenarios: {len(cov.scenarios)}")
    rows = [("chapter", "examples", "backed", "to re-check", "rules with a scenario")]
    for chapter in cov.chapters:
        title = f"{chapter.chapter.number} {chapter.chapter.plain}".strip()
        rows.append((title if len(title) <= 40 else title[:39] + "…",
                     str(len(chapter.examples)), str(chapter.backed),
                     str(chapter.to_recheck), f"{chapter.covered}/{len(chapter.rules)}"))
    rules = cov.rules
    rows.append(("total", str(len(examples)), str(sum(e.backed for e in examples)),
                 str(len(cov.recheck)), f"{sum(r.covered for r in rules)}/{len(rules)}"))
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = [head]
    for row in rows:
        cells = [row[0].ljust(widths[0])] + [c.rjust(w) for c, w in zip(row[1:], widths[1:],
                                                                         strict=True)]
        lines.append("  " + "  ".join(cells).rstrip())
    return lines
