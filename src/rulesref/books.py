"""Book configuration (``book.toml`` beside the sources) and loading.

A book is the unit of numbering, glossary scope and index.  Its
configuration says which reader to use and what the chapters are numbered,
because the sources themselves do not know (the seeds' Card Manipulation is
chapter 8 although it is the only file of its book that says so nowhere).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path

from rulesref.anchors import assign_anchors
from rulesref.book_config import CONFIG_NAME, BookConfig, ChapterConfig
from rulesref.book_toml import load_config
from rulesref.checks import SOURCE_ERROR
from rulesref.errors import Diagnostic, Position, RulesSourceError, Severity
from rulesref.identifiers import inside
from rulesref.model import Item, Rulebook
from rulesref.numbering import Scheme, number_book
from rulesref.read_cache import ReadCache
from rulesref.readers.defined_terms import mark_defined_terms
from rulesref.readers.registry import READERS, ReadBook

#: Subtypes of the problems found while loading (``rules.<subtype>`` in Sphinx).
NO_BOOK_CONFIG = "no-book-config"
IGNORED_NUMBER = "ignored-number"


def discover_books(root: Path) -> tuple[list[BookConfig], list[Diagnostic]]:
    """Every book below ``root`` (a folder with a ``book.toml``; ``root`` itself when
    it has one), in site order, and
    the problems of the folders that are not books: a broken ``book.toml`` is an
    error that leaves that one book out, and so is a folder of sources without
    one (its rules are left out, so the command must not pass as whole)."""
    configs: list[BookConfig] = []
    problems: list[Diagnostic] = []
    if (root / CONFIG_NAME).is_file():  # a rules team's own folder: it is the one book
        try:
            return [load_config(root)], []
        except RulesSourceError as exc:
            return [], [_book_error(exc)]
    for folder in sorted(p for p in root.iterdir() if p.is_dir()) if root.is_dir() else []:
        if folder.name.startswith((".", "_")):
            continue
        config_path = folder / CONFIG_NAME
        where = Position(_display(config_path))
        if not config_path.is_file():
            if not _holds_sources(folder):
                continue  # an images or examples folder, say: not meant to be a book
            problems.append(
                Diagnostic(
                    where,
                    f"no {CONFIG_NAME} in {_display(folder)}: the folder is not a book "
                    "and is left out (add a book.toml, or start its name with '_')",
                    NO_BOOK_CONFIG,
                    Severity.ERROR,
                    unit="folder",
                )
            )
            continue
        if not inside(folder, root):
            problems.append(
                Diagnostic(where, "the book's folder leads out of the books folder (a link?)",
                           SOURCE_ERROR, Severity.ERROR, unit="book")
            )
            continue
        try:
            configs.append(load_config(folder))
        except RulesSourceError as exc:
            problems.append(_book_error(exc))
    return sorted(configs, key=lambda c: (c.order, c.slug)), problems


#: Files a reader could read: a folder holding one but no book.toml looks like a book
#: whose configuration is missing.
SOURCE_SUFFIXES = (".yaml", ".yml", ".md", ".txt")


def _holds_sources(folder: Path) -> bool:
    return any(p.is_file() and p.suffix in SOURCE_SUFFIXES for p in folder.iterdir())


def left_out(problems: Iterable[Diagnostic]) -> list[str]:
    """The folders :func:`discover_books` reported as not (readable) books."""
    return sorted({Path(p.pos.file).parent.name for p in problems})


def discover(root: Path) -> list[BookConfig]:
    """The books below ``root``; the first broken ``book.toml`` raises RulesSourceError."""
    configs, problems = discover_books(root)
    for problem in problems:
        if problem.severity is Severity.ERROR:
            raise RulesSourceError(problem.pos, problem.message)
    return configs


def load_book(config: BookConfig, cache: Path | None = None) -> Rulebook:
    """Read, number and index one book.

    Each chapter is read on its own: a chapter that cannot be read is reported
    as an error diagnostic of the book (``rules.source-error``) and left out,
    and the book's other chapters keep their numbers and are shown.  Problems
    of the book as a whole (its configuration) raise RulesSourceError.
    ``cache`` is a folder keeping the chapters' readings between builds
    (:mod:`rulesref.read_cache`).
    """
    read = READERS[config.format]
    readings = None
    if cache is not None:
        readings = ReadCache(cache, f"{config.directory.resolve()}\0{config.slug}")
    book = Rulebook(slug=config.slug, title=config.title)
    numbers: list[str] = []
    failed: list[Diagnostic] = []
    for chapter_config in config.chapters:
        try:
            part = _read_chapter(read, replace(config, chapters=(chapter_config,)), readings)
        except RulesSourceError as exc:
            failed.append(_chapter_error(exc))
            continue
        book.chapters.extend(part.chapters)
        book.diagnostics.extend(part.diagnostics)
        book.sources.extend(part.sources)
        numbers.extend(chapter_config.number for _ in part.chapters)
    book.reindex()
    style = config.options.get("defined_terms")
    if style:
        where = Position(_display(config.directory / CONFIG_NAME), 1, 1)
        mark_defined_terms(book, str(style), where)
    explicit = _explicit_numbers(book)
    number_book(book, config.scheme, numbers)
    book.diagnostics.extend(_ignored_numbers(explicit))
    if config.id_prefix:
        assign_missing_ids(book, config.id_prefix)
    failed.extend(_drop_chapters_named_twice(book))
    failed.extend(assign_anchors(book))
    book.diagnostics.extend(failed)
    book.acknowledged = config.acknowledged
    book.suppress_warnings = config.suppress_warnings
    if readings is not None:
        readings.prune()
    return book


def _read_chapter(read: ReadBook, config: BookConfig, readings: ReadCache | None) -> Rulebook:
    """``config`` (one chapter) read by the book's reader, or as it was read before."""
    if readings is None:
        return read(config)
    (chapter,) = config.chapters
    try:
        source = chapter.file.read_bytes()
    except OSError:  # the reader says what is wrong with the file
        source = None
    key = readings.key(source, config, config.display(chapter.file)) if source else None
    if key is not None and (kept := readings.get(key)) is not None:
        return kept
    part = read(config)
    if key is not None:
        readings.put(key, part)
    return part


