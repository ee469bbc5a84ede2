"""``rulesref export`` and ``rulesref convert``: the numbered model written out,
as versioned JSON for other tools or as CR YAML source for a rules team."""

from __future__ import annotations

import argparse
from pathlib import Path

from rulesref.cli.output import emit, error_at, print_errors, write_file
from rulesref.cli.scenarios import bound_scenarios, path_of, read_scenarios, run_scenarios
from rulesref.cli.sources import configs, load, report_errors


def cmd_export(args: argparse.Namespace) -> int:
    """Versioned JSON (schema: rulesref/data/export.schema.json); scenarios are run
    for their status unless --no-run, which marks every status "not run"."""
    from rulesref.coverage import coverage
    from rulesref.export import export_data, scenario_results, to_json

    library = load(args)
    report_errors(library)
    books = library.books
    scenarios, problems = read_scenarios(args, books)
    print_errors(problems)
    args.account = library.account(problems)
    joined = coverage(books, scenarios, left_out=library.left_out_folders)
    runs = {} if args.no_run else run_scenarios(bound_scenarios(joined))
    results = scenario_results(
        joined,
        run=None if args.no_run else lambda s: (runs[s].failures, runs[s].report),
        display=lambda s: path_of(s).as_posix(),
    )
    data = export_data(books, results, scenarios_run=not args.no_run, account=args.account)
    emit(to_json(data), args.output)
    return 0


def cmd_convert(args: argparse.Namespace) -> int:
    from rulesref.writers.cr_yaml import convert_book

    found, _problems = configs(args.books, args.book)
    out = Path(args.output or f"converted/{args.book}")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise error_at(out, f"cannot create the folder: {exc.strerror or exc}") from None
    for name, text in convert_book(found[0]).items():
        write_file(out / name, text)
        print(out / name)
    return 0
