"""Directives that put a book on a page: a chapter, a book's index, the list of books.

The pages themselves are generated stubs (see :mod:`rulesref.sphinx.pages`)
holding one of these directives, so a book dropped into the books folder
appears without any hand edit; an author may also use them in a page of
their own.

A book's index page links to the book's other pages: a feature with a page
of each book (What's new, Changes) names it by answering
:data:`BOOK_PAGES_EVENT`; this module imports no feature.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, ClassVar, NamedTuple

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.addnodes import pending_xref
from sphinx.addnodes import toctree as toctree_node
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from rulesref.model import Item, Rulebook
from rulesref.numbering import document_text
from rulesref.sphinx.audience import is_drafting
from rulesref.sphinx.incremental import note_shown
from rulesref.sphinx.loaded_book import LoadedBook
from rulesref.sphinx.registry import Registry, registry
from rulesref.sphinx.render import render_chapter
from rulesref.sphinx.render_context import RenderContext, emit_diagnostics
from rulesref.sphinx.render_inline import item_link, pending_ref

logger = logging.getLogger(__name__)

#: ``rulesref-book-pages(book)``: a feature's pages of a book, as a list of
#: :class:`BookPage`, linked from the book's index page and in its menu.
BOOK_PAGES_EVENT = "rulesref-book-pages"


class BookPage(NamedTuple):
    docname: str
    title: str


class RulesDirective(SphinxDirective):
    """Shared look-ups; every rules directive renders from the registry."""

    @property
    def registry(self) -> Registry:
        return registry(self.env)

    def warn(self, message: str, subtype: str = "directive") -> None:
        logger.warning("%s", message, location=self.get_location(), type="rules",
                       subtype=subtype)

    def book(self, slug: str) -> LoadedBook | None:
        book = self.registry.get(slug)
        if book is None:
            known = ", ".join(self.registry.books) or "none"
            self.warn(f"no book named '{slug}' (books: {known})")
        return book

    def context(self, book: LoadedBook, *, defining: bool = False) -> RenderContext:
        self.env.ref_context["rules:book"] = book.slug
        self.quote_exactly()
        return RenderContext(self.env, book, self.env.docname, defining=defining)

    def quote_exactly(self) -> None:
        """No smart quotes on a generated page: every section of it already says
        so (``support_smartquotes``), and skipping the transform, which would
        still walk every text node and its ancestors, saves a tenth of a build."""
        if self.env.docname in self.registry.generated_pages:
            self.state.document.settings.smart_quotes = False

    def leave_out_of_search(self) -> None:
        """Keep a generated page that repeats what the chapter pages say (glossary,
        card index, lists) out of the full-text search, as ``:nosearch:`` does:
        a search for words of a rule should find the rule, not every list quoting
        it.  Its objects (terms, cards) stay in the search through the domain."""
        if self.env.docname in self.registry.generated_pages:
            self.env.metadata[self.env.docname]["nosearch"] = True

    def depend_on(self, files: Iterable[Path]) -> None:
        for path in files:
            self.env.note_dependency(path)


class OneBookDirective(RulesDirective):
    """A directive that shows one book, named by its slug; an unknown slug is
    reported once and shows nothing, whichever page names it."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        book = self.book(self.arguments[0])
        if book is None:
            return []
        return self.run_book(book)

    def run_book(self, book: LoadedBook) -> list[nodes.Node]:
        raise NotImplementedError


# --------------------------------------------------------------------------
# Small node builders shared by the page directives


def hidden_toctree(docname: str, entries: Sequence[str]) -> nodes.compound:
    """A toctree built in code, as the ``toctree`` directive builds it, so the
    generated pages join the sidebar in the books' own order."""
    toctree = toctree_node()
    toctree["parent"] = docname
    toctree["entries"] = [(None, entry) for entry in entries]
    toctree["includefiles"] = list(entries)
    toctree["maxdepth"] = -1
    toctree["caption"] = None
    toctree["glob"] = False
    toctree["hidden"] = True
    toctree["includehidden"] = False
    toctree["numbered"] = 0
    toctree["titlesonly"] = False
    wrapper = nodes.compound(classes=["toctree-wrapper"])
    wrapper += toctree
    return wrapper


