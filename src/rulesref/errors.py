"""Diagnostics that point at the author's source, never at rulesref's code.

Rules teams fix their YAML from the message alone, so every problem carries
``file:line:col`` and reads as one line.  Fatal problems raise
:class:`RulesSourceError`; recoverable ones are collected as
:class:`Diagnostic` so a build can report them all at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from rulesref.pickling import pickled_by_fields


@pickled_by_fields
@dataclass(frozen=True, slots=True, order=True)
class Position:
    """1-based line and column in a source file, as editors count them."""

    file: str
    line: int = 1
    col: int = 1

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"

    def shifted(self, lines: int = 0, col: int | None = None) -> Position:
        return Position(self.file, self.line + lines, self.col if col is None else col)


class RulesSourceError(Exception):
    """A source problem that stops reading; ``str()`` is the one-line report."""

    def __init__(self, pos: Position, message: str) -> None:
        super().__init__(f"{pos}: {message}")
        self.pos = pos
        self.message = message


class Severity(Enum):
    #: Acknowledged in the book's configuration, with a reason: reported, not warned.
    NOTE = "note"
    WARNING = "warning"
    ERROR = "error"


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class Diagnostic:
    """A recoverable problem.  ``subtype`` matches the Sphinx warning subtype
    (``rules.<subtype>``) so a build can choose which ones to allow."""

    pos: Position
    message: str
    subtype: str
    severity: Severity = Severity.WARNING
    reason: str = ""
    #: What the problem leaves out of the book ("item", "chapter", "book",
    #: "file" …): an error that costs content, counted in the account of what
    #: a command read (:class:`rulesref.account.Account`); "" for none.
    unit: str = ""

    def __str__(self) -> str:
        why = f" (acknowledged: {self.reason})" if self.reason else ""
        return f"{self.pos}: {self.severity.value}: {self.message}{why} [rules.{self.subtype}]"


def decode_utf8(data: bytes, display: str) -> str:
    """``data`` as UTF-8 text, or a :class:`RulesSourceError` at the first byte
    that is not (its line and column), for every file a book is made of."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = data[: exc.start]
        line = before.count(b"\n") + 1
        col = exc.start - (before.rfind(b"\n") + 1) + 1
        raise RulesSourceError(
            Position(display, line, col), f"not UTF-8 text (byte 0x{data[exc.start]:02x})"
        ) from None
