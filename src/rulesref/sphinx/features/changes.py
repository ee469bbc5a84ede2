"""The "Changes" page of a book: what changed since the version it names.

``changes_from = "v1.0"`` in ``book.toml`` (a git revision of the repository
holding the book, or a folder relative to the book's) gives the book a page
that lists, from :mod:`rulesref.diff`, the items added, changed (with a word
diff), renumbered and removed, and apart from them the items whose number
only shifted because of an insertion or removal before them.  Every current
item links to its rule; removed ones show their old number and text.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util import logging

from rulesref.checks import SOURCE_ERROR
from rulesref.diff import BookDiff, Piece, checkout, diff_books, read_version
from rulesref.diff.output import Missing, banner
from rulesref.errors import Diagnostic, Position, RulesSourceError, Severity
from rulesref.model import Rulebook
from rulesref.sphinx.directives import BOOK_PAGES_EVENT, BookPage, OneBookDirective, section
from rulesref.sphinx.loaded_book import LoadedBook
from rulesref.sphinx.pages import STUBS_EVENT, stub_text
from rulesref.sphinx.registry import Registry
from rulesref.sphinx.render_context import RenderContext
from rulesref.sphinx.render_inline import item_link

logger = logging.getLogger(__name__)

DIRECTIVE = "changes"
TITLE = "Changes"
REASONS = {
    "moved": "moved to another part",
    "reordered": "moved among its neighbours",
    "shifted": "an item before it was added or removed",
    "ancestor": "its section was renumbered",
}


def page_of(book: LoadedBook) -> str:
    return book.index_page.rsplit("/", 1)[0] + "/changes"


def book_pages(app: Sphinx, book: LoadedBook) -> list[BookPage]:
    """The page, for a book that names a version to compare with."""
    return [BookPage(page_of(book), TITLE)] if book.config.changes_from else []


def stubs(app: Sphinx, reg: Registry, suffix: str) -> dict[str, str]:
    """docname → stub text of each book's page; it quotes rule text (``nosearch``)."""
    return {
        page.docname: stub_text(suffix, DIRECTIVE, book.slug, nosearch=True)
        for book in reg
        for page in book_pages(app, book)
    }


def old_version(book: LoadedBook) -> tuple[Rulebook, list[Diagnostic]]:
    """The book as ``changes_from`` has it, and what that version left out
    (raises RulesSourceError when it has no such book)."""
    spec = book.config.changes_from
    folder = book.config.directory / spec
    where = str(folder) if folder.is_dir() else spec
    with checkout(where, book.config.directory) as old_dir:
        library = read_version(Path(old_dir))
    books = library.books
    same = [b for b in books if b.slug == book.slug]
    if same or len(books) == 1:
        return (same or books)[0], library.errors
    raise RulesSourceError(
        Position(str(book.config.directory / "book.toml"), 1, 1),
        f"version '{spec}' has no book '{book.slug}'",
    )


def partial_banner(old_missing: Sequence[Diagnostic], book: LoadedBook) -> nodes.Node | None:
    """A banner over a comparison that cannot see everything: a version left
    something out, so what changed there is not shown and its items may show as
    added or removed (the same words as ``rulesref diff --partial``)."""
    missing = [
        Missing(version, book.where(d.pos), d.message, d.unit)
        for version, found in (("old", old_missing), ("new", book.book.diagnostics))
        for d in found
        if d.severity is Severity.ERROR
    ]
    lines = banner(missing)
    if not lines:
        return None
    box = nodes.container(classes=["rr-partial", "admonition", "warning"])
    box += nodes.paragraph(lines[0], lines[0], classes=["admonition-title"])
    entries = nodes.bullet_list()
    for line in lines[1:]:
        entries += nodes.list_item("", nodes.paragraph(line.strip(), line.strip()))
    box += entries
    return box


