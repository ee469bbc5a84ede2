"""A PDF of each book from the same build (issue 23): contents and bookmarks by
chapter and section, official numbers, links that stay inside the PDF, and
references that give the page they lead to."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

pypdf = pytest.importorskip("pypdf")
pytestmark = pytest.mark.sphinx(
    "html", testroot="basic", srcdir="rr-pdf", confoverrides={"rulesref_pdf": True},
)


def _weasyprint_runs() -> bool:
    try:
        import weasyprint  # noqa: F401
    except (ImportError, OSError):  # no Pango on this machine: the build says so
        return False
    return True


@pytest.fixture
def built(app: Any) -> Path:
    """The site, built once for both tests (the same ``srcdir``: the second
    build reads and writes nothing, and the PDF is made again)."""
    if not _weasyprint_runs():
        pytest.skip("WeasyPrint cannot draw here (no Pango)")
    app.build()
    return Path(app.outdir)


def _outline(reader: Any) -> list[tuple[int, str]]:
    found: list[tuple[int, str]] = []

    def visit(entries: list[Any], depth: int) -> None:
        for entry in entries:
            if isinstance(entry, list):
                visit(entry, depth + 1)
            else:
                found.append((depth, str(entry.title)))

    visit(reader.outline, 0)
    return found


def test_the_book_is_a_pdf_with_bookmarks_numbers_and_page_references(built: Path) -> None:
    path = built / "pdf" / "mini.pdf"
    assert path.is_file()
    reader = pypdf.PdfReader(str(path))
    outline = _outline(reader)
    chapters = [title for depth, title in outline if depth == 0]
    sections = [title for depth, title in outline if depth == 1]
    assert chapters and sections  # bookmarks by chapter and by section
    assert all(re.match(r"\d+(\.\d+)?\s", title) for title in chapters + sections), outline
    text = "\n".join(page.extract_text() for page in reader.pages)
    assert "Contents" in text
    # Page-numbered cross-references: "rule 1.1.2 (p. 4)", and the contents' pages.
    assert re.search(r"\(p\. \d+\)", text), text[:2000]
    # Links inside the book lead inside the PDF (a destination, never a file).
    internal = external_files = 0
    for page in reader.pages:
        for annotation in page.get("/Annots") or []:
            link = annotation.get_object()
            action = link.get("/A")
            if link.get("/Dest") is not None or (action and action.get("/S") == "/GoTo"):
                internal += 1
            elif action and ".html" in str(action.get("/URI", "")):
                external_files += 1
    assert internal > 0 and external_files == 0


def test_the_book_index_links_to_its_pdf(built: Path) -> None:
    index = (built / "rules" / "mini" / "index.html").read_text(encoding="utf-8")
    assert 'href="../../pdf/mini.pdf"' in index
