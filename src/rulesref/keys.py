"""Anchor names and content fingerprints, shared by the model's consumers.

Slugs go into HTML ids and file names, so they are confined to ``[0-9a-z-]``
whatever a source says; fingerprints let the site tell whether what a page
showed has changed without keeping the shown things themselves.
"""

from __future__ import annotations

import hashlib
import re


def slugify(text: str) -> str:
    """Anchor-safe form of a term key or card title (``Clone Suffrage Movement`` →
    ``clone-suffrage-movement``)."""
    slug = re.sub(r"[^0-9a-z]+", "-", text.casefold()).strip("-")
    return slug or "x"


def unique(base: str, used: set[str]) -> str:
    """``base``, or ``base-2``, ``base-3`` … if a different name slugified the same."""
    anchor, n = base, 1
    while anchor in used:
        n += 1
        anchor = f"{base}-{n}"
    used.add(anchor)
    return anchor


def digest(*parts: object) -> str:
    """A short fingerprint of ``parts`` (by their ``repr``): equal parts, equal digest."""
    return hashlib.sha256(repr(parts).encode("utf-8")).hexdigest()[:20]
