"""``rulesref build`` and ``rulesref init``: a folder of chapter files made into a
book, and books made into a site.

Sphinx runs in a child process, so its own warnings and exit status reach the
user unchanged; the verdict on unreadable sources is added to it.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

from rulesref.checks import UNRESOLVED
from rulesref.cli.output import EXIT_ERRORS
from rulesref.cli.scenarios import read_scenarios
from rulesref.cli.sources import DEFAULT_BOOKS, load

DEFAULT_DOCS = Path("docs")
DEFAULT_OUT = Path("docs/_build/html")


def cmd_build(args: argparse.Namespace) -> int:
    """Build every book that can be read.  The verdict is check's: a source that
    cannot be read (book, chapter or scenario) makes the status 2 once the rest of
    the site is built, and under --strict so does any other warning.  Sphinx prints
    the problems itself, so they are not printed twice here."""
    loaded = load(args)
    _scenarios_ok, scenario_errors = read_scenarios(args, loaded.books)
    fatal = bool(loaded.errors or scenario_errors)
    docs, out, doctrees, overrides = _build_paths(args)
    command = [
        sys.executable, "-m", "sphinx", "-b", "html", "-d", str(doctrees), *overrides,
        str(docs), str(out),
    ]
    if args.strict:
        command[3:3] = ["-W", "--keep-going", "-D", f"suppress_warnings=rules.{UNRESOLVED}"]
    if args.jobs:
        command[3:3] = ["-j", str(args.jobs)]
    if args.drafting:
        command[3:3] = ["-D", "rulesref_drafting=1"]
    result = subprocess.run(command, check=False)
    if result.returncode == 0:
        print(f"site built: {(out / 'index.html').resolve()}")
    if fatal:  # as check says: 2, whatever else the strict build found
        print(
            "rulesref: some sources could not be read (see the warnings above); "
            "the rest of the site is built",
            file=sys.stderr,
        )
        return EXIT_ERRORS
    return result.returncode


def _build_paths(args: argparse.Namespace) -> tuple[Path, Path, Path, list[str]]:
    """Which Sphinx project builds ``--books``: the given ``--docs`` (pointed at
    those books), rulesref's own ``docs/`` for the seeds in a checkout, or else a
    project generated beside the output (:mod:`rulesref.site`), so a rules team's
    folder builds without a ``conf.py``."""
    from rulesref.site import project_for, write_project

    books: Path = args.books
    own_docs = (
        args.docs is None and books == DEFAULT_BOOKS and (DEFAULT_DOCS / "conf.py").is_file()
    )
    if args.docs is not None or own_docs:
        docs = args.docs or DEFAULT_DOCS
        out = args.out or DEFAULT_OUT
        overrides = []
        if books != DEFAULT_BOOKS:
            overrides = ["-D", f"rulesref_books_dir={books.resolve()}"]
        # Doctrees (a pickle with the build machine's paths) stay out of the published folder.
        return docs, out, out.parent / f"{out.name}.doctrees", overrides
    project = project_for(books, args.out)
    examples = args.examples if args.examples.is_dir() else books / "examples"
    write_project(books, project, examples if examples.is_dir() else None)
    return project.srcdir, project.outdir, project.doctrees, []


def cmd_init(args: argparse.Namespace) -> int:
    from rulesref.init import init_book

    path = init_book(args.folder, title=args.title, force=args.force)
    print(f"wrote {path}")
    print(f"next: rulesref --books {args.folder} check   (then: build, export)")
    return 0