def doc_link(fromdoc: str, docname: str, text: str) -> pending_xref:
    return pending_ref(fromdoc, "std", "doc", f"/{docname}", text)


def item_title(item: Item, book: Rulebook) -> str:
    """A heading's words as contents lists show them (references as numbers)."""
    return document_text(item.toc_entry or item.text, book)


def contents_list(
    fromdoc: str, book: LoadedBook, items: Iterable[Item], depth: int
) -> nodes.bullet_list:
    """Chapters → sections → headed subsections, each "4.1 General" linked."""
    bullets = nodes.bullet_list(classes=["rr-contents"])
    for item in items:
        entry = nodes.list_item()
        para = nodes.paragraph()
        title = f"{item.number} {item_title(item, book.book)}".strip()
        para += item_link(fromdoc, book, book.targets[item.id], title)
        entry += para
        headed = [child for child in item.children if child.is_heading]
        if headed and depth > 1:
            entry += contents_list(fromdoc, book, headed, depth - 1)
        bullets += entry
    return bullets


def section(ident: str, title: str, classes: Sequence[str] = ()) -> nodes.section:
    node = nodes.section(ids=[ident], names=[], classes=list(classes))
    node["support_smartquotes"] = False  # rule text is quoted exactly as written
    node += nodes.title(title, title)
    return node


Cell = Sequence[nodes.Node]


def table(headers: Sequence[str], rows: Sequence[Sequence[Cell]], name: str) -> nodes.table:
    out = nodes.table(classes=["rr-table", name])
    group = nodes.tgroup(cols=len(headers))
    out += group
    for _ in headers:
        group += nodes.colspec(colwidth=1)
    head = nodes.thead()
    row = nodes.row()
    for header in headers:
        row += nodes.entry("", nodes.paragraph(header, header))
    head += row
    group += head
    body = nodes.tbody()
    for cells in rows:
        row = nodes.row()
        for cell in cells:
            row += nodes.entry("", nodes.paragraph("", "", *cell))
        body += row
    group += body
    return out


def literal(text: str) -> nodes.inline:
    """A file name or ID, in a monospace face that may wrap (a code literal may not,
    and a long ID would push the table off the page)."""
    return nodes.inline(text, text, classes=["rr-code"])


def text(value: str) -> nodes.Text:
    return nodes.Text(value)


def book_of(node: nodes.Element) -> str | None:
    """The slug of the book whose index page ``node`` is in (its section's
    ``book-<slug>`` ID), for a feature adding to that page at ``doctree-read``."""
    parent = node.parent
    while parent is not None:
        for ident in parent.get("ids", []):
            if ident.startswith("book-"):
                return str(ident[len("book-"):])
        parent = parent.parent
    return None


# --------------------------------------------------------------------------
# Directives


class ChapterDirective(RulesDirective):
    """``rules:chapter book:chapter_id`` (or ``book/file.yaml`` for a one-chapter file).

    The chapter is named by its anchor (what the generated pages write) or its ID."""

    required_arguments = 1
    has_content = False

    def run(self) -> list[nodes.Node]:
        found = self.find(self.arguments[0])
        if found is None:
            return []
        book, chapter = found
        self.depend_on(book.chapter_files(chapter))
        emit_diagnostics(book.diagnostics_for(chapter))
        ctx = self.context(book, defining=True)
        node = render_chapter(ctx, chapter)
        ctx.show(("chapter", book.slug, chapter.id))
        return [node]

    def find(self, argument: str) -> tuple[LoadedBook, Item] | None:
        if ":" in argument:
            slug, _, chapter_id = argument.partition(":")
            book = self.book(slug)
            if book is None:
                return None
            chapters = book.book.chapters
            chapter = next((c for c in chapters if c.anchor == chapter_id), None) or next(
                (c for c in chapters if c.id == chapter_id), None
            )
            if chapter is None:
                self.warn(f"book '{slug}' has no chapter '{chapter_id}'")
                return None
            return book, chapter
        slug, _, file = argument.partition("/")
        book = self.book(slug)
        if book is None:
            return None
        chapters = [
            c
            for c in book.book.chapters
            if book.display(c.pos).endswith(f"/{file}") or c.pos.file.endswith(file)
        ]
        if len(chapters) != 1:
            self.warn(f"'{argument}' names {len(chapters)} chapters; write book:chapter_id")
            return None
        return book, chapters[0]


