"""``python -m rulesref.mutation``: the mutation score per game, and what it leaves unproven.

Run from the repository root (it reads ``seeds/`` and the scenario library).  Exit status 1
when ``--fail-under`` is given and a game (or, with ``--modules``, a module) scores below
it on all its code, or with ``--strict`` when a covered rule has no killed mutant or a
claim of equivalence is contradicted.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from rulesref.mutation.report import (
    Score,
    equivalents,
    execute,
    module_table,
    prepare,
    survivors,
    table,
)
from rulesref.mutation.runner import Result
from rulesref.mutation.sites import GAMES
from rulesref.mutation.unit_tests import DEFAULT_TESTS


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rulesref.mutation", description=__doc__)
    parser.add_argument("--root", type=Path, default=Path.cwd(), help="repository root")
    parser.add_argument(
        "--game", action="append", choices=sorted(GAMES), help="only these games (repeatable)"
    )
    parser.add_argument(
        "--module",
        action="append",
        default=[],
        help="only the functions of this module or package (repeatable)",
    )
    parser.add_argument(
        "--citing", action="store_true", help="only the functions that cite a rule"
    )
    parser.add_argument(
        "--no-tests",
        action="store_true",
        help="do not run the mutants no scenario kills against the engine's own tests",
    )
    parser.add_argument(
        "--test-path",
        action="append",
        help=f"the engine's tests to run (repeatable; default: {', '.join(DEFAULT_TESTS)})",
    )
    parser.add_argument("--sample", type=int, help="at most this many mutants per game")
    parser.add_argument(
        "-j", "--jobs", type=int, default=os.cpu_count() or 1, help="worker processes"
    )
    parser.add_argument("--modules", action="store_true", help="the score of each module")
    parser.add_argument("--survivors", action="store_true", help="list every surviving mutant")
    parser.add_argument(
        "--equivalent", action="store_true", help="list the mutants claimed equivalent, and why"
    )
    parser.add_argument(
        "--fail-under", type=float, help="minimum score (percent) per game, on all its code"
    )
    parser.add_argument(
        "--strict",
        action="store_true",
        help="fail if a covered rule has no killed mutant, or a claim of equivalence is wrong",
    )
    parser.add_argument("-v", "--verbose", action="store_true", help="one line per mutant")
    args = parser.parse_args(argv)

    run = prepare(args.root, args.game or list(GAMES), args.module, citing_only=args.citing)

    def progress(result: Result) -> None:
        if args.verbose:
            by = f"  [{result.killer}]" if result.killer else ""
            print(f"{result.outcome.value:>16}  {result.mutant}{by}", flush=True)

    tests = [] if args.no_tests else args.test_path or list(DEFAULT_TESTS)
    tests = [path for path in tests if (args.root / path).exists()]
    execute(
        run,
        per_game=args.sample,
        jobs=args.jobs,
        progress=progress,
        tests=tests,
        root=args.root,
    )
    print(table(run))
    if args.modules:
        print()
        print(module_table(run))
    status = 0
    if args.survivors:
        print("\nsurviving mutants (no scenario fails when the code is changed):")
        for result in survivors(run):
            mutant = result.mutant
            print(f"  {result.outcome.value:>9}  {mutant.site.module}:{mutant.line}"
                  f" {mutant.site.qualname}: {mutant.description}\n{'':>13}{mutant.source_line}")
    if args.equivalent:
        print("\nmutants claimed equivalent (left out of the score):")
        for result, claim in equivalents(run):
            print(f"  {result.mutant}\n      {claim.reason}")
    wrong = run.wrong_claims()
    if wrong:
        print("\nclaims of equivalence a run contradicts:")
        for problem in wrong:
            print(f"  {problem}")
        status = 1 if args.strict else status
    # Only code that cites a rule can prove one, so a --citing run answers this too.
    if args.sample is None and not args.module:
        print("\ncovered rules with no killed mutant:")
        any_missing = False
        for slug, missing in run.unproven().items():
            for rule, why in missing:
                any_missing = True
                print(f"  {slug}: {rule}: {why}")
        if not any_missing:
            print("  none")
        if any_missing and args.strict:
            status = 1
    if args.fail_under is not None:
        groups = run.by_module() if args.modules else run.by_game()
        for name, results in groups.items():
            percent = Score.of(results).percent
            if percent is not None and percent < args.fail_under:
                print(f"{name}: score {percent:.0f}% below {args.fail_under}%", file=sys.stderr)
                status = 1
    return status


if __name__ == "__main__":
    raise SystemExit(main())
