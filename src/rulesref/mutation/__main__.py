"""``python -m rulesref.mutation``: the mutation score per game, and what it leaves unproven.

Run from the repository root (it reads ``seeds/`` and the scenario library).  Exit status 1
when ``--fail-under`` is given and a game scores below it, or with ``--strict`` when a
covered rule has no killed mutant.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from rulesref.mutation.report import execute, prepare, survivors, table
from rulesref.mutation.runner import Result
from rulesref.mutation.sites import GAMES


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rulesref.mutation", description=__doc__)
    parser.add_argument("--root", type=Path, default=Path.cwd(), help="repository root")
    parser.add_argument(
        "--game", action="append", choices=sorted(GAMES), help="only these games (repeatable)"
    )
    parser.add_argument("--sample", type=int, help="at most this many mutants per game")
    parser.add_argument(
        "-j", "--jobs", type=int, default=os.cpu_count() or 1, help="worker processes"
    )
    parser.add_argument("--survivors", action="store_true", help="list every surviving mutant")
    parser.add_argument("--fail-under", type=float, help="minimum score (percent) per game")
    parser.add_argument(
        "--strict", action="store_true", help="fail if a covered rule has no killed mutant"
    )
    parser.add_argument("-v", "--verbose", action="store_true", help="one line per mutant")
    args = parser.parse_args(argv)

    run = prepare(args.root, args.game or list(GAMES))

    def progress(result: Result) -> None:
        if args.verbose:
            print(f"{result.outcome.value:>9}  {result.mutant}", flush=True)

    execute(run, per_game=args.sample, jobs=args.jobs, progress=progress)
    print(table(run))
    status = 0
    if args.survivors:
        print("\nsurviving mutants (no scenario fails when the code is changed):")
        for result in survivors(run):
            print(f"  {result.outcome.value:>9}  {result.mutant}")
    if args.sample is None:
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
        for game, results in run.by_game().items():
            killed = sum(r.killed for r in results)
            if results and 100 * killed / len(results) < args.fail_under:
                print(f"{game}: score below {args.fail_under}%", file=sys.stderr)
                status = 1
    return status


if __name__ == "__main__":
    raise SystemExit(main())
