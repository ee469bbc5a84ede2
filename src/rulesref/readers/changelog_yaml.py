"""Reading a changelog file: a ``changelog:`` list of entries in the rules' markup.

Two layouts are read the same way: one ``changelog.yaml`` beside the
chapters, entries giving their own ``version:``, or one file per release
(``changelogs/25.04.yaml``), whose name is the release the entries belong
to.  Entries are read with the chapters' node reader, so a broken entry is one
``file:line:col`` message, worded as it would be in a chapter.
"""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from rulesref.changelog_model import Changelog, Entry
from rulesref.errors import Diagnostic, Position, RulesSourceError, Severity, decode_utf8
from rulesref.readers.yaml_nodes import NodeReader, compose_document, is_null

ENTRY_KEYS = frozenset({"text", "version", "date"})
#: A release's name: ``25.04``, ``v2.1``, ``2024-11-01``; not ``XX.XX`` or ``changelog``.
VERSION = re.compile(r"[vV]?\d+(?:[._-]\d+)*")


def version_of(name: str) -> str:
    """``25.04.yaml`` → ``"25.04"``; "" when the file name is not a release's."""
    stem = Path(name).stem
    return stem if VERSION.fullmatch(stem) else ""


def version_key(version: str) -> tuple[int, ...]:
    """Releases in order: ``9.1`` before ``10.0``, ``25.04`` before ``25.10``."""
    return tuple(int(part) for part in re.findall(r"\d+", version))


def read_changelog(path: Path, display: str | None = None) -> Changelog:
    """Read a changelog; a problem raises :class:`RulesSourceError` at its place."""
    name = display or str(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise RulesSourceError(Position(name, 1, 1), "no such changelog file") from None
    except OSError as exc:
        message = f"cannot read the changelog: {exc.strerror or exc}"
        raise RulesSourceError(Position(name, 1, 1), message) from None
    root, reader = compose_document(decode_utf8(data, name), name)
    if root is None:
        raise RulesSourceError(Position(name, 1, 1), "empty changelog: expected 'changelog:'")
    keys = reader.mapping(root, "the changelog")
    reader.warn_unknown(keys, {"changelog"}, "the changelog")
    if "changelog" not in keys:
        raise RulesSourceError(reader.pos(root), "expected a 'changelog:' list of entries")
    # As in a chapter: broken markup is shown as written, with a warning, and
    # an entry that cannot be read costs that entry alone.
    reader.markup_problems = reader.diagnostics
    entries = []
    for node in reader.sequence(keys["changelog"][1], "changelog"):
        try:
            entries.append(_entry(reader, node))
        except RulesSourceError as exc:
            reader.diagnostics.append(
                Diagnostic(exc.pos, exc.message, "source-error", Severity.ERROR,
                           unit="changelog entry")
            )
    return Changelog(path, tuple(entries), tuple(reader.diagnostics), version_of(path.name))


def _entry(reader: NodeReader, node: yaml.Node) -> Entry:
    if isinstance(node, yaml.ScalarNode) and not is_null(node):
        return Entry(reader.inline(node, "entry"), reader.pos(node))
    fields = reader.mapping(node, "a changelog entry")
    reader.warn_unknown(fields, set(ENTRY_KEYS), "changelog entry")
    if "text" not in fields or is_null(fields["text"][1]):
        raise RulesSourceError(reader.pos(node), "changelog entry has no 'text:'")
    return Entry(
        reader.inline(fields["text"][1], "text"),
        reader.pos(node),
        _scalar(fields.get("version")),
        _scalar(fields.get("date")),
    )


def _scalar(pair: tuple[yaml.ScalarNode, yaml.Node] | None) -> str:
    if pair is None or not isinstance(pair[1], yaml.ScalarNode) or is_null(pair[1]):
        return ""
    return str(pair[1].value)
