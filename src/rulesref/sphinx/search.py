"""Search that answers: Pagefind, with one record per rule, rules before pages.

Why Pagefind rather than Sphinx's own search (measured on this site; see
docs/site.md): Sphinx indexes whole pages, so a word match opens a chapter
at its top, shows no rule text, and ranks Python API names among the rules;
its index is one file that every search downloads whole (megabytes at the
real CR's size).  Pagefind is a static index split in small fragments that
a search fetches on demand, ranks with BM25, and returns a snippet with the
words marked and the record's own URL.

What is indexed (after the HTML pages are written, at ``build-finished``):

* every numbered item of every book as its own record, whose address is the
  item's permalink (``chapter.html#rule_id``) and whose title is its number
  and first words; a term the item defines weighs more, so "hidden zone"
  finds the rule that defines a hidden zone first;
* every other page (book index, glossary, card index, guides) by its main
  content, tagged ``page``, and the API reference, tagged ``api``.

The chapter pages themselves are not indexed: their items are.  The search
page (``search.html``, generated here in place of Sphinx's) shows rules
first, then pages, then the API reference, each group in Pagefind's order.
Where Pagefind is not installed, Sphinx's search stays as it was.
"""

from __future__ import annotations

import hashlib
import shutil
import subprocess
from collections.abc import Iterator
from html import escape
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.util import logging

from rulesref.model import Inlines, Item, NewText, Term, plain_text, walk_inlines
from rulesref.sphinx import outfiles
from rulesref.sphinx.numbers import NUMBER
from rulesref.sphinx.registry import LoadedBook, Registry, registry

logger = logging.getLogger(__name__)

OUTPUT = "_pagefind"
#: Where the items' records sit in the folder given to Pagefind.
RECORDS = "_rulesref_items"
#: What was indexed last (a build that changes nothing skips Pagefind).
STAMP = "rulesref-indexed.txt"
#: How much more a word the item defines counts than its other words.
TERM_WEIGHT = 4
TITLE_WORDS = 10
ROOT_SELECTOR = "[role=main]"


def available() -> bool:
    """Pagefind's Python package and its binary (``pagefind[bin]``) are installed."""
    try:
        from pagefind.service import get_executable
    except ImportError:
        return False
    return get_executable() is not None


def use_pagefind(app: Sphinx) -> bool:
    return bool(getattr(app, "_rulesref_pagefind", False))


def setup_search(app: Sphinx) -> None:
    """Pagefind replaces Sphinx's search index and page (HTML builder only)."""
    app._rulesref_pagefind = False  # type: ignore[attr-defined]
    if app.builder.name != "html" or not app.config.rulesref_pagefind:
        return
    if not available():
        logger.info("rulesref: pagefind is not installed; the site keeps Sphinx's search")
        return
    app.builder.search = False  # type: ignore[attr-defined]
    app._rulesref_pagefind = True  # type: ignore[attr-defined]


SEARCH_BODY = """
<section class="rr-search" id="search">
<h1>Search the rules</h1>
<form class="rr-search-form" role="search" action="{action}" method="get">
<label class="rr-visually-hidden" for="rr-search-input">Search words or a rule number</label>
<input id="rr-search-input" type="search" name="q" autocomplete="off" spellcheck="false"
 enterkeyhint="search" placeholder="Words, or a rule number such as 8.1.2e">
<button type="submit">Search</button>
</form>
<p class="rr-search-status" role="status" aria-live="polite"></p>
<div id="search-results"></div>
<noscript><p>Searching needs JavaScript. A rule is also reached by its number in the
 address: <code>r/8.1.2e/</code>.</p></noscript>
</section>
<script type="module" src="_static/rulesref-search.js"></script>
"""


def search_page(app: Sphinx) -> Iterator[tuple[str, dict[str, Any], str]]:
    if use_pagefind(app):
        body = SEARCH_BODY.format(action="search.html")
        yield "search", {"title": "Search", "body": body, "rr_search": True}, "page.html"


# --------------------------------------------------------------------------
# The index


