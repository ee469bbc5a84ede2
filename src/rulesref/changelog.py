"""A book's changelog: ``changelog.yaml`` beside its chapters.

The rules team writes what changed in the same inline markup as the rules::

    changelog:
    - text: Added {ref:rule_a} and {ref:rule_b} to clarify how cards are drawn.
    - text: '{ref:Sec_drawing_cards} now says when a draw is complete.'
      version: "2.1"

Entries keep their order (newest first, as the team writes them).  Each is
read with the chapters' reader, so a broken entry is one ``file:line:col``
message, and its references resolve (case-insensitively) like any other.
Nothing here knows docutils: the site's "What's new" page renders it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import yaml

from rulesref.errors import Diagnostic, Position, RulesSourceError, Severity
from rulesref.identifiers import PLACEHOLDERS
from rulesref.model import Inlines, Item, NewText, Ref, Rulebook, fold_inlines, walk_inlines
from rulesref.readers._yaml_nodes import compose_document, is_null

NAMES = ("changelog.yaml", "changelog.yml")
ENTRY_KEYS = frozenset({"text", "version", "date"})


@dataclass(frozen=True)
class Entry:
    text: Inlines
    pos: Position
    version: str = ""
    date: str = ""


@dataclass(frozen=True)
class Changelog:
    path: Path
    entries: tuple[Entry, ...]
    diagnostics: tuple[Diagnostic, ...] = ()


def marked_new(item: Item) -> bool:
    """The item, its text or one of its examples is marked new (``new: true``
    or ``{n}…{/n}``): the What's new page lists it."""
    return item.new or any(isinstance(n, NewText) for n in walk_inlines(item.text)) or any(
        e.new or any(isinstance(n, NewText) for n in walk_inlines(e.text))
        for e in item.examples
    )


def changelog_file(directory: Path) -> Path | None:
    """The book's changelog file, if it has one."""
    for name in NAMES:
        path = directory / name
        if path.is_file():
            return path
    return None


def read_changelog(path: Path, display: str | None = None) -> Changelog:
    """Read a changelog; a problem raises :class:`RulesSourceError` at its place."""
    name = display or str(path)
    try:
        source = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise RulesSourceError(Position(name, 1, 1), f"cannot read the changelog: {exc}") from None
    root, reader = compose_document(source, name)
    if root is None:
        raise RulesSourceError(Position(name, 1, 1), "empty changelog: expected 'changelog:'")
    keys = reader.mapping(root, "the changelog")
    reader.warn_unknown(keys, {"changelog"}, "the changelog")
    if "changelog" not in keys:
        raise RulesSourceError(reader.pos(root), "expected a 'changelog:' list of entries")
    entries = []
    for node in reader.sequence(keys["changelog"][1], "changelog"):
        if isinstance(node, yaml.ScalarNode) and not is_null(node):
            entries.append(Entry(reader.inline(node, "entry"), reader.pos(node)))
            continue
        fields = reader.mapping(node, "a changelog entry")
        reader.warn_unknown(fields, set(ENTRY_KEYS), "changelog entry")
        if "text" not in fields or is_null(fields["text"][1]):
            raise RulesSourceError(reader.pos(node), "changelog entry has no 'text:'")
        entries.append(
            Entry(
                reader.inline(fields["text"][1], "text"),
                reader.pos(node),
                _scalar(fields.get("version")),
                _scalar(fields.get("date")),
            )
        )
    return Changelog(path, tuple(entries), tuple(reader.diagnostics))


def _scalar(pair: tuple[yaml.ScalarNode, yaml.Node] | None) -> str:
    if pair is None or not isinstance(pair[1], yaml.ScalarNode) or is_null(pair[1]):
        return ""
    return str(pair[1].value)


def resolved(changelog: Changelog, book: Rulebook) -> Changelog:
    """The changelog with capitalised targets pointed at their IDs in ``book``."""
    entries = tuple(
        Entry(fold_inlines(book, entry.text), entry.pos, entry.version, entry.date)
        for entry in changelog.entries
    )
    return Changelog(changelog.path, entries, changelog.diagnostics)


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


def changelog_problems(book: Rulebook, directory: Path) -> list[Diagnostic]:
    """What ``rulesref check`` reports of the book's changelog: a file that cannot be
    read (an error: its entries are lost), unknown keys, unresolved references."""
    path = changelog_file(directory)
    if path is None:
        return []
    try:
        changelog = read_changelog(path, _display(path))
    except RulesSourceError as exc:
        return [Diagnostic(exc.pos, exc.message, "source-error", Severity.ERROR)]
    return [*changelog.diagnostics, *unresolved(resolved(changelog, book), book)]


def _display(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)
