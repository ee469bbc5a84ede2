"""``book.toml``: read and validated field by field.

A book's configuration comes from the same untrusted places as its sources
(pull requests, old exports), so every field is checked for its type and
range and every problem is one ``file:line:col: message`` naming the field.
Nothing here opens a chapter: a chapter ``file`` is only checked to be a
plain relative path that stays inside the book's folder (see
:mod:`rulesref.identifiers`), so a configuration can never make the build
read or publish a file from elsewhere.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from rulesref.book_config import CONFIG_NAME, BookConfig, ChapterConfig
from rulesref.checks import ERROR_KINDS
from rulesref.errors import Position, RulesSourceError, decode_utf8
from rulesref.identifiers import FILE_PART_PATTERN, file_problem, id_problem, inside, slug_problem
from rulesref.model import term_key
from rulesref.numbering import Scheme
from rulesref.readers.defined_terms import PATTERNS as DEFINED_TERM_STYLES
from rulesref.readers.registry import READERS
from rulesref.toml_positions import TomlPositions, decode_error_position, decode_error_text

KNOWN_KEYS = (
    "title",
    "format",
    "numbering",
    "chapters",
    "changelog",
    "id_prefix",
    "description",
    "order",
    "slug",
    "options",
    "acknowledged",
    "changes_from",
    "suppress_warnings",
    "never_link",
)
CHAPTER_KEYS = ("file", "number")
#: ``[options]``: name → the type its value must have.
OPTIONS: dict[str, type] = {
    "symbols": bool,
    "defined_terms": str,
    "chapter_titles": dict,
    "section_titles": dict,
}
ORDER_RANGE = (-10_000, 10_000)
#: A chapter number written as text: "8", "A", "3.4"; empty for outline books,
#: whose sources number themselves.
CHAPTER_NUMBER = re.compile(r"[0-9A-Za-z]+(?:\.[0-9A-Za-z]+)*")
#: A kind of warning, as messages end (``[rules.unknown-card]``), with or without "rules.".
WARNING_KIND = re.compile(r"(?:rules\.)?(?P<kind>[a-z0-9]+(?:-[a-z0-9]+)*)")


def _type_name(value: object) -> str:
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a table"
    return type(value).__name__


class _Validator:
    def __init__(self, path: Path, text: str, display: str) -> None:
        self.path = path
        self.places = TomlPositions(text, display)

    def fail(self, where: tuple[str | int, ...], message: str) -> RulesSourceError:
        return RulesSourceError(self.places.where(where), message)

    def text(self, raw: dict[str, object], key: str, *, required: bool = False) -> str:
        value = raw.get(key)
        if value is None:
            if required:
                raise self.fail((), f"'{key}' is required and must be text")
            return ""
        if not isinstance(value, str):
            raise self.fail((key,), f"'{key}' must be text, got {_type_name(value)}")
        if required and not value.strip():
            raise self.fail((key,), f"'{key}' must not be empty")
        return value

    def table(self, value: object, where: tuple[str | int, ...], what: str) -> dict[str, object]:
        if not isinstance(value, dict):
            raise self.fail(where, f"'{what}' must be a table, got {_type_name(value)}")
        return value

    def chapter_number(self, value: object, where: tuple[str | int, ...]) -> str:
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            raise self.fail(
                where,
                "chapter 'number' must be a whole number or quoted text such as \"A\", "
                f"got {_type_name(value)}",
            )
        if isinstance(value, int):
            if value < 0:
                raise self.fail(where, f"chapter 'number' must be 0 or more, got {value}")
            return str(value)
        if value and not CHAPTER_NUMBER.fullmatch(value):
            raise self.fail(
                where,
                f"chapter 'number' '{value}' must be letters and digits "
                "(dots between parts), or empty",
            )
        return value

    def chapters(self, raw: dict[str, object], directory: Path) -> tuple[ChapterConfig, ...]:
        entries = raw.get("chapters", [])
        if not isinstance(entries, list):
            raise self.fail(("chapters",), "'chapters' must be [[chapters]] tables")
        if not entries:
            raise self.fail((), "a book needs at least one [[chapters]] entry")
        out: list[ChapterConfig] = []
        numbers: dict[str, int] = {}
        files: dict[Path, int] = {}
        for index, entry in enumerate(entries):
            here: tuple[str | int, ...] = ("chapters", index)
            if not isinstance(entry, dict):
                raise self.fail(here, f"chapter {index + 1} must be a [[chapters]] table")
            unknown = [k for k in entry if k not in CHAPTER_KEYS]
            if unknown:
                raise self.fail(
                    (*here, unknown[0]),
                    f"unknown key '{unknown[0]}' in chapter {index + 1} "
                    f"(known: {', '.join(CHAPTER_KEYS)})",
                )
            name = entry.get("file")
            if not isinstance(name, str):
                raise self.fail(
                    (*here, "file"), f"chapter {index + 1} needs 'file = \"…\"' (text)"
                )
            problem = file_problem(name)
            if problem:
                raise self.fail((*here, "file"), problem)
            path = directory / name
            if not inside(path, directory):
                raise self.fail(
                    (*here, "file"),
                    f"chapter file '{name}' leads out of the book's folder (a link?)",
                )
            key = path.resolve()
            if key in files:
                raise self.fail(
                    (*here, "file"), f"chapter file '{name}' is listed twice "
                    f"(chapters {files[key]} and {index + 1})"
                )
            files[key] = index + 1
            number = self.chapter_number(entry.get("number", ""), (*here, "number"))
            if number:
                if number in numbers:
                    raise self.fail(
                        (*here, "number"),
                        f"two chapters are numbered {number} "
                        f"(chapters {numbers[number]} and {index + 1})",
                    )
                numbers[number] = index + 1
            out.append(ChapterConfig(path, number))
        return tuple(out)

    def changelog(self, raw: dict[str, object], directory: Path) -> Path | None:
        """``changelog = "changelogs/25.04.yaml"``: confined like a chapter file."""
        name = self.text(raw, "changelog")
        if "changelog" not in raw:
            return None
        if not name or file_problem(name):
            raise self.fail(
                ("changelog",),
                f"'changelog' must be a relative path of plain names inside the book's "
                f"folder ({FILE_PART_PATTERN} separated by '/')",
            )
        path = directory / name
        if not inside(path, directory):
            raise self.fail(
                ("changelog",), f"changelog file '{name}' leads out of the book's folder (a link?)"
            )
        return path

    def options(self, raw: dict[str, object]) -> dict[str, object]:
        options = self.table(raw.get("options", {}), ("options",), "options")
        for key, value in options.items():
            wanted = OPTIONS.get(key)
            if wanted is None:
                raise self.fail(
                    ("options", key),
                    f"unknown option '{key}' (known: {', '.join(OPTIONS)})",
                )
            if not isinstance(value, wanted):
                raise self.fail(
                    ("options", key),
                    f"option '{key}' must be {_type_name(wanted())}, got {_type_name(value)}",
                )
            if key == "defined_terms" and value not in DEFINED_TERM_STYLES:
                known = ", ".join(sorted(DEFINED_TERM_STYLES))
                raise self.fail(
                    ("options", key), f"unknown defined_terms style '{value}' (known: {known})"
                )
            if isinstance(value, dict):
                for name, title in value.items():
                    if not isinstance(title, str):
                        raise self.fail(
                            ("options", key, name),
                            f"'{key}' maps names to text; '{name}' is {_type_name(title)}",
                        )
        return dict(options)

    def acknowledged(self, raw: dict[str, object]) -> dict[str, dict[str, str]]:
        out: dict[str, dict[str, str]] = {}
        table = self.table(raw.get("acknowledged", {}), ("acknowledged",), "acknowledged")
        for subtype, entries in table.items():
            where = ("acknowledged", subtype)
            if not isinstance(entries, dict):
                raise self.fail(
                    where,
                    f"[acknowledged.{subtype}] must be a table of key = \"reason\", "
                    f"got {_type_name(entries)}",
                )
            for key, reason in entries.items():
                if not isinstance(reason, str) or not reason.strip():
                    raise self.fail(
                        (*where, key), f"acknowledged '{key}' needs a reason (text)"
                    )
            out[subtype] = {str(k): str(v) for k, v in entries.items()}
        return out

    def suppress_warnings(self, raw: dict[str, object]) -> frozenset[str]:
        value = raw.get("suppress_warnings", [])
        where = ("suppress_warnings",)
        if not isinstance(value, list):
            raise self.fail(
                where,
                "'suppress_warnings' must be a list of kinds of warning such as "
                f'["unknown-card"], got {_type_name(value)}',
            )
        kinds: set[str] = set()
        for index, entry in enumerate(value, start=1):
            if not isinstance(entry, str):
                raise self.fail(
                    where,
                    f"entry {index} of 'suppress_warnings' must be text, got {_type_name(entry)}",
                )
            match = WARNING_KIND.fullmatch(entry)
            if match is None:  # not quoted back: it may hold anything
                raise self.fail(
                    where,
                    f"entry {index} of 'suppress_warnings' is not a kind of warning (write "
                    'it as a message ends: "unknown-card" for [rules.unknown-card])',
                )
            if match["kind"] in ERROR_KINDS:
                raise self.fail(
                    where,
                    f"'{entry}' in 'suppress_warnings': such problems are errors, "
                    "which cannot be suppressed",
                )
            kinds.add(match["kind"])
        return frozenset(kinds)

    def never_link(self, raw: dict[str, object]) -> frozenset[str]:
        """``never_link = ["turn", "full"]``: terms whose uses are never linked."""
        value = raw.get("never_link", [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.fail(("never_link",), "'never_link' must be a list of terms (text), "
                            f"got {_type_name(value)}")
        return frozenset(term_key(v) for v in value if v.strip())

    def order(self, raw: dict[str, object]) -> int:
        value = raw.get("order", 100)
        low, high = ORDER_RANGE
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(("order",), f"'order' must be a whole number, got {_type_name(value)}")
        if not low <= value <= high:
            raise self.fail(("order",), f"'order' must be from {low} to {high}, got {value}")
        return value


def read_config_text(path: Path, display: str) -> str:
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise RulesSourceError(Position(display), f"no {CONFIG_NAME} here") from None
    except OSError as exc:
        raise RulesSourceError(Position(display), f"cannot read file: {exc.strerror}") from None
    return decode_utf8(data, display)


def load_config(directory: Path) -> BookConfig:
    path = directory / CONFIG_NAME
    display = _display(path)
    return config_from_text(directory, read_config_text(path, display), display)


def config_from_text(directory: Path, text: str, display: str) -> BookConfig:
    """The configuration ``text`` gives the book in ``directory`` (as if it were
    its ``book.toml``; ``display`` names it in messages)."""
    path = directory / CONFIG_NAME
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RulesSourceError(
            decode_error_position(str(exc), display),
            f"malformed TOML: {decode_error_text(str(exc))}",
        ) from None
    check = _Validator(path, text, display)
    unknown = [key for key in raw if key not in KNOWN_KEYS]
    if unknown:
        raise check.fail((unknown[0],), f"unknown key '{unknown[0]}' in {CONFIG_NAME}")
    title = check.text(raw, "title", required=True)
    fmt = check.text(raw, "format", required=True)
    if fmt not in READERS:
        raise check.fail(("format",), f"unknown format '{fmt}' (known: {', '.join(READERS)})")
    numbering = check.text(raw, "numbering") or "cr"
    try:
        scheme = Scheme(numbering)
    except ValueError:
        raise check.fail(("numbering",), "'numbering' must be 'cr' or 'outline'") from None
    slug = check.text(raw, "slug") if "slug" in raw else directory.name
    problem = slug_problem(slug)
    if problem:
        hint = "" if "slug" in raw else " (the folder's name; set 'slug = \"…\"')"
        raise check.fail(("slug",), problem + hint)
    id_prefix = check.text(raw, "id_prefix")
    if id_prefix and (problem := id_problem(id_prefix)):
        raise check.fail(("id_prefix",), f"'id_prefix': {problem}")
    return BookConfig(
        slug=slug,
        title=title,
        format=fmt,
        scheme=scheme,
        directory=directory,
        chapters=check.chapters(raw, directory),
        changelog=check.changelog(raw, directory),
        id_prefix=id_prefix,
        description=check.text(raw, "description"),
        order=check.order(raw),
        options=check.options(raw),
        acknowledged=check.acknowledged(raw),
        changes_from=check.text(raw, "changes_from"),
        suppress_warnings=check.suppress_warnings(raw),
        never_link=check.never_link(raw),
    )


def _display(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)