def _drop_chapters_named_twice(book: Rulebook) -> list[Diagnostic]:
    """A chapter with the ID of an earlier chapter is left out: a chapter is a
    page, named and found by its ID, and two cannot share one.  (An item with
    another item's ID costs only its anchor: :mod:`rulesref.anchors`.)"""
    seen: dict[str, Position] = {}
    kept: list[Item] = []
    problems: list[Diagnostic] = []
    for chapter in book.chapters:
        first = seen.get(chapter.id)
        if first is None:
            seen[chapter.id] = chapter.pos
            kept.append(chapter)
            continue
        problems.append(
            Diagnostic(
                chapter.pos,
                f"chapter ID '{chapter.id}' is the ID of the chapter at {first}: "
                "this chapter is left out (a chapter is a page, named by its ID)",
                SOURCE_ERROR,
                Severity.ERROR,
                unit="chapter",
            )
        )
    if problems:
        book.chapters = kept
        book.reindex()
    return problems


def _chapter_error(exc: RulesSourceError) -> Diagnostic:
    """The chapter is left out and its book built without it; the message is the
    reader's own one line (the site's Drafting status page says what was left out)."""
    return Diagnostic(exc.pos, exc.message, SOURCE_ERROR, Severity.ERROR, unit="chapter")


def _book_error(exc: RulesSourceError) -> Diagnostic:
    """A book whose configuration cannot be read is left out whole."""
    return Diagnostic(exc.pos, exc.message, SOURCE_ERROR, Severity.ERROR, unit="book")


def _explicit_numbers(book: Rulebook) -> list[tuple[Item, str]]:
    return [(item, item.number) for item in book.items() if item.number]


def _ignored_numbers(explicit: list[tuple[Item, str]]) -> list[Diagnostic]:
    """An explicit ``number:`` the numbering scheme overrode would be lost without a word."""
    return [
        Diagnostic(
            item.pos,
            f"explicit number '{wanted}' of {item.reference_word} '{item.id}' is ignored: "
            f"the numbering gives {item.number} (remove it, or use numbering = \"outline\")",
            IGNORED_NUMBER,
        )
        for item, wanted in explicit
        if item.number != wanted
    ]


def _display(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def assign_missing_ids(book: Rulebook, prefix: str) -> None:
    """Stable IDs for formats without them: prefix + number (``tm_3_4_3_1``)."""
    for item in book.items():
        if not item.id:
            item.id = f"{prefix}_{item.number.replace('.', '_')}" if item.number else prefix
        for example in item.examples:
            if not example.owner_id:  # read before the owner had an ID
                example.owner_id = item.id
    book.reindex()


def load_books(configs: Iterable[BookConfig]) -> list[Rulebook]:
    return [load_book(config) for config in configs]


__all__ = [
    "CONFIG_NAME",
    "READERS",
    "BookConfig",
    "ChapterConfig",
    "Diagnostic",
    "Scheme",
    "discover",
    "discover_books",
    "load_book",
    "load_books",
    "load_config",
]
