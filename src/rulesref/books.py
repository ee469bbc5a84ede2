"""Book configuration (``book.toml`` beside the sources) and loading.

A book is the unit of numbering, glossary scope and index.  Its
configuration says which reader to use and what the chapters are numbered,
because the sources themselves do not know (the seeds' Card Manipulation is
chapter 8 although it is the only file of its book that says so nowhere).
"""

from __future__ import annotations

import importlib
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from rulesref.errors import Diagnostic, Position, RulesSourceError
from rulesref.model import Rulebook
from rulesref.numbering import Scheme, number_book
from rulesref.readers.defined_terms import mark_defined_terms

CONFIG_NAME = "book.toml"

#: format name → reader module (each has ``read(config) -> Rulebook``).
READERS = {
    "cr-yaml": "rulesref.readers.cr_yaml_book",
    "markdown-outline": "rulesref.readers.markdown_outline",
    "helpndoc": "rulesref.readers.helpndoc",
    "plain-text": "rulesref.readers.plain_text",
}


@dataclass(frozen=True)
class ChapterConfig:
    file: Path
    number: str


@dataclass(frozen=True)
class BookConfig:
    slug: str
    title: str
    format: str
    scheme: Scheme
    directory: Path
    chapters: tuple[ChapterConfig, ...]
    id_prefix: str = ""
    description: str = ""
    order: int = 100
    options: dict[str, object] = field(default_factory=dict)
    #: subtype → {key → reason}: known problems of the source the team has accepted,
    #: e.g. a term the seed defines twice.  They are reported as notes, not warnings.
    acknowledged: dict[str, dict[str, str]] = field(default_factory=dict)

    @property
    def files(self) -> list[Path]:
        return [chapter.file for chapter in self.chapters]

    def display(self, path: Path) -> str:
        """File names in messages are relative to the working directory when possible."""
        try:
            return str(path.resolve().relative_to(Path.cwd().resolve()))
        except ValueError:
            return str(path)


def load_config(directory: Path) -> BookConfig:
    path = directory / CONFIG_NAME
    where = Position(str(path), 1, 1)
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise RulesSourceError(where, f"no {CONFIG_NAME} in {directory}") from None
    except tomllib.TOMLDecodeError as exc:
        line = getattr(exc, "lineno", 1)
        col = getattr(exc, "colno", 1)
        raise RulesSourceError(Position(str(path), line, col), f"malformed TOML: {exc}") from None
    for key in ("title", "format"):
        if not isinstance(raw.get(key), str):
            raise RulesSourceError(where, f"'{key}' is required and must be text")
    fmt = raw["format"]
    if fmt not in READERS:
        raise RulesSourceError(where, f"unknown format '{fmt}' (known: {', '.join(READERS)})")
    chapters = []
    for index, entry in enumerate(raw.get("chapters", []), start=1):
        if not isinstance(entry, dict) or not isinstance(entry.get("file"), str):
            raise RulesSourceError(where, f"chapter {index} needs 'file = \"…\"'")
        chapters.append(ChapterConfig(directory / entry["file"], str(entry.get("number", ""))))
    if not chapters:
        raise RulesSourceError(where, "a book needs at least one [[chapters]] entry")
    known = {
        "title",
        "format",
        "numbering",
        "chapters",
        "id_prefix",
        "description",
        "order",
        "slug",
        "options",
        "acknowledged",
    }
    unknown = sorted(set(raw) - known)
    if unknown:
        raise RulesSourceError(where, f"unknown key '{unknown[0]}' in {CONFIG_NAME}")
    try:
        scheme = Scheme(raw.get("numbering", "cr"))
    except ValueError:
        raise RulesSourceError(where, "'numbering' must be 'cr' or 'outline'") from None
    return BookConfig(
        slug=str(raw.get("slug", directory.name)),
        title=raw["title"],
        format=fmt,
        scheme=scheme,
        directory=directory,
        chapters=tuple(chapters),
        id_prefix=str(raw.get("id_prefix", "")),
        description=str(raw.get("description", "")),
        order=int(raw.get("order", 100)),
        options=dict(raw.get("options", {})),
        acknowledged={
            str(k): {str(a): str(b) for a, b in v.items()}
            for k, v in raw.get("acknowledged", {}).items()
        },
    )


def discover(root: Path) -> list[BookConfig]:
    """Every book below ``root`` (a folder with a ``book.toml``), in site order."""
    configs = [load_config(path.parent) for path in sorted(root.glob(f"*/{CONFIG_NAME}"))]
    return sorted(configs, key=lambda c: (c.order, c.slug))


def load_book(config: BookConfig) -> Rulebook:
    """Read, number and index one book.  Fatal source problems raise RulesSourceError."""
    module = importlib.import_module(READERS[config.format])
    book: Rulebook = module.read(config)
    style = config.options.get("defined_terms")
    if style:
        where = Position(str(config.directory / CONFIG_NAME), 1, 1)
        mark_defined_terms(book, str(style), where)
    number_book(book, config.scheme, [chapter.number for chapter in config.chapters])
    if config.id_prefix:
        assign_missing_ids(book, config.id_prefix)
    check_unique_ids(book)
    book.acknowledged = config.acknowledged
    return book


def assign_missing_ids(book: Rulebook, prefix: str) -> None:
    """Stable IDs for formats without them: prefix + number (``tm_3_4_3_1``)."""
    for item in book.items():
        if not item.id:
            item.id = f"{prefix}_{item.number.replace('.', '_')}" if item.number else prefix
        for example in item.examples:
            if not example.owner_id:  # read before the owner had an ID
                example.owner_id = item.id
    book.reindex()


def check_unique_ids(book: Rulebook) -> None:
    seen: dict[str, Position] = {}
    for item in book.items():
        for anchor, pos in ((item.id, item.pos), *((e.anchor, e.pos) for e in item.examples)):
            if anchor in seen:
                first = seen[anchor]
                where = f"{first.line}:{first.col}" if first.file == pos.file else str(first)
                raise RulesSourceError(pos, f"duplicate ID '{anchor}' (first defined at {where})")
            seen[anchor] = pos


def load_books(configs: Iterable[BookConfig]) -> list[Rulebook]:
    return [load_book(config) for config in configs]


__all__ = [
    "BookConfig",
    "ChapterConfig",
    "Diagnostic",
    "discover",
    "load_book",
    "load_books",
    "load_config",
]
