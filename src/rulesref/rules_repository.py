"""A rules team's repository as ``rulesref init`` finds it: which folder holds
the chapters, which file is the changelog, which folder is the book.

Teams lay their files out in their own ways, and a layout changes between
releases: chapters in ``data/input/NN_name.yaml`` with one changelog per
release in ``data/changelogs/<version>.yaml`` beside them, or an older
``00_changelog.yaml`` among the chapters, or a plain folder of chapters.  So
nothing here knows a folder's name: a chapter file is a YAML file whose top
key is ``chapter:``, a changelog one whose top key is ``changelog:``, a
release's changelog one in a ``changelog…`` folder named like a version, and
a team's form for the next release (``XX.XX.yaml``, or entries that are all
"TODO") is passed over.  Files are only glanced at (their top keys and the
chapter's title): a chapter with a broken rule is the readers' and
``check``'s business, and one that YAML cannot read is reported, not fatal.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from yaml.nodes import MappingNode

from rulesref.changelog import is_template
from rulesref.checks import SOURCE_ERROR
from rulesref.errors import Diagnostic, Position, RulesSourceError, Severity, decode_utf8
from rulesref.identifiers import file_problem, inside
from rulesref.model import plain_text
from rulesref.readers.changelog_yaml import read_changelog, version_key, version_of
from rulesref.readers.yaml_nodes import compose_document

CHAPTER_SUFFIXES = (".yaml", ".yml")
#: ``01_game_concepts.yaml``, ``1-game.yaml``, ``07.yaml``: the leading number.
LEADING_NUMBER = re.compile(r"(\d+)(?=[ _.-]|$)")
#: How many folders down from the one given the chapters are looked for
#: (a repository's root → ``data`` → ``data/input``).
SEARCH_DEPTH = 2
NO_CHAPTERS = "no chapter files here (CR YAML files whose top key is 'chapter:')"


@dataclass(frozen=True)
class FoundChapter:
    path: Path
    number: str
    title: str


@dataclass
class Layout:
    """What :func:`find_layout` found; paths are absolute."""

    #: The folder ``book.toml`` goes in: the one holding the chapters and the changelog.
    book: Path
    chapter_folder: Path
    chapters: list[FoundChapter]
    changelog: Path | None = None
    #: Changelog files not taken: the team's forms for a next release, and the
    #: changelogs of older releases (or a single file, when releases have theirs).
    templates: list[Path] = field(default_factory=list)
    older: list[Path] = field(default_factory=list)
    #: YAML files beside the chapters that are not chapters (another tool's, say).
    skipped: list[Path] = field(default_factory=list)
    problems: list[Diagnostic] = field(default_factory=list)

    def relative(self, path: Path) -> str:
        """``path`` as ``book.toml`` names it: relative to the book's folder."""
        return path.relative_to(self.book).as_posix()


def chapter_number(name: str) -> str | None:
    """``01_game_concepts.yaml`` → ``"1"``; ``None`` when the name has no number."""
    match = LEADING_NUMBER.match(Path(name).stem)
    return str(int(match.group(1))) if match else None


