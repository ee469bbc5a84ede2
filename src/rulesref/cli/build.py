"""``rulesref build`` and ``rulesref init``: a folder of chapter files made into a
book, and books made into a site.

Sphinx runs in a child process, so its own warnings and exit status reach the
user unchanged; the verdict on unreadable sources is added to it.
"""

from __future__ import annotations

import argparse
import subprocess
import sys

from rulesref.checks import UNRESOLVED
from rulesref.cli.output import EXIT_ERRORS
from rulesref.cli.project import sphinx_project
from rulesref.cli.scenarios import read_scenarios
from rulesref.cli.sources import load


def cmd_build(args: argparse.Namespace) -> int:
    """Build every book that can be read.  The verdict is check's: a source that
    cannot be read (book, chapter or scenario) makes the status 2 once the rest of
    the site is built, and under --strict so does any other warning.  Sphinx prints
    the problems itself, so they are not printed twice here."""
    docs, out, doctrees, overrides = sphinx_project(args)
    if args.drafting:
        overrides["rulesref_drafting"] = "1"
    defines = [part for name, value in overrides.items() for part in ("-D", f"{name}={value}")]
    command = [
        sys.executable, "-m", "sphinx", "-b", "html", "-d", str(doctrees), *defines,
        str(docs), str(out),
    ]
    if args.strict:
        command[3:3] = ["-W", "--keep-going", "-D", f"suppress_warnings=rules.{UNRESOLVED}"]
    if args.jobs:
        command[3:3] = ["-j", str(args.jobs)]
    # Sphinx starts first, and the sources are read for the verdict while it
    # starts up (from the kept readings, on another core): a one-word rebuild
    # of the real-size rulebook took 0.2 to 0.3 s longer with the reading first.
    sphinx = subprocess.Popen(command)
    try:
        loaded = load(args)
        _scenarios_ok, scenario_errors = read_scenarios(args, loaded.books)
    finally:
        returncode = sphinx.wait()
    fatal = bool(loaded.errors or scenario_errors)
    if returncode == 0:
        print(f"site built: {(out / 'index.html').resolve()}")
    if fatal:  # as check says: 2, whatever else the strict build found
        print(
            "rulesref: some sources could not be read (see the warnings above); "
            "the rest of the site is built",
            file=sys.stderr,
        )
        return EXIT_ERRORS
    return returncode


def cmd_init(args: argparse.Namespace) -> int:
    from pathlib import Path

    from rulesref.init import init_book, next_step, report

    result = init_book(args.folder, title=args.title, force=args.force)
    cwd = Path.cwd()
    for line in report(result, cwd):
        print(line)
    print(next_step(result, cwd))
    return 0
