"""A PDF of each book, made from the same build: the chapter pages as the site
printed them, in one document.

Judges print the rules.  The site's chapter pages already print cleanly (the
print style sheet drops the theme around the rules); this feature puts every
chapter of a book into one document after the HTML is written, and has
WeasyPrint (https://weasyprint.org, from the package index; no TeX) lay it
out as pages, with:

* a contents page whose entries give their page numbers, and a PDF outline
  (bookmarks) of chapters and sections, from the headings;
* the official numbers, as on the site;
* every link inside the book leading inside the PDF (``chapter.html#8.1.2e``
  becomes ``#8.1.2e``), and every reference to a rule followed, in print,
  by the page it is on: "rule 8.1.2e (p. 142)".

It is written to ``pdf/<book>.pdf`` beside the site when
``rulesref_pdf = True`` (``rulesref build --pdf``), and the book's index
page links to it.  WeasyPrint draws text with Pango, which every machine
with a desktop or Debian's Chromium has; without it the PDF is left out with
one warning.
"""

from __future__ import annotations

import html
import logging as std_logging
import posixpath
import re
from pathlib import Path

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util import logging

from rulesref.numbering import document_text
from rulesref.sphinx.directives import book_of
from rulesref.sphinx.loaded_book import LoadedBook
from rulesref.sphinx.registry import registry

logger = logging.getLogger(__name__)

CONFIG = "rulesref_pdf"
FOLDER = "pdf"
#: Where the theme puts the page's own content (Furo, then Sphinx's basic themes).
_MAIN = re.compile(r'<(article|div)\b[^>]*\brole="main"[^>]*>')
_STYLESHEET = re.compile(r'<link rel="stylesheet"[^>]*href="([^"]+)"')
_HREF = re.compile(r'href="([^"]*)"')
#: What a page holds for a screen only: scripts, and the "Go to rule" box (once
#: a page, so in one document its IDs would be taken over and over).
_SCREEN_ONLY = re.compile(r"<script\b.*?</script>|<form\b.*?</form>", re.S)

#: The pages' own print style does most of it; this adds the page furniture.
PRINT_CSS = """
@page { size: A4; margin: 18mm 16mm 20mm;
  @bottom-center { content: counter(page); font-size: 9pt; color: #555; } }
body { font-size: 10.5pt; }
.rr-pdf-title { page-break-after: always; text-align: center; padding-top: 35%; }
.rr-pdf-title h1 { font-size: 28pt; bookmark-level: none; }
.rr-pdf-contents { page-break-after: always; }
.rr-pdf-contents h2 { bookmark-level: none; }
.rr-pdf-contents ol { list-style: none; padding-left: 0; }
.rr-pdf-contents ol ol { padding-left: 1.5em; }
.rr-pdf-contents a::after { content: leader('.') target-counter(attr(href), page); }
.rr-pdf-contents a { color: #000; text-decoration: none; }
.rr-pdf-chapter { page-break-before: always; }
a.rr-ref[href^="#"]::after { content: " (p. " target-counter(attr(href), page) ")";
  font-size: 0.85em; }
/* Words for screen readers only: WeasyPrint cannot lay out their clipped boxes. */
.rr-visually-hidden { display: none !important; }
/* "(a)" steps: WeasyPrint lays out no ::marker with content of its own. */
ol.rr-timing-level-2 { list-style: none; }
ol.rr-timing-level-2 > li::marker { content: none; }
ol.rr-timing-level-2 > li::before { content: "(" counter(list-item, lower-alpha) ") ";
  margin-left: -1.6em; display: inline-block; width: 1.6em; }
"""


def main_content(page: str) -> str:
    """The HTML of the page's main element, without what only a screen uses."""
    start = _MAIN.search(page)
    if start is None:
        return ""
    tag = start.group(1)
    depth, position = 1, start.end()
    opening = re.compile(rf"<{tag}\b|</{tag}>")
    for match in opening.finditer(page, position):
        depth += -1 if match.group().startswith("</") else 1
        if depth == 0:
            return _SCREEN_ONLY.sub("", page[start.end():match.start()])
    return ""


def rewrite_links(content: str, pages: dict[str, str]) -> str:
    """Links to the book's chapter pages lead inside the PDF; links to other
    pages of the site (the glossary, a card index) have nowhere to go in it and
    lose their address, keeping their words; web addresses stay."""

    def one(match: re.Match[str]) -> str:
        href = html.unescape(match.group(1))
        if href.startswith(("http://", "https://", "mailto:")):
            return match.group(0)
        path, _, anchor = href.partition("#")
        name = path.rsplit("/", 1)[-1]
        if not path:
            return match.group(0)
        if name in pages:
            return f'href="#{html.escape(anchor or pages[name], quote=True)}"'
        return 'data-href-dropped=""'

    return _HREF.sub(one, content)


