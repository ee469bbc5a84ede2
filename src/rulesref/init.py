"""``rulesref init DIR``: a ready ``book.toml`` for a folder of chapter files.

A rules team's repository already holds its chapters (``01_game_concepts.yaml``
…, one CR YAML file each); what it lacks is the one file that says what the
book is called and what the chapters are numbered.  The chapter numbers come
from the file names (``01_`` → chapter 1), because the format's files do not
say their own number; the title is the first chapter's unless given.  Every
file is read as it will be read by ``check`` and ``build``, so a broken
chapter is reported now (``file:line:col: message``), not after the config
was written.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

import yaml
from yaml.nodes import MappingNode, ScalarNode

from rulesref.book_config import CONFIG_NAME
from rulesref.book_toml import load_config
from rulesref.errors import Position, RulesSourceError
from rulesref.identifiers import file_problem, slug_problem
from rulesref.model import plain_text
from rulesref.readers.cr_yaml import read_chapter_file

CHAPTER_SUFFIXES = (".yaml", ".yml")
#: ``01_game_concepts.yaml``, ``1-game.yaml``, ``07.yaml``: the leading number.
LEADING_NUMBER = re.compile(r"(\d+)(?=[ _.-]|$)")


@dataclass(frozen=True)
class FoundChapter:
    file: str
    number: str
    title: str


def chapter_number(name: str) -> str | None:
    """``01_game_concepts.yaml`` → ``"1"``; ``None`` when the name has no number."""
    match = LEADING_NUMBER.match(Path(name).stem)
    return str(int(match.group(1))) if match else None


def _top_keys(path: Path) -> set[str]:
    """The keys of a YAML file's top mapping (a changelog or another tool's file is
    not a chapter); a file YAML cannot read counts as a chapter, to be reported."""
    try:
        root = yaml.compose(path.read_text(encoding="utf-8"), Loader=yaml.SafeLoader)
    except (yaml.YAMLError, UnicodeDecodeError):
        return {"chapter"}
    if not isinstance(root, MappingNode):
        return set()
    return {str(k.value) for k, _ in root.value if isinstance(k, ScalarNode)}


def find_chapters(folder: Path) -> tuple[list[FoundChapter], list[str]]:
    """The chapter files of ``folder`` in chapter order, and the files skipped."""
    files = sorted(p for p in folder.iterdir() if p.suffix in CHAPTER_SUFFIXES and p.is_file())
    chapters: list[tuple[Path, str | None]] = []
    skipped: list[str] = []
    for path in files:
        if "chapter" not in _top_keys(path):
            skipped.append(path.name)
            continue
        problem = file_problem(path.name)
        if problem:
            raise RulesSourceError(Position(str(path), 1, 1), problem)
        chapters.append((path, chapter_number(path.name)))
    if not chapters:
        raise RulesSourceError(
            Position(str(folder), 1, 1),
            "no chapter files here (CR YAML files whose top key is 'chapter:')",
        )
    numbered = all(number is not None for _, number in chapters)
    if numbered:
        chapters.sort(key=lambda pair: (int(pair[1] or 0), pair[0].name))
        numbers = [pair[1] or "" for pair in chapters]
        if len(set(numbers)) != len(numbers):
            twice = next(n for n in numbers if numbers.count(n) > 1)
            names = [p.name for p, n in chapters if n == twice]
            raise RulesSourceError(
                Position(str(folder / names[1]), 1, 1),
                f"chapter number {twice} twice ({' and '.join(names)}): rename one file",
            )
    else:  # no numbers in the names: chapters in name order, numbered 1, 2, …
        numbers = [str(index) for index in range(1, len(chapters) + 1)]
    found = []
    for (path, _), number in zip(chapters, numbers, strict=True):
        chapter = read_chapter_file(path, str(path)).chapter
        found.append(FoundChapter(path.name, number, plain_text(chapter.text).strip()))
    return found, skipped


def book_toml(folder: Path, chapters: list[FoundChapter], title: str) -> str:
    lines = [
        "# Written by 'rulesref init'; edit freely (see docs/writing-rules.md).",
        f"title = {json.dumps(title, ensure_ascii=False)}",
    ]
    # Written out, so the site's URLs stay the same if the folder is renamed.
    slug = folder.resolve().name
    if slug_problem(slug):
        slug = re.sub(r"[^A-Za-z0-9_.-]+", "-", slug).strip("-.") or "rules"
    lines.append(f"slug = {json.dumps(slug)}")
    lines += ['format = "cr-yaml"', 'numbering = "cr"']
    for chapter in chapters:
        lines += [
            "",
            f"# {chapter.title}" if chapter.title else "#",
            "[[chapters]]",
            f"file = {json.dumps(chapter.file, ensure_ascii=False)}",
            f"number = {json.dumps(chapter.number)}",
        ]
    return "\n".join(line.replace("\n", " ") for line in lines) + "\n"


def init_book(folder: Path, *, title: str | None = None, force: bool = False) -> Path:
    """Write ``folder/book.toml`` and check that it loads; returns its path."""
    target = folder / CONFIG_NAME
    if not folder.is_dir():
        raise RulesSourceError(Position(str(folder), 1, 1), "no such folder")
    if target.exists() and not force:
        raise RulesSourceError(
            Position(str(target), 1, 1), f"{CONFIG_NAME} exists already (--force replaces it)"
        )
    chapters, _skipped = find_chapters(folder)
    name = title or chapters[0].title or folder.resolve().name
    text = book_toml(folder, chapters, name)
    try:
        target.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise RulesSourceError(
            Position(str(target), 1, 1), f"cannot write: {exc.strerror or exc}"
        ) from None
    load_config(folder)
    return target
