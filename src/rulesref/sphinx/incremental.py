"""Re-read the pages whose shown numbers changed, not only the edited ones.

Sphinx re-reads a page when one of its files changes (each chapter page
depends on its YAML and ``book.toml``).  But renumbering chapter 8 also
changes what chapter 4 shows: its link reads "section 8.1" and must now read
"section 8.2".  So every page records, while it is read, a fingerprint of
each thing it showed (keys below); at ``env-get-outdated`` the books have just
been reloaded, each recorded key is recomputed, and the pages where any
fingerprint differs are read again.

Keys:

``("ref", book, ids, through, capital)``
    a ``{ref:...}`` in a rule: its wording and where each link leads.
``("role-ref", target, hint, number_only)`` / ``("role-term", target, hint)``
    an author's ``{rules:ref}`` / ``{rules:term}`` in a page.
``("chapter", book, chapter id)``
    everything a chapter page renders of its own chapter.
``("index", book)`` / ``("glossary", book)`` / ``("cards", book)`` / ``("drafting", book)`` /
``("whats-new", book)``
    what a book's index page, glossary, card index, its part of the Drafting
    status page or its What's new page shows: only that, so editing one word of a rule re-reads the
    glossary only when that rule defines a term (these pages do not depend on
    the book's files, which would re-read them after every edit).
``("numbers", book)``
    every item's ID, number and reference word (a page listing items by number).
``("book", book)`` / ``("books",)`` / ``("load-errors",)``
    a page showing a whole book / the list of books / the books left out.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from jinja2 import FileSystemBytecodeCache
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment

from rulesref.keys import digest
from rulesref.sphinx.domain import rules_domain
from rulesref.sphinx.references import (
    fingerprint_parts,
    reference_parts,
    resolve_ref,
    resolve_term,
    role_text,
)
from rulesref.sphinx.registry import Registry, registry

Key = tuple[Any, ...]

#: Key kind → the LoadedBook method that fingerprints what such a page shows.
BOOK_DIGESTS = {
    "book": "digest",
    "index": "index_digest",
    "glossary": "glossary_digest",
    "cards": "cards_digest",
    "whats-new": "whatsnew_digest",
    "drafting": "drafting_digest",
    "numbers": "numbers_digest",
}


def fingerprint(reg: Registry, key: Key) -> str:
    kind = key[0]
    if kind == "ref":
        _, slug, ids, through, capital = key
        book = reg.get(slug)
        if book is None:
            return ""
        return fingerprint_parts(reference_parts(book, ids, through=through, capital=capital))
    if kind == "role-ref":
        _, target, hint, number_only = key
        found = resolve_ref(reg, target, hint)
        if found is None:
            return ""
        t = found.target
        text = role_text(found, number_only)
        return f"{found.book.slug}:{text}<{t.docname}#{t.anchor}>{found.ambiguous}"
    if kind == "role-term":
        _, target, hint = key
        term = resolve_term(reg, target, hint)
        if term is None:
            return ""
        d = term.definition
        return f"{term.book.slug}:{d.anchor}<{term.book.item_page(d.item)}>{term.ambiguous}"
    if kind == "chapter":
        _, slug, chapter_id = key
        book = reg.get(slug)
        return book.chapter_digest(chapter_id) if book else ""
    if kind in BOOK_DIGESTS:
        book = reg.get(key[1])
        return getattr(book, BOOK_DIGESTS[kind])() if book else ""
    if kind == "books":
        return reg.digest()
    if kind == "load-errors":
        return digest([str(error) for error in reg.load_errors])
    raise ValueError(f"unknown fingerprint key {key!r}")


def note_shown(env: BuildEnvironment, *keys: Key) -> None:
    """Record that the page being read shows ``keys``."""
    reg = registry(env)
    rules_domain(env).note_shown(env.docname, {key: fingerprint(reg, key) for key in keys})


def outdated_pages(
    app: Sphinx, env: BuildEnvironment, added: set[str], changed: set[str], removed: set[str]
) -> list[str]:
    reg = registry(env)
    stale = []
    for docname, shown in rules_domain(env).shown.items():
        if docname in changed or docname in removed:
            continue
        if any(fingerprint(reg, key) != value for key, value in shown.items()):
            stale.append(docname)
    return sorted(stale)


def cache_templates(app: Sphinx) -> None:
    """Keep the HTML theme's compiled templates between builds (Jinja's bytecode
    cache, beside the doctrees): Sphinx compiles every template in every process,
    which is a third of a rebuild that writes one page."""
    templates = getattr(app.builder, "templates", None)
    environment = getattr(templates, "environment", None)
    if environment is None or environment.bytecode_cache is not None:
        return
    folder = Path(app.doctreedir) / "rulesref-templates"
    folder.mkdir(parents=True, exist_ok=True)
    environment.bytecode_cache = FileSystemBytecodeCache(str(folder))


def setup(app: Sphinx) -> None:
    app.connect("env-get-outdated", outdated_pages)
    app.connect("builder-inited", cache_templates)