def weighted_html(inlines: Inlines) -> str:
    """An item's text as HTML in which the terms it defines weigh more."""
    out: list[str] = []
    for node in inlines:
        if isinstance(node, Term):
            out.append(f'<b data-pagefind-weight="{TERM_WEIGHT}">{escape(node.text)}</b>')
        elif isinstance(node, NewText):
            out.append(weighted_html(node.children))
        else:
            out.append(escape(plain_text((node,))))
    return "".join(out)


def title_words(item: Item) -> str:
    text = plain_text(item.toc_entry) if item.toc_entry else item.plain
    words = text.split()
    short = " ".join(words[:TITLE_WORDS])
    return short + ("…" if len(words) > TITLE_WORDS else "")


def item_record(book: LoadedBook, item: Item, chapter: str, url: str) -> str:
    """One numbered item as a small HTML document for Pagefind."""
    meta = {
        "href": url,
        "title": title_words(item),
        "number": item.number,
        "kind": item.reference_word,
        "book": book.title,
        "chapter": chapter,
        "defines": " ".join(
            node.text for node in walk_inlines(item.text) if isinstance(node, Term)
        ),
    }
    hidden = "".join(
        f'<span data-pagefind-meta="{key}">{escape(value)}</span>'
        for key, value in meta.items()
        if value
    )
    examples = "".join(
        f"<p>Example: {weighted_html(example.text)}</p>" for example in item.examples
    )
    return (
        '<html lang="en"><head><meta charset="utf-8"></head><body>'
        f'<main role="main" data-pagefind-filter="kind:rule">'
        f'<div data-pagefind-ignore="index">{hidden}</div>'
        f"<p>{weighted_html(item.text)}</p>{examples}</main></body></html>"
    )


def page_kind(docname: str) -> str:
    return "api" if docname.startswith("api/") else "page"


def page_html(path: Path, kind: str) -> str | None:
    text = path.read_text(encoding="utf-8", errors="replace")
    marker = 'role="main"'
    if marker not in text:
        return None
    return text.replace(marker, f'{marker} data-pagefind-filter="kind:{kind}"', 1)


def item_records(app: Sphinx, reg: Registry) -> tuple[dict[str, str], set[str]]:
    """Record file → html of every numbered item, and the chapter pages (whose
    items are indexed instead of the pages).  Files are named by a digest of
    book and ID, so a rule added before them leaves their files alone."""
    builder = app.builder
    items: dict[str, str] = {}
    chapter_docs: set[str] = set()
    for book in reg:
        for chapter in book.book.chapters:
            chapter_docs.add(book.chapter_page(chapter))
            label = f"{chapter.number} {plain_text(chapter.toc_entry or chapter.text)}".strip()
            for item in chapter.walk():
                target = book.targets.get(item.id)
                if target is None or not (item.number and NUMBER.fullmatch(item.number.lower())):
                    continue
                url = f"{builder.get_target_uri(target.docname)}#{target.anchor}"
                name = hashlib.blake2b(f"{book.slug}\0{item.id}".encode(), digest_size=10)
                items[f"{name.hexdigest()}.html"] = item_record(book, item, label, url)
    return items, chapter_docs


def page_records(app: Sphinx, chapter_docs: set[str]) -> dict[str, str]:
    """Record file (the page's own path, so its headings deep-link) → html."""
    builder = app.builder
    pages: dict[str, str] = {}
    outdir = Path(app.outdir)
    for docname in sorted(app.env.found_docs):
        # Pages that quote rule text (What's new, Changes) say ``nosearch``, as
        # they do for Sphinx's search: the rules themselves are found instead.
        if docname in chapter_docs or "nosearch" in app.env.metadata.get(docname, {}):
            continue
        uri = builder.get_target_uri(docname).split("#", 1)[0]
        path = outdir / builder.get_outfilename(docname)  # type: ignore[attr-defined]
        if uri.startswith(("/", ".")) or uri.split("/", 1)[0] == RECORDS:
            continue
        if path.is_file() and (html := page_html(path, page_kind(docname))) is not None:
            pages[uri] = html
    return pages