class ChangesDirective(OneBookDirective):
    """``rules:changes slug``."""

    def run_book(self, book: LoadedBook) -> list[nodes.Node]:
        self.depend_on(book.source_files)
        ctx = self.context(book)
        spec = book.config.changes_from
        top = section(f"{book.slug}-changes", f"{TITLE} since {spec}", ["rr-changes"])
        previous = book.config.directory / spec
        if previous.is_dir():  # a folder of the previous edition: its edits re-read the page
            self.depend_on(sorted(p.resolve() for p in previous.rglob("*") if p.is_file()))
        try:
            old, old_missing = old_version(book)
        except RulesSourceError as exc:
            logger.warning("changes_from = '%s': %s", spec, exc.message, type="rules",
                           subtype=SOURCE_ERROR, location=str(book.config.directory / "book.toml"))
            text = f"The version '{spec}' could not be read, so its changes are not shown."
            top += nodes.paragraph(text, text, classes=["rr-empty"])
            return [top]
        diff = diff_books(old, book.book)
        intro = f"{book.title} compared with {spec}: {diff.summary()}."
        notice = partial_banner(old_missing, book)
        if notice is not None:
            top += notice
        if old_missing:  # the page says it; the build log too, once, where it is configured
            logger.warning("changes_from = '%s': that version was not read whole (%d problem(s)); "
                           "the Changes page compares the rest under a banner", spec,
                           len(old_missing), type="rules", subtype=SOURCE_ERROR,
                           location=str(book.config.directory / "book.toml"))
        top += nodes.paragraph(intro, intro, classes=["rr-changes-summary"])
        top += self.parts(ctx, book, diff)
        return [top]

    def parts(self, ctx: RenderContext, book: LoadedBook, diff: BookDiff) -> list[nodes.Node]:
        out: list[nodes.Node] = []

        def part(key: str, title: str, entries: list[nodes.list_item]) -> None:
            if entries:
                node = section(f"{book.slug}-changes-{key}", title, [f"rr-changes-{key}"])
                node += nodes.bullet_list("", *entries, classes=["rr-changes-list"])
                out.append(node)

        def link(ident: str, text: str) -> nodes.Node:
            target = book.targets.get(ident)
            if target is None:
                return nodes.Text(text)
            return item_link(ctx.docname, book, target, text)

        def entry(*children: nodes.Node) -> nodes.list_item:
            return nodes.list_item("", nodes.paragraph("", "", *children))

        part("added", "Added", [
            entry(link(s.id, s.cite), nodes.Text(f": {s.text}")) for s in diff.added
        ])
        changed = []
        for c in diff.changed:
            item = entry(link(c.new.id, c.new.cite))
            for f in c.fields:
                words = nodes.paragraph(classes=["rr-diff"])
                words += nodes.inline(f.field, f.field, classes=["rr-diff-field"])
                words += nodes.Text(": ")
                words += word_nodes(f.words)
                item += words
            changed.append(item)
        part("changed", "Changed", changed)
        part("renumbered", "Renumbered", [
            entry(link(m.new.id, f"{m.new.word} {m.new.number}"),
                  nodes.Text(f" (was {m.old.number}; {REASONS[m.reason]})"))
            for m in diff.renumbered
        ])
        part("removed", "Removed", [
            entry(nodes.Text(f"{s.cite} [{s.id}]: {s.text}")) for s in diff.removed
        ])
        part("shifted", "Numbers shifted by an insertion or removal", [
            entry(link(m.new.id, m.new.number), nodes.Text(f" (was {m.old.number})"))
            for m in diff.shifted
        ])
        if diff.empty:
            text = "Nothing changed."
            out.append(nodes.paragraph(text, text, classes=["rr-empty"]))
        return out


def word_nodes(words: Sequence[Piece]) -> list[nodes.Node]:
    """A word diff: removed words struck through, added ones underlined (classes
    ``rr-diff-del`` / ``rr-diff-ins``)."""
    out: list[nodes.Node] = []
    for op, text in words:
        if op == "=":
            out.append(nodes.Text(text))
        elif op == "-":
            out.append(nodes.inline(text, text, classes=["rr-diff-del"]))
        else:
            out.append(nodes.inline(text, text, classes=["rr-diff-ins"]))
    return out


def setup(app: Sphinx) -> None:
    app.add_directive_to_domain("rules", DIRECTIVE, ChangesDirective)
    app.connect(STUBS_EVENT, stubs)
    app.connect(BOOK_PAGES_EVENT, book_pages)
