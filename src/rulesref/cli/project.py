"""Which Sphinx project builds ``--books`` (shared by ``build`` and ``serve``)."""

from __future__ import annotations

import argparse
from pathlib import Path

from rulesref.cli.scenarios import own_roots
from rulesref.cli.sources import DEFAULT_BOOKS

DEFAULT_DOCS = Path("docs")
DEFAULT_OUT = Path("docs/_build/html")


def sphinx_project(args: argparse.Namespace) -> tuple[Path, Path, Path, dict[str, str]]:
    """Which Sphinx project builds ``--books``: the given ``--docs`` (pointed at
    those books), rulesref's own ``docs/`` for the seeds in a checkout, or else a
    project generated beside the output (:mod:`rulesref.site`), so a rules team's
    folder builds without a ``conf.py``.  Returns the source, HTML and doctree
    folders and the configuration values to override."""
    from rulesref.site import project_for, write_project

    books: Path = args.books
    own_docs = (
        args.docs is None and books == DEFAULT_BOOKS and (DEFAULT_DOCS / "conf.py").is_file()
    )
    if args.docs is not None or own_docs:
        docs = args.docs or DEFAULT_DOCS
        out = args.out or DEFAULT_OUT
        overrides = {}
        if books != DEFAULT_BOOKS:
            overrides["rulesref_books_dir"] = str(books.resolve())
        if args.examples is not None:
            overrides["rulesref_scenarios_dir"] = str(args.examples.resolve())
        if getattr(args, "no_library", False):
            overrides["rulesref_scenario_library"] = "0"
        # Doctrees (a pickle with the build machine's paths) stay out of the published folder.
        return docs, out, out.parent / f"{out.name}.doctrees", overrides
    project = project_for(books, args.out)
    own = [root for root in own_roots(args) if root.is_dir()]
    write_project(books, project, own[0] if own else None,
                  library=not getattr(args, "no_library", False))
    return project.srcdir, project.outdir, project.doctrees, {}
