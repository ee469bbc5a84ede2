"""``rulesref init DIR``: a ready ``book.toml`` for a rules team's repository.

A rules team's repository already holds its chapters (``01_game_concepts.yaml``
…, one CR YAML file each) and often a changelog; what it lacks is the one file
that says what the book is called, what the chapters are numbered and which
changelog the site shows.  :mod:`rulesref.rules_repository` finds the files;
the chapter numbers come from the file names (``01_`` → chapter 1), because
the format's files do not say their own number.  The title is the
repository's (its folder's name: ``netrunner-comprehensive-rules`` →
"Netrunner Comprehensive Rules"), never a chapter's, and the slug, which the
site's URLs keep, follows the title rather than a folder named ``input``.

Nothing is read strictly here: a chapter with a broken rule is ``check``'s to
report, so ``init`` writes the book and says what it could not read.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from rulesref.book_config import CONFIG_NAME, BookConfig
from rulesref.book_toml import config_from_text, load_config
from rulesref.errors import Position, RulesSourceError
from rulesref.identifiers import slug_problem
from rulesref.readers.changelog_yaml import version_of
from rulesref.rules_repository import Layout, chapter_number, display, find_layout

DEFAULT_TITLE = "Comprehensive Rules"
DEFAULT_SLUG = "rules"

__all__ = [
    "InitResult",
    "book_toml",
    "chapter_number",
    "init_book",
    "next_step",
    "report",
    "repository_title",
    "slug_of",
]


@dataclass(frozen=True)
class InitResult:
    path: Path  #: the book.toml written
    layout: Layout
    title: str
    slug: str


def repository_title(folder: Path) -> str | None:
    """The name of the git repository holding ``folder``, as a title; ``None``
    outside one."""
    for place in (folder, *folder.parents):
        if (place / ".git").exists():
            words = re.split(r"[-_\s]+", place.name)
            return " ".join(word[:1].upper() + word[1:] for word in words if word) or None
    return None


def slug_of(title: str) -> str:
    """``"Netrunner Comprehensive Rules"`` → ``"netrunner-comprehensive-rules"``."""
    ascii_title = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_title.lower()).strip("-")
    return slug if slug and not slug_problem(slug) else DEFAULT_SLUG


def book_toml(layout: Layout, title: str, slug: str) -> str:
    lines = [
        "# Written by 'rulesref init'; edit freely (see docs/writing-rules.md).",
        f"title = {json.dumps(title, ensure_ascii=False)}",
        # Written out, so the site's URLs stay the same if the title changes.
        f"slug = {json.dumps(slug)}",
        'format = "cr-yaml"',
        'numbering = "cr"',
    ]
    if layout.changelog is not None:
        changelog = layout.relative(layout.changelog)
        lines.append(f"changelog = {json.dumps(changelog, ensure_ascii=False)}")
    for chapter in layout.chapters:
        lines += [
            "",
            f"# {chapter.title}" if chapter.title else "#",
            "[[chapters]]",
            f"file = {json.dumps(layout.relative(chapter.path), ensure_ascii=False)}",
            f"number = {json.dumps(chapter.number)}",
        ]
    return "\n".join(line.replace("\n", " ") for line in lines) + "\n"


def init_book(folder: Path, *, title: str | None = None, force: bool = False) -> InitResult:
    """Write ``book.toml`` in the book's folder (found from ``folder``: the
    repository, its data folder or its chapters' folder) and check that it loads."""
    layout = find_layout(folder)
    target = layout.book / CONFIG_NAME
    if target.exists() and not force:
        raise RulesSourceError(
            Position(display(target), 1, 1), f"{CONFIG_NAME} exists already (--force replaces it)"
        )
    name = title or repository_title(layout.book) or DEFAULT_TITLE
    slug = slug_of(name)
    try:
        target.write_text(book_toml(layout, name, slug), encoding="utf-8")
    except OSError as exc:
        raise RulesSourceError(
            Position(display(target), 1, 1), f"cannot write: {exc.strerror or exc}"
        ) from None
    load_config(layout.book)
    return InitResult(target, layout, name, slug)


def config_for(folder: Path, *, title: str, slug: str) -> BookConfig:
    """The configuration ``init`` would write for ``folder``, without writing it:
    for a version of a rules repository that has no ``book.toml`` (an old
    release's tag, compared by ``rulesref diff``)."""
    layout = find_layout(folder)
    where = display(layout.book / CONFIG_NAME)
    return config_from_text(layout.book, book_toml(layout, title, slug), where)


def _relative(path: Path, cwd: Path) -> str:
    try:
        return os.path.relpath(path, cwd)
    except ValueError:  # another drive
        return str(path)


def report(result: InitResult, cwd: Path) -> list[str]:
    """What ``init`` wrote and found, one fact a line, paths from ``cwd``."""
    layout = result.layout
    chapters = layout.chapters
    if all(chapter_number(chapter.path.name) for chapter in chapters):
        numbered = "numbered from their names"
    else:
        numbered = "numbered in name order"
    found = f"{len(chapters)} chapter file{'s' if len(chapters) != 1 else ''}"
    title = json.dumps(result.title, ensure_ascii=False)
    lines = [
        f"wrote {_relative(result.path, cwd)}: {title} (slug {result.slug})",
        f"found {found} in {_relative(layout.chapter_folder, cwd)}, {numbered} "
        f"({_span([chapter.number for chapter in chapters])})",
    ]
    if layout.changelog is not None:
        version = version_of(layout.changelog.name)
        lines.append(
            f"found the changelog {_relative(layout.changelog, cwd)}"
            + (f" (release {version}, the newest)" if version else "")
        )
    else:
        lines.append("no changelog found (see 'changelog' in docs/writing-rules.md)")
    for what, paths in (
        ("a form for the next release", layout.templates),
        ("older changelogs", layout.older),
    ):
        if paths:
            names = ", ".join(_relative(path, cwd) for path in paths)
            lines.append(f"not used ({what}): {names}")
    if layout.skipped:
        names = ", ".join(path.name for path in layout.skipped)
        lines.append(f"not chapters: {names}")
    lines += [str(problem) for problem in layout.problems]
    return lines


def _span(numbers: list[str]) -> str:
    """``1, 2, 3, 4`` → ``1-4``; numbers with gaps are listed."""
    whole = [int(n) for n in numbers if n.isdigit()]
    if len(numbers) > 2 and len(whole) == len(numbers) and whole == list(
        range(whole[0], whole[0] + len(whole))
    ):
        return f"{numbers[0]}-{numbers[-1]}"
    return ", ".join(numbers)


def next_step(result: InitResult, cwd: Path) -> str:
    """A command that works when pasted in ``cwd``."""
    books = shlex.quote(_relative(result.layout.book, cwd))
    return f"next: rulesref --books {books} check   (then: build, export)"
