"""What a command prints, writes and returns when something is wrong.

Every source problem is one ``file:line:col: message`` line on standard error
and a non-zero exit status, whichever command found it, so scripts and
editors can read them the same way.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path

from rulesref.errors import Diagnostic, Position, RulesSourceError

#: Exit statuses: a source that cannot be read (its book, chapter or scenario is
#: left out) is 2 for every command; warnings are 1 under --strict.
EXIT_ERRORS = 2
EXIT_STRICT = 1


def error_at(path: Path, message: str) -> RulesSourceError:
    return RulesSourceError(Position(str(path), 1, 1), message)


def error_line(diagnostic: Diagnostic) -> str:
    return f"{diagnostic.pos}: {diagnostic.message}"


def print_errors(errors: Iterable[Diagnostic]) -> None:
    """One line each on stderr, in source order."""
    for error in sorted(errors, key=lambda d: d.pos):
        print(error_line(error), file=sys.stderr)


def write_file(path: Path, text: str) -> None:
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise error_at(path, f"cannot write: {exc.strerror or exc}") from None


def emit(text: str, output: str) -> None:
    """``text`` to standard output (``-``) or to the file ``output``; the note of
    the file written goes to stderr so that stdout stays only the data."""
    if output == "-":
        sys.stdout.write(text)
    else:
        write_file(Path(output), text)
        print(f"wrote {output}", file=sys.stderr)
