"""Where each key of a ``book.toml`` stands, for ``file:line:col`` messages.

:mod:`tomllib` parses, but keeps no positions; this scans the same text line
by line for table headers (``[options]``, ``[[chapters]]``) and ``key =``
assignments, which is all a book configuration uses.  A key it cannot place
(inside an inline table, say) is reported at its nearest placed parent.
"""

from __future__ import annotations

import re

from rulesref.errors import Position

Path_ = tuple[str | int, ...]

_BARE = r"[A-Za-z0-9_-]+"
_QUOTED = r"\"(?:[^\"\\\n]|\\.)*\"|'[^'\n]*'"
_KEY = rf"(?:{_BARE}|{_QUOTED})"
_DOTTED = rf"{_KEY}(?:[ \t]*\.[ \t]*{_KEY})*"
_HEADER = re.compile(rf"[ \t]*(?P<open>\[\[?)[ \t]*(?P<key>{_DOTTED})[ \t]*\]")
_ASSIGN = re.compile(rf"[ \t]*(?P<key>{_DOTTED})[ \t]*=[ \t]*")
_PART = re.compile(_KEY)
_TOML_ERROR_AT = re.compile(r"\(at line (?P<line>[0-9]+), column (?P<col>[0-9]+)\)")


def _parts(dotted: str) -> tuple[str, ...]:
    out = []
    for part in _PART.findall(dotted):
        if part[:1] in "\"'":
            part = part[1:-1]
        out.append(part)
    return tuple(out)


class TomlPositions:
    """``where(("chapters", 1, "number"))`` → the position of the second chapter's number."""

    def __init__(self, text: str, file: str) -> None:
        self.file = file
        self.places: dict[Path_, Position] = {}
        counts: dict[tuple[str, ...], int] = {}
        table: Path_ = ()
        in_multiline = ""
        for lineno, line in enumerate(text.split("\n"), start=1):
            if in_multiline:
                if in_multiline in line:
                    in_multiline = ""
                continue
            header = _HEADER.match(line)
            if header:
                keys = _parts(header["key"])
                if header["open"] == "[[":
                    index = counts.get(keys, 0)
                    counts[keys] = index + 1
                    table = (*keys, index)
                else:
                    table = keys
                self.places.setdefault(table, Position(file, lineno, header.start("key") + 1))
                continue
            assign = _ASSIGN.match(line)
            if assign:
                path = (*table, *_parts(assign["key"]))
                self.places.setdefault(path, Position(file, lineno, assign.end() + 1))
                rest = line[assign.end() :]
                for quote in ('"""', "'''"):
                    if rest.startswith(quote) and rest.count(quote) == 1:
                        in_multiline = quote

    def where(self, path: Path_) -> Position:
        while path:
            if path in self.places:
                return self.places[path]
            path = path[:-1]
        return Position(self.file, 1, 1)


def decode_error_position(message: str, file: str) -> Position:
    """tomllib says where a syntax error is only in its message: "… (at line 3, column 7)"."""
    match = _TOML_ERROR_AT.search(message)
    if match is None:
        return Position(file, 1, 1)
    return Position(file, int(match["line"]), int(match["col"]))


def decode_error_text(message: str) -> str:
    return _TOML_ERROR_AT.sub("", message).strip()
