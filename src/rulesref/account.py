"""What a command read and what it left out, in one line.

Every command and every Sphinx build ends with this line, so a rules team
never has to guess whether the site, export or diff in front of it holds the
whole rulebook: "read 1 book: 11 chapters, 1,628 items, 230 examples; nothing
left out".  What was left out is counted from the errors that carry a
:attr:`~rulesref.errors.Diagnostic.unit` (an item, a chapter, a book, a file).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from rulesref.errors import Diagnostic, Severity
from rulesref.model import Kind, Rulebook

#: Beside a build's doctrees: the account of the last build, which ``rulesref
#: build`` reads instead of loading the books a second time.
ACCOUNT_FILE = "rulesref-account.json"


@dataclass(frozen=True)
class Account:
    books: int = 0
    chapters: int = 0
    items: int = 0
    examples: int = 0
    #: unit ("item", "chapter", "book", "file" …) → how many were left out.
    left_out: dict[str, int] = field(default_factory=dict)
    errors: int = 0
    #: ``None`` when the command did not run the checks that find warnings.
    warnings: int | None = None
    #: Problems a book acknowledges or suppresses (``None``: not counted).
    notes: int | None = None

    @property
    def whole(self) -> bool:
        """Nothing was left out and nothing is broken."""
        return not self.left_out and not self.errors

    def line(self) -> str:
        read = (
            f"read {_count(self.books, 'book')}: {_count(self.chapters, 'chapter')}, "
            f"{_count(self.items, 'item')}, {_count(self.examples, 'example')}"
        )
        if self.left_out:
            parts = ", ".join(_count(n, unit) for unit, n in sorted(self.left_out.items()))
            out = f"left out: {parts}"
        else:
            out = "nothing left out"
        extra = []
        if self.errors:
            extra.append(_count(self.errors, "error"))
        if self.warnings:
            extra.append(_count(self.warnings, "warning"))
        if self.notes:
            extra.append(_count(self.notes, "note"))
        tail = f" ({', '.join(extra)})" if extra else ""
        return f"{read}; {out}{tail}"

    def as_dict(self) -> dict[str, object]:
        return {
            "books": self.books,
            "chapters": self.chapters,
            "items": self.items,
            "examples": self.examples,
            "left_out": dict(self.left_out),
            "errors": self.errors,
            "warnings": self.warnings,
            "notes": self.notes,
        }


def account_of(
    books: Iterable[Rulebook],
    problems: Iterable[Diagnostic] = (),
    *,
    warnings: int | None = None,
    notes: int | None = None,
) -> Account:
    """The account of ``books`` as read, with the problems found outside them
    (books that could not be read, scenario files …).  The books' own
    diagnostics are counted too; a problem listed twice counts once."""
    chapters = items = examples = 0
    seen: set[Diagnostic] = set()
    left: Counter[str] = Counter()
    errors = 0
    count = 0
    all_problems: list[Diagnostic] = list(problems)
    for book in books:
        count += 1
        chapters += len(book.chapters)
        for item in book.items():
            # A timing structure is a frame for its numbered elements, not an item.
            if item.unreadable or item.kind is Kind.TIMING_STRUCTURE:
                continue
            items += 1
            examples += len(item.examples)
        all_problems.extend(book.diagnostics)
    for problem in all_problems:
        if problem in seen or problem.severity is not Severity.ERROR:
            continue
        seen.add(problem)
        errors += 1
        if problem.unit:
            left[problem.unit] += 1
    return Account(count, chapters, items, examples, dict(left), errors, warnings, notes)


def _count(number: int, noun: str) -> str:
    return f"{number:,} {noun}{'' if number == 1 else 's'}"


def read_account(doctrees: Path) -> dict[str, object] | None:
    """The account the last build left in ``doctrees`` (``None``: none there)."""
    try:
        data = json.loads((doctrees / ACCOUNT_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None
