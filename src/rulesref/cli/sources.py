"""The books a command reads from ``--books``, through the one loader.

Every command reads its books with :func:`rulesref.library.load_library`, as
the Sphinx build does, and leaves the account of what it read on ``args``;
:func:`rulesref.cli.main` prints that account as the command's last line and
turns anything left out into the exit status (unless ``--keep-going``).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from rulesref.book_config import BookConfig
from rulesref.cli.output import EXIT_ERRORS, error_at, print_errors
from rulesref.errors import Diagnostic, Severity
from rulesref.library import Library, find_books, load_library
from rulesref.model import Rulebook
from rulesref.read_cache import command_folder

DEFAULT_BOOKS = Path("seeds")


def configs(root: Path, only: str | None) -> tuple[list[BookConfig], list[Diagnostic]]:
    """The books of ``root`` (``only``: that slug); a folder that holds none, or no
    book of that name, is a usage error of the command (one line, exit 2)."""
    if not root.is_dir():
        raise error_at(root, "no such folder (give the books folder with --books)")
    found, problems = find_books(root)
    if not found and not any(p.severity is Severity.ERROR for p in problems):
        raise error_at(root, f"no book.toml found below this folder ({_hint(root)})")
    if only:
        found = [c for c in found if c.slug == only]
        if not found:
            raise error_at(root, f"no book named '{only}'")
    return found, problems


def _hint(root: Path) -> str:
    """What to do instead: a release's ``book.toml`` sits above its chapter folder
    (``rulesref init`` puts it there), so point at it when it is there."""
    above = root.resolve().parent
    if (above / "book.toml").is_file():
        return f"the book is the folder above: --books {above}"
    return f"'rulesref init {root}' writes one for a folder of chapters"


def load(args: argparse.Namespace) -> Library:
    """Every book of ``--books`` (``--book``: only that one), read through the one
    loader; one that cannot be read is a located error and the others are still
    read.  The account of what was read is left on ``args`` for the last line."""
    only = getattr(args, "book", None)
    configs(args.books, only)  # the usage errors: no such folder, no such book
    # Each command reads every chapter; most of them read them unchanged since
    # the last one, so the readings are kept (rulesref.read_cache).
    library = load_library([args.books], only=[only] if only else None, cache=command_folder())
    args.account = library.account()
    return library


def report_errors(library: Library) -> int:
    """Print the errors (one line each, on stderr); the exit status they call for."""
    print_errors(library.errors)
    return EXIT_ERRORS if library.errors else 0


def readable_books(args: argparse.Namespace) -> list[Rulebook]:
    """The books that could be read; the errors of the others are printed (the
    account line and the exit status follow from them, see :func:`load`)."""
    library = load(args)
    report_errors(library)
    return library.books
