"""``rulesref build`` and ``rulesref init``: a folder of chapter files made into a
book, and books made into a site.

Sphinx runs in this process, as ``sphinx-build`` would run it (its own
warnings and exit status reach the user unchanged): a child process started
Python, rulesref and Sphinx a second time, a fifth of a one-word rebuild.  The
verdict on what was left out is the build's own account.
"""

from __future__ import annotations

import argparse
import sys

from rulesref.account import ACCOUNT_FILE, read_account
from rulesref.checks import UNRESOLVED
from rulesref.cli.output import EXIT_ERRORS
from rulesref.cli.project import sphinx_project


def cmd_build(args: argparse.Namespace) -> int:
    """Build every book that can be read.  The verdict is the build's own: the
    Sphinx extension loads the books through the one loader and leaves its
    account beside the doctrees (:mod:`rulesref.sphinx.account`); anything left
    out makes the status 2 once the rest of the site is built (unless
    --keep-going), and under --strict so does any other warning.  Sphinx prints
    the problems itself, so they are not printed twice here."""
    from rulesref.cli.sources import configs

    configs(args.books, None)  # the usage errors check and export give: no such folder, no book
    docs, out, doctrees, overrides = sphinx_project(args)
    if args.drafting:
        overrides["rulesref_drafting"] = "1"
    overrides["rulesref_account_line"] = "0"  # printed below, as the command's last line
    if args.keep_going:
        overrides["rulesref_keep_going"] = "1"
    if args.pdf:
        overrides["rulesref_pdf"] = "1"
    defines = [part for name, value in overrides.items() for part in ("-D", f"{name}={value}")]
    command = ["-b", "html", "-d", str(doctrees), *defines, str(docs), str(out)]
    if args.strict:
        command[:0] = ["-W", "--keep-going", "-D", f"suppress_warnings=rules.{UNRESOLVED}"]
    if args.jobs:
        command[:0] = ["-j", str(args.jobs)]
    (doctrees / ACCOUNT_FILE).unlink(missing_ok=True)  # never the account of an older build
    from sphinx.cmd.build import build_main

    from rulesref.cli.scenarios import kept_results

    # A build from scratch takes the scenarios' results kept by earlier commands
    # and builds (the environment keeps them only as long as the doctree folder).
    with kept_results():
        returncode = build_main(command)
    sys.stdout.flush()
    data = read_account(doctrees)
    if returncode == 0 or data is not None:
        print(f"site built: {(out / 'index.html').resolve()}")
    if data is None:
        return returncode or EXIT_ERRORS
    print(f"rulesref: {data['line']}", file=sys.stderr)
    left_out = bool(data.get("left_out")) or bool(data.get("errors"))
    if left_out and not args.keep_going:
        return EXIT_ERRORS
    return returncode


def cmd_init(args: argparse.Namespace) -> int:
    from pathlib import Path

    from rulesref.cli.output import print_errors
    from rulesref.init import init_book, next_step, report
    from rulesref.library import load_library
    from rulesref.read_cache import command_folder

    result = init_book(args.folder, title=args.title, force=args.force)
    cwd = Path.cwd()
    for line in report(result, cwd):
        print(line)
    # The book just written, read as every later command will read it: what it
    # cannot read is said now, and the last line is its account.
    library = load_library([result.path.parent], cache=command_folder())
    print_errors(library.errors)
    args.account = library.account()
    print(next_step(result, cwd))
    return 0
