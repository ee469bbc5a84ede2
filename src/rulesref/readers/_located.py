"""Text that remembers where every character came from, shared by the
Markdown, HelpNDoc and plain-text readers.

Those readers clean their input before it becomes model text: they strip
emphasis markers and escapes, join hard line breaks with a space, cut the
``Example:`` label off an example.  :class:`Located` keeps one
:class:`~rulesref.errors.Position` per character through all of that, so the
inline nodes built at the end still point at the author's file, line and
column.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from rulesref.book_config import BookConfig, ChapterConfig
from rulesref.checks import SOURCE_ERROR
from rulesref.errors import Diagnostic, Position, RulesSourceError, Severity, decode_utf8
from rulesref.markup import parse_inline
from rulesref.model import Inline, Inlines, Item, Rulebook, Text


@dataclass(frozen=True)
class Located:
    """``text`` with ``where[i]`` the source position of ``text[i]``.

    ``end`` is where the text stops (used for an empty text and for offsets
    past the last character).
    """

    text: str
    where: tuple[Position, ...]
    end: Position

    def __post_init__(self) -> None:
        if len(self.text) != len(self.where):
            raise ValueError("one position per character")

    @classmethod
    def at(cls, text: str, first: Position) -> Located:
        """Text that stands on one line from ``first`` on, character for character."""
        where = tuple(Position(first.file, first.line, first.col + i) for i in range(len(text)))
        return cls(text, where, Position(first.file, first.line, first.col + len(text)))

    @classmethod
    def empty(cls, pos: Position) -> Located:
        return cls("", (), pos)

    @property
    def start(self) -> Position:
        return self.where[0] if self.where else self.end

    def locate(self, offset: int) -> Position:
        return self.where[offset] if 0 <= offset < len(self.where) else self.end

    def __len__(self) -> int:
        return len(self.text)

    def __getitem__(self, index: slice) -> Located:
        start, stop, _ = index.indices(len(self.text))
        stop = max(start, stop)
        end = self.where[stop] if stop < len(self.where) else self.end
        return Located(self.text[start:stop], self.where[start:stop], end)

    def __add__(self, other: Located) -> Located:
        return Located(self.text + other.text, self.where + other.where, other.end)

    def strip(self) -> Located:
        left = len(self.text) - len(self.text.lstrip())
        right = len(self.text.rstrip())
        return self[left:right] if left < right else Located.empty(self.start)

    def is_blank(self) -> bool:
        return not self.text.strip()

    @staticmethod
    def join(parts: Sequence[Located], sep: str = " ") -> Located:
        """Join ``parts``; the separator stands where the previous part ends.

        Built in one pass (adding parts one by one would copy the positions
        again for every part, quadratic in a long rule's line count)."""
        if not parts:
            raise ValueError("nothing to join")
        texts: list[str] = []
        where: list[Position] = []
        for index, part in enumerate(parts):
            if index and sep:
                previous_end = parts[index - 1].end
                texts.append(sep)
                where.extend(
                    Position(previous_end.file, previous_end.line, previous_end.col + i)
                    for i in range(len(sep))
                )
            texts.append(part.text)
            where.extend(part.where)
        return Located("".join(texts), tuple(where), parts[-1].end)


# --------------------------------------------------------------------------
# Aligning cleaned text with its source

#: Characters Markdown uses as markup around or inside text; the aligner steps
#: over them when they do not match the next character of the cleaned text.
_MARKUP = frozenset("*_\\~`#>[]()!<")
_ENTITY = re.compile(r"&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});")


def align(output: str, source: str, first: Position) -> Located:
    """Give each character of ``output`` (text rendered from ``source``) its
    position in ``source``, which starts at ``first`` (later lines at column 1).

    Rendering only ever drops markup (emphasis markers, backslashes, link
    brackets), decodes entities and turns line breaks into spaces, so a
    greedy left-to-right match finds every character; a character that cannot
    be matched takes the position of the previous one instead of failing.
    """
    starts = [0]
    for i, ch in enumerate(source):
        if ch == "\n":
            starts.append(i + 1)

    def pos(offset: int) -> Position:
        line = _bisect(starts, offset)
        col = offset - starts[line] + (first.col if line == 0 else 1)
        return Position(first.file, first.line + line, col)

    where: list[Position] = []
    j = 0
    for ch in output:
        k = j
        found = -1
        consumed = 1
        while k < len(source):
            s = source[k]
            if s == ch or (ch.isspace() and s.isspace()):
                found = k
                break
            if s == "&":
                entity = _ENTITY.match(source, k)
                if entity and html.unescape(entity.group()) == ch:
                    found, consumed = k, len(entity.group())
                    break
            if s in _MARKUP or s.isspace():
                k += 1
                continue
            break
        if found >= 0:
            where.append(pos(found))
            j = found + consumed
        else:
            where.append(where[-1] if where else pos(min(j, max(len(source) - 1, 0))))
    end = pos(min(j, len(source))) if source else first
    return Located(output, tuple(where), end)


def _bisect(starts: list[int], offset: int) -> int:
    lo, hi = 0, len(starts) - 1
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if starts[mid] <= offset:
            lo = mid
        else:
            hi = mid - 1
    return lo


# --------------------------------------------------------------------------
# Located text to inline nodes


def to_inlines(
    text: Located, *, symbols: bool, problems: list[Diagnostic] | None = None
) -> Inlines:
    """Model text for ``text``.

    With ``symbols`` the game icons (``[click]``, ``[sub]`` …) become
    :class:`~rulesref.model.Symbol` nodes through
    :func:`rulesref.markup.parse_inline` (whose warnings go to ``problems``);
    braces are literal in these formats, so they are kept as text and never
    read as ``{role:…}`` markup.  Without ``symbols`` the whole text is one
    :class:`~rulesref.model.Text`.
    """
    if not text.text:
        return ()
    if not symbols:
        return (Text(text.text, text.start),)
    nodes: list[Inline] = []
    start = 0
    for i, ch in enumerate(text.text + "{"):
        if ch in "{}":
            if i > start:
                segment = text[start:i]
                nodes.extend(parse_inline(segment.text, segment.locate, problems))
            if i < len(text.text):
                nodes.append(Text(ch, text.locate(i)))
            start = i + 1
    return merge_text(nodes)


def left_out(
    problems: list[Diagnostic] | None, pos: Position, message: str, unit: str = "item"
) -> None:
    """An item (or example) that cannot be read costs itself: an error in
    ``problems``; without a list to collect it, the chapter fails instead."""
    if problems is None:
        raise RulesSourceError(pos, message)
    problems.append(Diagnostic(pos, message, SOURCE_ERROR, Severity.ERROR, unit=unit))


def merge_text(nodes: Iterable[Inline]) -> Inlines:
    """Adjacent :class:`Text` nodes become one (the first one's position)."""
    out: list[Inline] = []
    for node in nodes:
        if isinstance(node, Text) and out and isinstance(out[-1], Text):
            out[-1] = Text(out[-1].text + node.text, out[-1].pos)
        elif not (isinstance(node, Text) and not node.text):
            out.append(node)
    return tuple(out)


# --------------------------------------------------------------------------
# Files


def read_source(path: Path, display: str) -> str:
    """The text of ``path``, or a one-line :class:`RulesSourceError`."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise RulesSourceError(Position(display, 1, 1), "cannot read file: no such file") from None
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise RulesSourceError(Position(display, 1, 1), f"cannot read file: {reason}") from None
    text = decode_utf8(data, display).removeprefix("\ufeff")
    return text.replace("\r\n", "\n").replace("\r", "\n")


def chapter_title(config: BookConfig, chapter: ChapterConfig) -> str:
    """The title of a chapter whose source does not give one.

    ``[options.chapter_titles]`` in ``book.toml`` maps a chapter's file name
    to its title; without an entry the chapter takes the book's title.
    """
    titles = config.options.get("chapter_titles", {})
    if isinstance(titles, dict):
        title = titles.get(chapter.file.name)
        if isinstance(title, str) and title.strip():
            return title.strip()
    return config.title


#: Reads one configured chapter: (its configuration, the source text, the file
#: name for messages, the list its warnings go to).
ChapterReader = Callable[[ChapterConfig, str, str, list[Diagnostic]], Item]


def read_book(config: BookConfig, read_chapter: ChapterReader) -> Rulebook:
    """What every reader of a non-YAML format does around its parser: read each
    configured file, title a chapter the source leaves untitled, record the
    source and the warnings its chapters gave."""
    book = Rulebook(slug=config.slug, title=config.title)
    for chapter_config in config.chapters:
        display = config.display(chapter_config.file)
        source = read_source(chapter_config.file, display)
        chapter = read_chapter(chapter_config, source, display, book.diagnostics)
        if not chapter.text:
            chapter.text = (Text(chapter_title(config, chapter_config), chapter.pos),)
        chapter.chapter_source = display
        book.chapters.append(chapter)
        book.sources.append(display)
    book.reindex()
    return book
