"""The books a command reads from ``--books``.

One book that cannot be read is a located error and the others are still
loaded, so a single broken chapter never hides the problems of the rest.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field
from pathlib import Path

from rulesref.books import BookConfig, discover_books, load_book
from rulesref.cli.output import EXIT_ERRORS, error_at, print_errors
from rulesref.errors import Diagnostic, RulesSourceError, Severity
from rulesref.model import Rulebook
from rulesref.read_cache import command_folder

DEFAULT_BOOKS = Path("seeds")


@dataclass
class Loaded:
    """The books of ``--books`` that could be read, and the problems of those that
    could not (errors) or of folders that are not books (warnings)."""

    configs: list[BookConfig] = field(default_factory=list)
    books: list[Rulebook] = field(default_factory=list)
    problems: list[Diagnostic] = field(default_factory=list)

    @property
    def errors(self) -> list[Diagnostic]:
        found = [*self.problems, *(d for b in self.books for d in b.diagnostics)]
        return [d for d in found if d.severity is Severity.ERROR]


def configs(root: Path, only: str | None) -> tuple[list[BookConfig], list[Diagnostic]]:
    if not root.is_dir():
        raise error_at(root, "no such folder (give the books folder with --books)")
    found, problems = discover_books(root)
    if not found and not any(p.severity is Severity.ERROR for p in problems):
        raise error_at(root, "no book.toml found below this folder")
    if only:
        found = [c for c in found if c.slug == only]
        if not found:
            raise error_at(root, f"no book named '{only}'")
    return found, problems


def load(args: argparse.Namespace) -> Loaded:
    """Every book of ``--books`` (``--book``: only that one); one that cannot be read
    is a located error and the others are still loaded."""
    found, problems = configs(args.books, getattr(args, "book", None))
    loaded = Loaded(problems=list(problems))
    # Each command reads every chapter; most of them read them unchanged since
    # the last one, so the readings are kept (rulesref.read_cache).
    cache = command_folder()
    for config in found:
        try:
            loaded.books.append(load_book(config, cache))
            loaded.configs.append(config)
        except RulesSourceError as exc:
            loaded.problems.append(Diagnostic(exc.pos, exc.message, "source-error",
                                              Severity.ERROR))
    return loaded


def report_errors(loaded: Loaded) -> int:
    """Print the errors (one line each, on stderr); the exit status they call for."""
    print_errors(loaded.errors)
    return EXIT_ERRORS if loaded.errors else 0


def readable_books(args: argparse.Namespace) -> list[Rulebook]:
    """The books that could be read; the errors of the others are printed and
    raise the command's exit status (``args.exit_floor``) whatever it returns."""
    loaded = load(args)
    args.exit_floor = report_errors(loaded)
    return loaded.books
