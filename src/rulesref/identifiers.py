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

An ID as the rules team wrote it is the item's ID wherever IDs are used
(references, ``rulesref show``, the export, the diff), whatever characters it
holds: real rulebooks have IDs such as ``rule_54+``.  Only where an ID becomes
an HTML anchor is it confined, by :func:`anchor_for`: an ID that matches
``ID`` is its own anchor, any other is escaped to one that does, the same in
every build (``rule_54+`` → ``rule_54.2B``).

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


def is_safe_id(value: str) -> bool:
    """``value`` can be an anchor, a URL fragment and a file name as it is."""
    return _ID.fullmatch(value) is not None


#: The characters an escaped anchor keeps; every other one, ``.`` included,
#: becomes ``.XX`` per UTF-8 byte, so two unsafe IDs never share an anchor.
_KEPT = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_:-")


def anchor_for(value: str) -> str:
    """The HTML anchor of the ID ``value``: the ID itself when it is safe (see
    :data:`ID_PATTERN`), else the ID with every other character written as
    ``.XX`` (its UTF-8 bytes in hexadecimal, as MediaWiki escapes anchors),
    white space at the ends dropped.  Deterministic, so a permalink survives
    every rebuild; whether it collides with another item's anchor is checked
    once per book (:func:`rulesref.anchors.assign_anchors`)."""
    if _ID.fullmatch(value):
        return value
    out: list[str] = []
    for index, ch in enumerate(value.strip()):
        if ch in _KEPT and (index or ch not in ":-"):  # ":" and "-" never first
            out.append(ch)
        else:
            out.extend(f".{byte:02X}" for byte in ch.encode("utf-8", "surrogatepass"))
    anchor = "".join(out)
    # An anchor never starts with "." (a hidden file, were it a path): "_" first.
    return anchor if anchor[:1].isalnum() or anchor[:1] == "_" else "_" + anchor


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
    "anchor_for",
    "file_problem",
    "id_problem",
    "inside",
    "is_safe_id",
    "slug_problem",
]
