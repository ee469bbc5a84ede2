"""Anchor names and content fingerprints, shared by the model's consumers.

Slugs go into HTML ids and file names, so they are confined to ``[0-9a-z-]``
whatever a source says; fingerprints let the site tell whether what a page
showed has changed without keeping the shown things themselves.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import re
from collections.abc import Callable, Hashable, Iterable
from dataclasses import fields
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from rulesref.model import Item


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


def package_fingerprint(suffixes: tuple[str, ...], without: tuple[str, ...] = ()) -> str:
    """The ``rulesref`` package as installed, by the path, size and modification
    time of each file ending in ``suffixes`` outside the sub-packages named in
    ``without``: any such file edited, added or removed changes it.  Caches
    keyed by it never meet a result made by other code."""
    package = os.path.dirname(os.path.abspath(__file__))
    hasher = hashlib.blake2b(digest_size=16)
    for folder, dirs, names in os.walk(package):
        dirs[:] = sorted(d for d in dirs if folder != package or d not in without)
        for name in sorted(names):
            if name.endswith(suffixes):
                path = os.path.join(folder, name)
                status = os.stat(path)
                relative = os.path.relpath(path, package)
                hasher.update(f"{relative}\0{status.st_size}\0{status.st_mtime_ns}\n".encode())
    return hasher.hexdigest()


_Key = TypeVar("_Key", bound=Hashable)
_Value = TypeVar("_Value")


def made_once(made: dict[_Key, _Value], key: _Key, make: Callable[[], _Value]) -> _Value:
    """``made[key]``, made by ``make`` the first time it is asked for: the digests
    (or resolved paths) of an object that does not change once built, which
    every page's check asks for."""
    if key not in made:
        made[key] = make()
    return made[key]


def digest(*parts: object) -> str:
    """A short fingerprint of ``parts`` (by their ``repr``): equal parts, equal digest.
    Give it strings, numbers and tuples of them: model objects have short reprs that do
    not show their content (use :func:`content_digest` for those)."""
    return hashlib.sha256(repr(parts).encode("utf-8")).hexdigest()[:20]


#: Item fields that link to other items; :func:`item_content` leaves them out.
_LINK_FIELDS = frozenset({"parent", "children", "timing"})


def item_content(item: Item) -> tuple[object, list[object]]:
    """Everything a page can show of ``item`` itself (not of its children): every
    field of the model but the links, so a field added later is covered too."""
    parent = item.parent
    where = (parent.id, parent.number) if parent is not None else None
    return where, [getattr(item, f.name) for f in fields(item) if f.name not in _LINK_FIELDS]


def content_digest(items: Iterable[Item]) -> str:
    """A fingerprint of the content and shape of ``items`` (usually ``chapter.walk()``).

    Of each item's content pickled: the model is plain data (strings, numbers,
    tuples, enums and dataclasses of them), whose pickle follows its values,
    and pickling is a third of the time of the reprs it replaced (every
    rebuild fingerprints every chapter: half of ``serve``'s check for pages to
    read again).  A chapter read from its source and read back from the cache
    give the same bytes (tests/unit/test_read_cache.py)."""
    hasher = hashlib.sha256()
    for item in items:
        hasher.update(pickle.dumps(item_content(item), protocol=5))
    return hasher.hexdigest()[:20]
