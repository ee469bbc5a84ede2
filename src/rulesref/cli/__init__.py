"""The ``rulesref`` command: check, build, show, search, export and convert.

Every source problem is printed as one ``file:line:col: message`` line, and
every command that reads books ends with one line saying what it read and
what it left out (:mod:`rulesref.account`); anything left out makes the exit
status 2 unless ``--keep-going`` is given.  A Python traceback would mean a
bug in rulesref, never in the rules.

This module holds the arguments and the entry point; each command lives in its
own module beside it (:mod:`~rulesref.cli.check`, :mod:`~rulesref.cli.build`,
:mod:`~rulesref.cli.lookup`, :mod:`~rulesref.cli.export`,
:mod:`~rulesref.cli.diff`), and imports what only it needs when it runs, so
``rulesref show`` does not pay for Sphinx.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NoReturn

from rulesref import batch_gc
from rulesref.account import Account
from rulesref.cli.output import EXIT_ERRORS
from rulesref.cli.sources import DEFAULT_BOOKS
from rulesref.errors import RulesSourceError

Command = Callable[[argparse.Namespace], int]


def _command(module: str, name: str) -> Command:
    """The command ``name`` of ``rulesref.cli.<module>``, imported when it runs:
    each command pays for its own imports only (``check`` is a tenth of a second
    faster without the web server's and Sphinx's)."""

    def run(args: argparse.Namespace) -> int:
        command: Command = getattr(importlib.import_module(f"rulesref.cli.{module}"), name)
        return command(args)

    run.__name__ = name
    return run


cmd_build, cmd_init = _command("build", "cmd_build"), _command("build", "cmd_init")
cmd_check, cmd_coverage = _command("check", "cmd_check"), _command("check", "cmd_coverage")
cmd_diff = _command("diff", "cmd_diff")
cmd_convert, cmd_export = _command("export", "cmd_convert"), _command("export", "cmd_export")
cmd_search, cmd_show = _command("lookup", "cmd_search"), _command("lookup", "cmd_show")
cmd_serve = _command("serve", "cmd_serve")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="rulesref", description=__doc__.split("\n")[0])
    parser.add_argument(
        "--books",
        type=Path,
        default=DEFAULT_BOOKS,
        help="folder holding one sub-folder per book (default: seeds)",
    )
    parser.add_argument(
        "--examples",
        type=Path,
        default=None,
        help="a folder of your own scenarios, one sub-folder per book, besides the library "
        "rulesref ships (default: an 'examples' folder beside the books, if any)",
    )
    parser.add_argument(
        "--no-library", action="store_true",
        help="leave out the scenario library rulesref ships (only --examples)",
    )
    parser.add_argument("--keep-going", action="store_true", help=KEEP_GOING_HELP)
    sub = parser.add_subparsers(dest="command", required=True)

    cov = sub.add_parser("coverage", help="which rules and examples have scenarios")
    cov.add_argument("--strict", action="store_true", help="fail if an example is unbacked")
    cov.set_defaults(func=cmd_coverage)

    check = sub.add_parser("check", help="validate the sources without building")
    check.add_argument("--book", help="only this book (its slug)")
    check.add_argument(
        "--strict", action="store_true", help="fail on any warning other than unresolved references"
    )
    check.add_argument("-v", "--verbose", action="store_true", help="also print notes")
    check.add_argument(
        "--summary", action="store_true",
        help="warnings (and notes) by kind: the count of each and its first places",
    )
    check.set_defaults(func=cmd_check)

    build = sub.add_parser("build", help="build the site and print where it is")
    build.add_argument(
        "--strict",
        action="store_true",
        help="turn warnings into errors (unresolved references stay allowed)",
    )
    build.add_argument(
        "--drafting",
        action="store_true",
        help="the rules team's build: unresolved references marked, Drafting status page",
    )
    build.add_argument(
        "--docs",
        type=Path,
        default=None,
        help="a Sphinx project to build (default: one generated for --books)",
    )
    build.add_argument(
        "--out", type=Path, default=None, help="HTML folder (default: <books>/_build/html)"
    )
    build.add_argument("-j", "--jobs", type=int, default=0)
    build.add_argument(
        "--pdf", action="store_true", help="also write each book as a PDF (pdf/<book>.pdf)"
    )
    build.set_defaults(func=cmd_build)

    serve = sub.add_parser(
        "serve", help="build the site, serve it on loopback and rebuild it on every edit"
    )
    serve.add_argument("--drafting", action="store_true", help="the rules team's build")
    serve.add_argument("--docs", type=Path, default=None, help="as for build")
    serve.add_argument("--out", type=Path, default=None, help="as for build")
    serve.add_argument("--port", type=int, default=8000, help="0: any free port")
    serve.add_argument("--bind", default="127.0.0.1", help="address to listen on")
    serve.add_argument("--once", action="store_true",
                       help="stop after the first rebuild (for scripts and tests)")
    serve.set_defaults(func=cmd_serve)

    init = sub.add_parser(
        "init", help="write a book.toml for a rules repository or a folder of chapter files"
    )
    init.add_argument(
        "folder", type=Path, help="the repository, its data folder or its chapters' folder"
    )
    init.add_argument(
        "--title", help="the book's title (default: the git repository's name, humanised)"
    )
    init.add_argument("--force", action="store_true", help="replace an existing book.toml")
    init.set_defaults(func=cmd_init)

    diff = sub.add_parser(
        "diff", help="what changed between two versions (folders or git revisions)"
    )
    diff.add_argument("old", help="a books folder, or a git revision such as v1.0 or HEAD~3")
    diff.add_argument("new", nargs="?", help="the same (default: the --books folder as it is)")
    diff.add_argument("--book", help="only this book (its slug)")
    diff.add_argument("--json", action="store_true", help="JSON instead of text")
    _output_option(diff)
    diff.add_argument(
        "--exit-code", action="store_true", help="exit with 1 when anything changed"
    )
    diff.add_argument(
        "--partial",
        action="store_true",
        help="compare what could be read when a version left something out, under a banner "
        "naming it (without it such a diff is refused)",
    )
    diff.set_defaults(func=cmd_diff)

    show = sub.add_parser("show", help="print one rule by ID or number (e.g. 8.1.2e)")
    show.add_argument("ref")
    show.set_defaults(func=cmd_show)

    search = sub.add_parser("search", help="find rules containing all the words")
    search.add_argument("words", nargs="+")
    search.set_defaults(func=cmd_search)

    export = sub.add_parser("export", help="write the numbered model as JSON")
    export.add_argument("--book")
    _output_option(export)
    export.add_argument(
        "--no-run", action="store_true", help="do not run the scenarios (status: \"not run\")"
    )
    export.set_defaults(func=cmd_export)

    convert = sub.add_parser("convert", help="write a book in the canonical CR YAML format")
    convert.add_argument("book")
    convert.add_argument("--to", choices=["yaml"], default="yaml")
    convert.add_argument("-o", "--output")
    convert.set_defaults(func=cmd_convert)
    for command in sub.choices.values():  # also accepted after the command's name
        command.add_argument(
            "--keep-going", action="store_true", default=argparse.SUPPRESS, help=KEEP_GOING_HELP
        )
    return parser


KEEP_GOING_HELP = (
    "exit 0 even when a book, chapter, item or file had to be left out (they are "
    "still reported, and counted in the last line)"
)


def _output_option(parser: argparse.ArgumentParser) -> None:
    """The ``-o`` of the commands whose result :func:`rulesref.cli.output.emit` writes."""
    parser.add_argument("-o", "--output", default="-", help="file to write ('-': standard output)")


def main(argv: Sequence[str] | None = None) -> int:
    """The command of ``argv``; with none, the process's own command line, and
    the process ends as soon as the command's output is written (see
    :func:`_end_process`)."""
    code = _main(argv)
    if argv is None:
        _end_process(code)
    return code


def _end_process(code: int) -> NoReturn:
    """End the process without the interpreter's teardown: after a build it
    freed the site's objects one by one, half a second of a full build of the
    real rulebook, and nothing is left to write (mypy ends the same way).
    Worker processes the command started are ended first: ``os._exit`` skips
    the handler that would (:func:`rulesref.work_ahead.close`)."""
    from rulesref import work_ahead

    work_ahead.close()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


def _main(argv: Sequence[str] | None) -> int:
    args = build_parser().parse_args(argv)
    args.exit_floor = 0
    args.account = None
    # A command is one batch of work (rulesref.batch_gc); the server's rebuilds
    # are batches of their own, and it collects as usual in between.
    work = contextlib.nullcontext() if args.func is cmd_serve else batch_gc.batch()
    try:
        with work:
            code: int = args.func(args)
    except RulesSourceError as exc:
        print(exc, file=sys.stderr)
        return EXIT_ERRORS
    except OSError as exc:  # a file the command was told to use; never a traceback
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"rulesref: {where}{exc.strerror or exc}", file=sys.stderr)
        return EXIT_ERRORS
    floor: int = args.exit_floor
    accounts: Account | list[tuple[str, Account]] | None = args.account
    labelled = [("", accounts)] if isinstance(accounts, Account) else accounts or []
    for label, account in labelled:  # the command's last line(s): what it read
        print(f"rulesref: {label + ': ' if label else ''}{account.line()}", file=sys.stderr)
        if not account.whole and not args.keep_going:
            floor = max(floor, EXIT_ERRORS)
    return max(code, floor)

