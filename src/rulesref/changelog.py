"""A book's changelog: where it is, and what ``check`` and the site say of it.

The rules team writes what changed in the same inline markup as the rules::

    changelog:
    - text: Added {ref:rule_a} and {ref:rule_b} to clarify how cards are drawn.
    - text: '{ref:Sec_drawing_cards} now says when a draw is complete.'
      version: "2.1"

Entries keep their order (newest first, as the team writes them).  The file is
the one ``book.toml`` names (``changelog = "changelogs/25.04.yaml"``), else a
``changelog.yaml`` beside the chapters.  Reading it is the readers' business
(:mod:`rulesref.readers.changelog_yaml`); here its references are resolved
(case-insensitively) like any other and checked.  Nothing here knows
docutils: the site's "What's new" page renders it.
"""

from __future__ import annotations

from pathlib import Path

from rulesref.book_config import BookConfig
from rulesref.changelog_model import Changelog, Entry
from rulesref.checks import suppressed
from rulesref.errors import Diagnostic, Severity
from rulesref.identifiers import PLACEHOLDERS
from rulesref.model import Item, NewText, Ref, Rulebook, case_folder, plain_text, walk_inlines
from rulesref.readers.changelog_yaml import read_changelog

NAMES = ("changelog.yaml", "changelog.yml")


def marked_new(item: Item) -> bool:
    """The item, its text or one of its examples is marked new (``new: true``
    or ``{n}…{/n}``): the What's new page lists it."""
    return item.new or any(isinstance(n, NewText) for n in walk_inlines(item.text)) or any(
        e.new or any(isinstance(n, NewText) for n in walk_inlines(e.text))
        for e in item.examples
    )


def changelog_file(directory: Path) -> Path | None:
    """The ``changelog.yaml`` beside a book's chapters, if there is one."""
    for name in NAMES:
        path = directory / name
        if path.is_file():
            return path
    return None


def changelog_path(config: BookConfig) -> Path | None:
    """The book's changelog: the file ``book.toml`` names (even a missing one, so
    that reading it says so), else :func:`changelog_file` of the book's folder."""
    return config.changelog or changelog_file(config.directory)


def is_template(changelog: Changelog) -> bool:
    """Every entry is a placeholder ("TODO: …"): the team's form for the next
    release, not a release's changelog."""
    return bool(changelog.entries) and all(
        _first_word(plain_text(entry.text)) in PLACEHOLDERS for entry in changelog.entries
    )


def _first_word(text: str) -> str:
    words = text.split(maxsplit=1)
    return words[0].strip(":.,;-!").upper() if words else ""


def resolved(changelog: Changelog, book: Rulebook) -> Changelog:
    """The changelog with capitalised targets pointed at their IDs in ``book``."""
    fold = case_folder(book)
    entries = tuple(
        Entry(fold(entry.text), entry.pos, entry.version, entry.date)
        for entry in changelog.entries
    )
    return Changelog(changelog.path, entries, changelog.diagnostics, changelog.version)


def unresolved(changelog: Changelog, book: Rulebook) -> list[Diagnostic]:
    """A reference of a (resolved) changelog that leads nowhere in ``book``."""
    found = []
    for entry in changelog.entries:
        for node in walk_inlines(entry.text):
            if not isinstance(node, Ref):
                continue
            for ident in node.ids:
                if ident not in book and ident not in PLACEHOLDERS:
                    found.append(
                        Diagnostic(
                            node.pos,
                            f"unresolved reference '{ident}' in the changelog",
                            "unresolved",
                        )
                    )
    return found


def changelog_problems(book: Rulebook, changelog: Changelog | None) -> list[Diagnostic]:
    """What ``rulesref check`` and the site report of a book's changelog, as the
    loader read it (:attr:`rulesref.library.Library.changelogs`; a file that could
    not be read is the loader's error): unknown keys, markup, unresolved
    references, with the kinds the book suppresses made notes."""
    if changelog is None:
        return []
    found = [d for d in changelog.diagnostics if d.severity is not Severity.ERROR]
    found += unresolved(changelog, book)  # (its errors are the loader's: Library.problems)
    return suppressed(found, book.suppress_warnings)


__all__ = [
    "NAMES",
    "Changelog",
    "Entry",
    "changelog_file",
    "changelog_path",
    "changelog_problems",
    "is_template",
    "marked_new",
    "read_changelog",
    "resolved",
    "unresolved",
]