def contents(book: LoadedBook) -> str:
    def entry(item_anchor: str, text: str) -> str:
        return f'<a href="#{html.escape(item_anchor, quote=True)}">{html.escape(text)}</a>'

    rows = ['<div class="rr-pdf-contents"><h2>Contents</h2><ol>']
    for chapter in book.book.chapters:
        title = f"{chapter.number} {document_text(chapter.text, book.book)}".strip()
        rows.append(f"<li>{entry(chapter.anchor, title)}<ol>")
        for section in chapter.children:
            if not section.is_heading or section.unreadable:
                continue
            words = document_text(section.toc_entry or section.text, book.book)
            rows.append(f"<li>{entry(section.anchor, f'{section.number} {words}'.strip())}</li>")
        rows.append("</ol></li>")
    rows.append("</ol></div>")
    return "".join(rows)


def book_document(book: LoadedBook, outdir: Path) -> tuple[str, Path] | None:
    """The book's chapters as one HTML document, and the folder its relative
    addresses (style sheets, icons) are read from."""
    pages = {f"{Path(book.chapter_page(c)).name}.html": c.anchor for c in book.book.chapters}
    bodies: list[str] = []
    sheets: list[str] = []
    base: Path | None = None
    for chapter in book.book.chapters:
        path = outdir / f"{book.chapter_page(chapter)}.html"
        try:
            page = path.read_text(encoding="utf-8")
        except OSError:
            continue
        base = path.parent
        if not sheets:  # rulesref's own: the theme's are made for screens and browsers
            sheets = [href for href in _STYLESHEET.findall(page) if "rulesref" in href]
        body = rewrite_links(main_content(page), pages)
        bodies.append(f'<section class="rr-pdf-chapter">{body}</section>')
    if base is None:
        return None
    links = "".join(f'<link rel="stylesheet" href="{href}">' for href in sheets)
    title = html.escape(book.title)
    document = (
        f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{title}</title>'
        f"{links}<style>{PRINT_CSS}</style></head><body>"
        f'<div class="rr-pdf-title"><h1>{title}</h1></div>{contents(book)}'
        f'{"".join(bodies)}</body></html>'
    )
    return document, base


def pdf_path(outdir: Path, book: LoadedBook) -> Path:
    return outdir / FOLDER / f"{book.slug}.pdf"


def write_pdfs(app: Sphinx, exception: BaseException | None) -> None:
    if exception is not None or not app.config[CONFIG] or app.builder.format != "html":
        return
    try:
        from weasyprint import HTML
        # Its messages are about the HTML it was given, which rulesref made: a
        # missing style property is not the rules team's to fix.
        std_logging.getLogger("weasyprint").setLevel(std_logging.ERROR)
        std_logging.getLogger("fontTools").setLevel(std_logging.ERROR)
    except (ImportError, OSError) as error:  # not installed, or no Pango to draw text
        logger.warning("the PDF is left out: WeasyPrint cannot run here (%s); install "
                       "rulesref[pdf] and Pango", error, type="rules", subtype="pdf")
        return
    outdir = Path(app.outdir)
    for book in registry(app.env):
        made = book_document(book, outdir)
        if made is None:
            continue
        document, base = made
        target = pdf_path(outdir, book)
        target.parent.mkdir(parents=True, exist_ok=True)
        try:
            HTML(string=document, base_url=f"{base.as_uri()}/").write_pdf(target)
        except Exception as error:  # WeasyPrint's own limits: the site stands without it
            logger.warning("the PDF of %s is left out: WeasyPrint failed (%s: %s)", book.title,
                           type(error).__name__, error, type="rules", subtype="pdf")
            target.unlink(missing_ok=True)
            continue
        logger.info("rulesref: PDF of %s: %s", book.title, target)


def add_link(app: Sphinx, doctree: nodes.document) -> None:
    """``doctree-read``: the PDF (written when the build is done) last among a
    book's links on its index page."""
    if not app.config[CONFIG]:
        return
    docname = app.env.docname
    for para in list(doctree.findall(nodes.paragraph)):
        slug = book_of(para) if "rr-book-pages" in para["classes"] else None
        if slug is not None:
            where = posixpath.relpath(f"{FOLDER}/{slug}.pdf", posixpath.dirname(docname))
            para += nodes.Text(" · ")
            para += nodes.reference("PDF", "PDF", refuri=where, classes=["rr-pdf-link"])


def setup(app: Sphinx) -> None:
    app.add_config_value(
        CONFIG,
        False,
        "env",  # the book's index page links to the PDF
        types=frozenset({bool}),
        description="write each book as a PDF too (pdf/<book>.pdf), with WeasyPrint",
    )
    app.connect("doctree-read", add_link)
    app.connect("build-finished", write_pdfs, priority=800)
