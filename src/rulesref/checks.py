"""Whole-book checks shared by ``rulesref check`` and the Sphinx build.

These problems do not stop reading, because drafts legitimately contain
them (the seeds cite chapters not written yet and ``{ref:TODO}``); they are
reported with a subtype so a build can allow exactly the drafting ones.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Set
from dataclasses import dataclass, replace
from pathlib import Path

from rulesref.anchors import DUPLICATE_ID
from rulesref.book_inlines import BookInlines, book_inlines
from rulesref.cards import CardTable, card_table
from rulesref.errors import Diagnostic, Position, Severity
from rulesref.identifiers import PLACEHOLDERS, inside
from rulesref.model import Item, Rulebook, Term

#: The placeholder ID rules teams write for a reference still to be decided.
TODO_ID = "TODO"

#: Subtypes (``rules.<subtype>`` in Sphinx).  Only UNRESOLVED is a drafting state.
UNRESOLVED = "unresolved"
DUPLICATE_TERM = "duplicate-term"
UNKNOWN_CARD = "unknown-card"
MISSING_IMAGE = "missing-image"
UNSAFE_IMAGE = "unsafe-image"
UNSAFE_LINK = "unsafe-link"
BAD_RANGE = "bad-range"
PLACEHOLDER_ID = "placeholder-id"
#: Subtype of a source that could not be read (its book or chapter is left out).
SOURCE_ERROR = "source-error"
#: Kinds that are only ever errors: ``suppress_warnings`` cannot name them.
ERROR_KINDS = frozenset({SOURCE_ERROR, UNSAFE_IMAGE, DUPLICATE_ID})
#: Why a warning the book's ``suppress_warnings`` names is a note.
SUPPRESSED = "its kind is in the book's suppress_warnings"

#: Link schemes an author may use in ``{link:text|url}``; anything else is shown as text.
SAFE_SCHEMES = ("http://", "https://", "mailto:")
IMAGE_SUFFIXES = (".svg", ".png", ".jpg", ".jpeg", ".gif", ".webp")
#: Where a book's images live, below its folder; nothing else is ever published.
IMAGES_DIR = "images"


@dataclass(frozen=True)
class Unresolved:
    """A reference that does not lead anywhere yet, listed on the Drafting status page."""

    target: str
    pos: Position
    item: Item

    @property
    def is_todo(self) -> bool:
        return self.target == TODO_ID


def unresolved_references(
    book: Rulebook, inlines: BookInlines | None = None
) -> Iterator[Unresolved]:
    """References that lead nowhere; a placeholder such as ``TODO`` never leads anywhere,
    even when an item took it as its ID.  (Each check takes the book's
    :func:`~rulesref.book_inlines.book_inlines` when its caller has them.)"""
    for placed in (inlines or book_inlines(book)).refs:
        for target in placed.node.ids:
            if target not in book or target in PLACEHOLDERS:
                yield Unresolved(target, placed.node.pos, placed.item)


def is_partial(book: Rulebook) -> bool:
    """A chapter of ``book`` could not be read: references into it cannot be judged."""
    return any(
        d.severity is Severity.ERROR and d.subtype == SOURCE_ERROR for d in book.diagnostics
    )


def check_book(
    book: Rulebook,
    cards: CardTable | None = None,
    folder: Path | None = None,
    inlines: BookInlines | None = None,
) -> list[Diagnostic]:
    """Every recoverable problem of ``book``, in source order.  With the book's
    ``folder``, its images are looked up (and confined to its images folder) too."""
    table = cards or card_table()
    inlines = inlines or book_inlines(book)
    found: list[Diagnostic] = list(book.diagnostics)
    partial = is_partial(book)
    for ref in unresolved_references(book, inlines):
        message = (
            f"reference to TODO in {ref.item.reference_word} {ref.item.number} "
            f"({ref.item.id}) still to be written"
            if ref.is_todo
            else f"unresolved reference '{ref.target}' in {ref.item.reference_word} "
            f"{ref.item.number} ({ref.item.id})"
        )
        if partial and not ref.is_todo:
            # Not a problem of its own: the chapter that may define it was left out.
            found.append(
                Diagnostic(ref.pos, message, UNRESOLVED, Severity.NOTE,
                           "a chapter of this book could not be read")
            )
            continue
        found.append(Diagnostic(ref.pos, message, UNRESOLVED))
    found.extend(placeholder_ids(book))
    found.extend(range_problems(book, inlines))
    found.extend(link_problems(book, inlines))
    if folder is not None:
        found.extend(book_images(book, folder, inlines)[1])
    found.extend(duplicate_terms(book, inlines))
    for card in inlines.cards:
        if card.node.name not in table:
            found.append(
                Diagnostic(
                    card.node.pos,
                    f"unknown card '{card.node.name}' in {card.item.id} (not in the card table)",
                    UNKNOWN_CARD,
                )
            )
    return suppressed(sorted(found, key=lambda d: d.pos), book.suppress_warnings)


def suppressed(diagnostics: Iterable[Diagnostic], kinds: Set[str]) -> list[Diagnostic]:
    """The warnings of a kind the book accepts made notes, so that ``check``, the
    build and every other reader of :func:`check_book` agree; errors stay errors."""
    return [
        replace(d, severity=Severity.NOTE, reason=SUPPRESSED)
        if d.severity is Severity.WARNING and d.subtype in kinds
        else d
        for d in diagnostics
    ]


def duplicate_terms(book: Rulebook, inlines: BookInlines | None = None) -> Iterator[Diagnostic]:
    """A term defined again: the glossary (:mod:`rulesref.sphinx.targets`) and
    ``{rules:term}`` use the first definition in book order, so the message says so."""
    first_definition: dict[str, tuple[Term, Item]] = {}
    count: dict[str, int] = {}
    for term, item in (inlines or book_inlines(book)).terms:
        earlier = first_definition.setdefault(term.key, (term, item))
        count[term.key] = count.get(term.key, 0) + 1
        if earlier[0] is term:
            continue
        other_term, other_item = earlier
        times = "twice" if count[term.key] == 2 else f"{count[term.key]} times"
        reason = book.acknowledged.get(DUPLICATE_TERM, {}).get(term.key, "")
        other = f"{other_item.reference_word} {other_item.number}".strip()
        yield Diagnostic(
            term.pos,
            f"term '{term.shown}' is defined {times}: here in {item.reference_word} "
            f"{item.number} ({item.id}) and in {other} ({other_item.id}, {other_term.pos}); "
            f"the glossary uses {other}'s definition",
            DUPLICATE_TERM,
            Severity.NOTE if reason else Severity.WARNING,
            reason,
        )


def placeholder_ids(book: Rulebook) -> Iterator[Diagnostic]:
    for item in book.items():
        if item.id in PLACEHOLDERS:
            yield Diagnostic(
                item.pos,
                f"ID '{item.id}' is a placeholder for references still to be written: "
                f"{{ref:{item.id}}} will not link to this {item.reference_word} (rename it)",
                PLACEHOLDER_ID,
            )


def range_problems(book: Rulebook, inlines: BookInlines | None = None) -> Iterator[Diagnostic]:
    """``{ref/through:a,b}`` must run forwards within one chapter ("8.1.2a through 8.1.2e")."""
    order: dict[str, int] = {}
    for index, item in enumerate(book.items()):
        order.setdefault(item.id, index)
    for placed in (inlines or book_inlines(book)).refs:
        node, item = placed.node, placed.item
        if not (node.through and len(node.ids) == 2):
            continue
        first, last = (book.get(i) for i in node.ids)
        if first is None or last is None or node.ids[0] in PLACEHOLDERS:
            continue
        if first.chapter is not last.chapter:
            yield Diagnostic(
                node.pos,
                f"range '{node.ids[0]}' through '{node.ids[1]}' in {item.id} spans chapters "
                f"{first.chapter.number} and {last.chapter.number} (cite each chapter's rules)",
                BAD_RANGE,
            )
        elif order[node.ids[0]] >= order[node.ids[1]]:
            yield Diagnostic(
                node.pos,
                f"range '{node.ids[0]}' through '{node.ids[1]}' in {item.id} runs backwards "
                f"({first.number} through {last.number}; write the earlier rule first)",
                BAD_RANGE,
            )


def link_problems(book: Rulebook, inlines: BookInlines | None = None) -> Iterator[Diagnostic]:
    for placed in (inlines or book_inlines(book)).links:
        node = placed.node
        if not node.url.lower().startswith(SAFE_SCHEMES):
            yield Diagnostic(
                node.pos,
                f"link '{node.text}' has an unsafe or relative URL '{node.url}' "
                f"(shown as text; use http, https or mailto)",
                UNSAFE_LINK,
            )


def image_path(images: Path, name: str) -> tuple[Path | None, str]:
    """The file ``{img:name}`` shows, or ``None`` and why not.

    Only a plain file name (or a path below the images folder) is looked up, and
    the file found, links followed, must lie inside the book's images folder:
    ``/etc/passwd``, ``../x`` or a link out are refused, never read.
    """
    parts = name.replace("\\", "/").split("/")
    if (
        not name.strip()
        or name.startswith(("/", "\\"))
        or any(part in ("", ".", "..") for part in parts)
        or ":" in name
    ):
        return None, "unsafe"
    for suffix in ("", *IMAGE_SUFFIXES):
        candidate = images / f"{name}{suffix}"
        if candidate.is_file():
            if not inside(candidate, images):
                return None, "unsafe"
            return candidate.resolve(), ""
    return None, "missing"


def book_images(
    book: Rulebook, folder: Path, inlines: BookInlines | None = None
) -> tuple[dict[str, Path | None], list[Diagnostic]]:
    """Every image the book shows → its file (``None``: shown as its alt text), and
    the problems: a missing image is a warning, a path out of the folder an error."""
    images = folder / IMAGES_DIR
    shown = f"the book's {IMAGES_DIR}/ folder"
    found: dict[str, Path | None] = {}
    problems: list[Diagnostic] = []
    for placed in (inlines or book_inlines(book)).images:
        node = placed.node
        if node.name in found:
            continue
        path, why = image_path(images, node.name)
        found[node.name] = path
        if why == "missing":
            problems.append(
                Diagnostic(
                    node.pos,
                    f"image '{node.name}' not found in {shown} "
                    f"(shown as its alt text until it is added)",
                    MISSING_IMAGE,
                )
            )
        elif why == "unsafe":
            problems.append(
                Diagnostic(
                    node.pos,
                    f"image '{node.name}' must name a file inside {shown} "
                    "(no absolute paths, '..', links out or URLs); it is not published",
                    UNSAFE_IMAGE,
                    Severity.ERROR,
                )
            )
    return found, problems


def check_books(books: Iterable[Rulebook]) -> list[Diagnostic]:
    return [diagnostic for book in books for diagnostic in check_book(book)]