def _digest(files: dict[str, str]) -> str:
    digest = hashlib.sha256()
    for name in sorted(files):
        digest.update(f"{name}\0{len(files[name])}\0{files[name]}".encode())
    return digest.hexdigest()


class _Pending:
    """What :func:`start_index` computed, for :func:`build_index` to finish."""

    def __init__(self, folder: Path, items: dict[str, str], chapter_docs: set[str]) -> None:
        self.folder = folder
        self.items_digest = _digest(items)
        self.item_count = len(items)
        self.chapter_docs = chapter_docs


def records_folder(app: Sphinx) -> Path:
    """The folder Pagefind indexes: kept in the doctree cache between builds,
    so a rebuild rewrites only the records that changed."""
    return Path(app.doctreedir) / "rulesref-search"


def start_index(app: Sphinx, builder: Any = None) -> None:
    """Write the items' records while Sphinx writes the pages (they come from
    the model, not from the HTML)."""
    app._rulesref_search_pending = None  # type: ignore[attr-defined]
    if not use_pagefind(app):
        return
    items, chapter_docs = item_records(app, registry(app.env))
    folder = records_folder(app)
    outfiles.start(app, OUTPUT, lambda: outfiles.sync_folder(folder / RECORDS, items))
    app._rulesref_search_pending = _Pending(  # type: ignore[attr-defined]
        folder, items, chapter_docs
    )


def write_index(outdir: Path, folder: Path, digest: str) -> None:
    """Run the Pagefind binary over the folder of records.

    The binary, not Pagefind's Python service API: the service answers about
    ten requests a second (it polls its pipe), far too slow for a rulebook's
    thousands of items, while the binary indexes a folder in parallel.  Pages
    keep their own paths, so their headings become deep links; an item's
    record carries its permalink as ``href`` (the search page links there).
    """
    from pagefind.service import get_executable

    target = outdir / OUTPUT
    stamp = target / STAMP
    if stamp.is_file() and stamp.read_text(encoding="utf-8") == digest:
        return  # nothing to index has changed since the last build
    binary = get_executable()
    if binary is None:
        raise RuntimeError("the pagefind binary is missing (pip install 'pagefind[bin]')")
    if target.is_dir():
        shutil.rmtree(target)
    result = subprocess.run(
        [str(binary), "--site", str(folder), "--output-path", str(target),
         "--root-selector", ROOT_SELECTOR, "--force-language", "en",
         "--keep-index-url", "--silent"],
        capture_output=True, text=True, check=False,
    )
    if result.returncode:
        raise RuntimeError((result.stderr or result.stdout).strip()[:500])
    stamp.write_text(digest, encoding="utf-8")


def build_index(app: Sphinx, exception: BaseException | None) -> None:
    pending: _Pending | None = getattr(app, "_rulesref_search_pending", None)
    if pending is None:
        return
    app._rulesref_search_pending = None  # type: ignore[attr-defined]
    try:
        outfiles.finish(app, OUTPUT)
        if exception is not None:
            return
        pages = page_records(app, pending.chapter_docs)
        outfiles.sync_folder(pending.folder, pages,
                             manifest=Path(app.doctreedir) / "rulesref-search-pages.json")
        digest = hashlib.sha256(f"{pending.items_digest}\0{_digest(pages)}".encode())
        write_index(Path(app.outdir), pending.folder, digest.hexdigest())
    except (OSError, RuntimeError, ValueError) as error:
        if exception is None:
            logger.warning("rulesref: the search index was not written: %s", error,
                           type="rules", subtype="search")
        return
    logger.info("rulesref: search index of %d rules and %d pages", pending.item_count, len(pages))


def setup(app: Sphinx) -> None:
    app.add_config_value(
        "rulesref_pagefind",
        True,
        "html",
        types=frozenset({bool}),
        description="index the site with Pagefind (when installed) instead of Sphinx's search",
    )
    app.connect("builder-inited", setup_search)
    app.connect("html-collect-pages", search_page)
    app.connect("write-started", start_index)
    app.connect("build-finished", build_index)
