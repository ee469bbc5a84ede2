"""The "What's new" page of a book: its changelog and the rules marked new.

A book gets the page when it has a changelog (the file its ``book.toml``
names, or a ``changelog.yaml`` beside its chapters: :mod:`rulesref.changelog`)
or marks anything new (``new: true`` or
``{n}…{/n}``).  Changelog entries are rendered like rule text, so their
references link to the rules and read "rule 8.1.2e"; a reference that leads
nowhere is a ``rules.unresolved`` warning at its line in the changelog.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util import logging

from rulesref.changelog import Changelog, changelog_path, changelog_problems, marked_new
from rulesref.numbering import document_text
from rulesref.sphinx.directives import BOOK_PAGES_EVENT, BookPage, OneBookDirective, section
from rulesref.sphinx.loaded_book import LoadedBook
from rulesref.sphinx.pages import STUBS_EVENT, stub_text
from rulesref.sphinx.registry import Registry
from rulesref.sphinx.render_context import RenderContext, emit_diagnostics
from rulesref.sphinx.render_inline import item_link, render_inlines

logger = logging.getLogger(__name__)

DIRECTIVE = "whats-new"
TITLE = "What's new"
#: How many words of a rule the "marked new" list quotes.
QUOTE_WORDS = 24


def page_of(book: LoadedBook) -> str:
    return book.index_page.rsplit("/", 1)[0] + "/whats-new"


def has_page(book: LoadedBook) -> bool:
    if changelog_path(book.config) is not None:
        return True
    return any(marked_new(item) for item in book.book.items())


def book_pages(app: Sphinx, book: LoadedBook) -> list[BookPage]:
    return [BookPage(page_of(book), TITLE)] if has_page(book) else []


def stubs(app: Sphinx, reg: Registry, suffix: str) -> dict[str, str]:
    """docname → stub text of each book's page; it quotes rule text (``nosearch``)."""
    return {
        page.docname: stub_text(suffix, DIRECTIVE, book.slug, nosearch=True)
        for book in reg
        for page in book_pages(app, book)
    }


class WhatsNewDirective(OneBookDirective):
    """``rules:whats-new slug``."""

    def run_book(self, book: LoadedBook) -> list[nodes.Node]:
        path = changelog_path(book.config)
        # Re-read when its changelog is edited or what it shows of the book
        # changes (``("whats-new", slug)``), not at every edit of a chapter.
        self.depend_on([path.resolve()] if path else [])
        ctx = self.context(book)
        ctx.show(("whats-new", book.slug))
        top = section(f"{book.slug}-whats-new", TITLE, ["rr-whats-new"])
        # As the one loader read it; a file it could not read is its error
        # (reported with the books', and in the build's account).
        changelog = self.registry.library.changelogs.get(book.slug) if self.registry.library \
            else None
        if changelog is not None:
            emit_diagnostics(changelog_problems(book.book, changelog))
            top += self.entries(ctx, changelog)
        new_items = [item for item in book.book.items() if marked_new(item)]
        if new_items:
            part = section(f"{book.slug}-marked-new", "Marked new in this edition",
                           ["rr-marked-new"])
            bullets = nodes.bullet_list(classes=["rr-marked-new-list"])
            for item in new_items:
                para = nodes.paragraph()
                target = book.targets.get(item.id)
                cite = f"{item.reference_word} {item.number}".strip()
                para += item_link(ctx.docname, book, target, cite) if target else nodes.Text(cite)
                words = document_text(item.toc_entry or item.text, book.book).split()
                quote = " ".join(words[:QUOTE_WORDS]) + (" …" if len(words) > QUOTE_WORDS else "")
                para += nodes.Text(f": {quote}" if quote else "")
                bullets += nodes.list_item("", para)
            part += bullets
            top += part
        return [top]

    def entries(self, ctx: RenderContext, changelog: Changelog) -> nodes.Element:
        if not changelog.entries:
            text = "The changelog has no entries yet."
            return nodes.paragraph(text, text, classes=["rr-empty"])
        bullets = nodes.bullet_list(classes=["rr-changelog"])
        for entry in changelog.entries:
            para = nodes.paragraph(classes=["rr-changelog-entry"])
            # The file's release is said once, above the list; an entry's own
            # version only where it says something else.
            version = "" if entry.version == changelog.version else entry.version
            label = " ".join(part for part in (version, entry.date) if part)
            if label:
                para += nodes.strong(label, label, classes=["rr-changelog-version"])
                para += nodes.Text(" ")
            para += render_inlines(ctx, entry.text)
            bullets += nodes.list_item("", para)
        if not changelog.version:
            return bullets
        release = f"Version {changelog.version}"
        heading = nodes.paragraph(classes=["rr-changelog-release"])
        heading += nodes.strong(release, release)
        return nodes.container("", heading, bullets, classes=["rr-changelog-file"])


def setup(app: Sphinx) -> None:
    app.add_directive_to_domain("rules", DIRECTIVE, WhatsNewDirective)
    app.connect(STUBS_EVENT, stubs)
    # Before the Changes page in a book's links (priority 500 is the default).
    app.connect(BOOK_PAGES_EVENT, book_pages, priority=490)