def display(path: Path) -> str:
    """A path in a message: relative to the working directory when below it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


@dataclass(frozen=True)
class _Glance:
    keys: frozenset[str]
    title: str = ""
    error: RulesSourceError | None = None


class _Files:
    """Each YAML file glanced at once, however many questions are asked of it."""

    def __init__(self) -> None:
        self.seen: dict[Path, _Glance] = {}

    def glance(self, path: Path) -> _Glance:
        if path not in self.seen:
            self.seen[path] = _glance(path)
        return self.seen[path]

    def yaml_files(self, folder: Path) -> list[Path]:
        return [p for p in _listing(folder) if p.suffix in CHAPTER_SUFFIXES and p.is_file()]

    def holds_chapters(self, folder: Path) -> bool:
        return any("chapter" in self.glance(p).keys for p in self.yaml_files(folder))


def _glance(path: Path) -> _Glance:
    name = display(path)
    try:
        root, reader = compose_document(decode_utf8(path.read_bytes(), name), name)
        if not isinstance(root, MappingNode):
            return _Glance(frozenset())  # empty, or a list: not a chapter nor a changelog
        keys = reader.mapping(root, "the file")
    except OSError as exc:
        message = f"cannot read the file: {exc.strerror or exc}"
        return _Glance(frozenset(), error=RulesSourceError(Position(name, 1, 1), message))
    except RulesSourceError as exc:
        return _Glance(frozenset(), error=exc)
    title = ""
    if "text" in keys:
        try:
            title = plain_text(reader.inline(keys["text"][1], "text")).strip()
        except RulesSourceError:
            title = ""  # the chapter's reader will say what is wrong with it
    return _Glance(frozenset(keys), " ".join(title.split()))


def _listing(folder: Path) -> list[Path]:
    try:
        return sorted(folder.iterdir())
    except OSError:
        return []


def _subfolders(folder: Path) -> list[Path]:
    """Folders a team keeps sources in: not ``.git``, ``_build`` and the like."""
    return [
        p for p in _listing(folder)
        if p.is_dir() and not p.name.startswith((".", "_")) and inside(p, folder)
    ]


def find_layout(given: Path) -> Layout:
    """Where the book of ``given`` (a repository, or a folder in it) is."""
    given = given.resolve()
    if not given.is_dir():
        raise RulesSourceError(Position(display(given), 1, 1), "no such folder")
    files = _Files()
    folder = _chapter_folder(given, files)
    layout = Layout(folder, folder, [])
    _changelog(layout, files)
    if layout.changelog is not None and not inside(layout.changelog, folder):
        layout.book = folder.parent
    _chapters(layout, files)
    return layout


def _chapter_folder(given: Path, files: _Files) -> Path:
    """``given`` when it holds chapters, else the one folder below it that does."""
    if files.holds_chapters(given):
        return given
    level = [given]
    for _ in range(SEARCH_DEPTH):
        level = [sub for folder in level for sub in _subfolders(folder)]
        found = [folder for folder in level if files.holds_chapters(folder)]
        if len(found) > 1:
            names = ", ".join(display(folder) for folder in found)
            raise RulesSourceError(
                Position(display(given), 1, 1),
                f"chapter files in {len(found)} folders ({names}): give the one to use",
            )
        if found:
            return found[0]
    # No chapter at all; a file YAML cannot read may be the one that was meant.
    unreadable = (files.glance(p).error for p in files.yaml_files(given))
    error = next((e for e in unreadable if e is not None), None)
    raise error or RulesSourceError(Position(display(given), 1, 1), NO_CHAPTERS)


def _changelog(layout: Layout, files: _Files) -> None:
    """The newest release's changelog around the chapters (in their folder or the
    one above it), else a single changelog file."""
    folder = layout.chapter_folder
    releases: list[Path] = []
    singles: list[Path] = []
    for place in dict.fromkeys((folder, folder.parent)):
        singles += [p for p in files.yaml_files(place) if "changelog" in files.glance(p).keys]
        for sub in _subfolders(place):
            if sub.name.lower().startswith("changelog"):  # a file YAML cannot read counts
                releases += [p for p in files.yaml_files(sub) if _may_be_changelog(files, p)]
    layout.templates += [p for p in releases if not version_of(p.name)]  # XX.XX.yaml
    releases = sorted(
        (p for p in releases if version_of(p.name)),
        key=lambda p: version_key(version_of(p.name)),
        reverse=True,
    )
    for path in [*releases, *singles]:
        if layout.changelog is not None:
            layout.older.append(path)
            continue
        try:
            if is_template(read_changelog(path, display(path))):
                layout.templates.append(path)
                continue
        except RulesSourceError as exc:  # still the team's changelog: check says it again
            layout.problems.append(
                Diagnostic(exc.pos, exc.message, SOURCE_ERROR, Severity.ERROR, unit="file")
            )
        layout.changelog = path


def _may_be_changelog(files: _Files, path: Path) -> bool:
    glance = files.glance(path)
    return "changelog" in glance.keys or glance.error is not None


def _chapters(layout: Layout, files: _Files) -> None:
    """The chapter files in chapter order, numbered from their names."""
    found: list[tuple[Path, _Glance]] = []
    for path in files.yaml_files(layout.chapter_folder):
        glance = files.glance(path)
        if glance.error is not None:
            # Kept as a chapter: loading the book reports it and keeps the others.
            exc = glance.error
            layout.problems.append(
                Diagnostic(exc.pos, f"{exc.message} (listed; left out of the book until fixed)",
                           SOURCE_ERROR, Severity.ERROR, unit="chapter")
            )
        elif "chapter" not in glance.keys:
            if path != layout.changelog:
                layout.skipped.append(path)
            continue
        problem = file_problem(layout.relative(path))
        if problem or not inside(path, layout.book):
            layout.problems.append(
                Diagnostic(Position(display(path), 1, 1),
                           f"{problem or 'the file leads out of the folder'}: left out",
                           SOURCE_ERROR, Severity.ERROR, unit="chapter")
            )
            continue
        found.append((path, glance))
    if not found:
        raise RulesSourceError(Position(display(layout.chapter_folder), 1, 1), NO_CHAPTERS)
    numbers = [chapter_number(path.name) for path, _ in found]
    if all(number is not None for number in numbers):
        pairs = sorted(zip(numbers, found, strict=True),
                       key=lambda pair: (int(pair[0] or 0), pair[1][0].name))
        _refuse_a_number_twice([(str(n), path) for n, (path, _) in pairs])
        layout.chapters = [FoundChapter(p, str(n), g.title) for n, (p, g) in pairs]
    else:  # no numbers in the names: chapters in name order, numbered 1, 2, …
        layout.chapters = [
            FoundChapter(path, str(index), glance.title)
            for index, (path, glance) in enumerate(found, start=1)
        ]


def _refuse_a_number_twice(numbered: list[tuple[str, Path]]) -> None:
    seen: dict[str, Path] = {}
    for number, path in numbered:
        if number in seen:
            raise RulesSourceError(
                Position(display(path), 1, 1),
                f"chapter number {number} twice ({seen[number].name} and {path.name}): "
                "rename one file",
            )
        seen[number] = path
