"""The one rule for names that end up in URLs, HTML attributes and file paths.

IDs become anchors (``id="…"``, ``href="#…"``) and chapter page names; a
book's slug becomes a folder of the site; a chapter's ``file`` is opened.
Sources are untrusted, so each is checked against a small documented pattern
when it is read, with a located error, instead of being escaped differently
in every place it is used:

``ID``
    ``[A-Za-z0-9_][A-Za-z0-9_.:-]*``: letters, digits, ``_ . : -``, not
    starting with ``.``, ``:`` or ``-`` (so never ``..`` or a hidden file).
``SLUG``
    ``[A-Za-z0-9_][A-Za-z0-9_.-]*``: the same without ``:``, which separates a
    book from an ID in ``{ref:book:id}``.
``FILE`` (one part of a chapter's path in ``book.toml``)
    ``[A-Za-z0-9_][A-Za-z0-9_. -]*``: the same plus spaces; parts are joined
    with ``/`` and the resolved file must stay inside the book's folder.

IDs that rules teams use as placeholders (:data:`PLACEHOLDERS`, e.g. ``TODO``)
are kept for references still to be written: an item with such an ID would
capture every ``{ref:TODO}``, so it is reported and never linked to.
"""

from __future__ import annotations

import re
from pathlib import Path

ID_PATTERN = r"[A-Za-z0-9_][A-Za-z0-9_.:-]*"
SLUG_PATTERN = r"[A-Za-z0-9_][A-Za-z0-9_.-]*"
FILE_PART_PATTERN = r"[A-Za-z0-9_][A-Za-z0-9_. -]*"

_ID = re.compile(ID_PATTERN)
_SLUG = re.compile(SLUG_PATTERN)
_FILE_PART = re.compile(FILE_PART_PATTERN)

#: IDs reserved for references still to be decided (compared case-sensitively,
#: as references are).
PLACEHOLDERS = frozenset({"TODO", "TBD", "FIXME", "XXX"})


def _shown(value: str) -> str:
    """``value`` as a message quotes it: control characters escaped, long ones cut."""
    text = value if len(value) <= 60 else value[:57] + "..."
    return repr(text)[1:-1] if not text.isprintable() else text


def id_problem(value: str) -> str | None:
    """Why ``value`` is not a valid ID, or ``None``."""
    if _ID.fullmatch(value):
        return None
    if any(ch.isspace() for ch in value):
        return f"ID '{_shown(value)}' contains white space"
    return (
        f"ID '{_shown(value)}' has a character IDs may not use "
        f"(allowed: letters, digits and _ . : - not first: {ID_PATTERN})"
    )


def slug_problem(value: str) -> str | None:
    if _SLUG.fullmatch(value):
        return None
    return (
        f"slug '{_shown(value)}' may only use letters, digits and _ . - "
        f"(not first): {SLUG_PATTERN}"
    )


def file_problem(value: str) -> str | None:
    """Why a chapter ``file`` is not a plain relative path inside the book's folder."""
    parts = value.split("/")
    if value.startswith("/") or "\\" in value or not all(_FILE_PART.fullmatch(p) for p in parts):
        return (
            f"chapter file '{_shown(value)}' must be a relative path of plain names "
            f"inside the book's folder ({FILE_PART_PATTERN} separated by '/')"
        )
    return None


def inside(path: Path, folder: Path) -> bool:
    """``path`` resolved (symbolic links followed) lies within ``folder`` resolved."""
    try:
        path.resolve().relative_to(folder.resolve())
    except (ValueError, OSError, RuntimeError):
        return False
    return True


__all__ = [
    "FILE_PART_PATTERN",
    "ID_PATTERN",
    "PLACEHOLDERS",
    "SLUG_PATTERN",
    "file_problem",
    "id_problem",
    "inside",
    "slug_problem",
]