class BookDirective(OneBookDirective):
    """``rules:book slug``: the book's index page, its contents and its pages."""

    option_spec: ClassVar[dict[str, Any]] = {"depth": directives.positive_int}

    def run_book(self, book: LoadedBook) -> list[nodes.Node]:
        # book.toml only: the contents are re-read when they change (("index", slug)).
        self.depend_on([(book.config.directory / "book.toml").resolve()])
        emit_diagnostics(book.diagnostics_for(None))
        ctx = self.context(book)
        docname = self.env.docname
        top = section(f"book-{book.slug}", book.title, ["rr-book"])
        if book.config.description:
            top += nodes.paragraph(
                book.config.description, book.config.description, classes=["rr-book-description"]
            )
        top += contents_list(docname, book, book.book.chapters, self.options.get("depth", 3))
        extra = [page for pages in self.env.events.emit(BOOK_PAGES_EVENT, book) for page in pages]
        pages = nodes.paragraph(classes=["rr-book-pages"])
        links = [*extra, (book.glossary_page, "Glossary"), (book.cards_page, "Card index")]
        if is_drafting(self.env):
            links.append((self.registry.drafting_page, "Drafting status"))
        for index, (page, text) in enumerate(links):
            if index:
                pages += nodes.Text(" · ")
            pages += doc_link(docname, page, text)
        top += pages
        top += hidden_toctree(
            docname,
            [
                *(book.chapter_page(c) for c in book.book.chapters),
                *(page for page, _title in extra),
                book.glossary_page,
                book.cards_page,
            ],
        )
        ctx.show(("index", book.slug))
        self.leave_out_of_search()
        return [top]


class BooksDirective(RulesDirective):
    """``rules:books``: every book of the site, for the home page."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        docname = self.env.docname
        reg = self.registry
        out = nodes.container(classes=["rr-books"])
        for book in reg:
            self.depend_on([(book.config.directory / "book.toml").resolve()])
            entry = nodes.container(classes=["rr-books-entry"])
            title = nodes.paragraph(classes=["rr-books-title"])
            title += doc_link(docname, book.index_page, book.title)
            entry += title
            if book.config.description:
                entry += nodes.paragraph(book.config.description, book.config.description)
            entry += contents_list(docname, book, book.book.chapters, 1)
            out += entry
        if not reg.books:
            out += nodes.paragraph("", "No rulebooks found.", classes=["rr-empty"])
        # Author pages (the Scenario coverage link joins this paragraph) live in
        # their own menu section; the Drafting status only in a drafting build.
        status = nodes.paragraph(classes=["rr-books-drafting"])
        if is_drafting(self.env):
            status += doc_link(docname, reg.drafting_page, "Drafting status")
            status += nodes.Text(": references still to be written and other open problems.")
        out += status
        out += hidden_toctree(docname, [b.index_page for b in reg])
        note_shown(self.env, ("books",))
        return [out]


def setup(app: Sphinx) -> None:
    app.add_directive_to_domain("rules", "chapter", ChapterDirective)
    app.add_directive_to_domain("rules", "book", BookDirective)
    app.add_directive_to_domain("rules", "books", BooksDirective)
