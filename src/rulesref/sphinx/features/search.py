"""Search that answers: Pagefind, with one record per rule, rules before pages.

Why Pagefind rather than Sphinx's own search (measured on this site; see
docs/site.md): Sphinx indexes whole pages, so a word match opens a chapter
at its top, shows no rule text, and ranks Python API names among the rules;
its index is one file that every search downloads whole (megabytes at the
real CR's size).  Pagefind is a static index split in small fragments that
a search fetches on demand, ranks with BM25, and returns a snippet with the
words marked and the record's own URL.

What is indexed, in two Pagefind bundles that the search page merges:

* ``_pagefind/``: the numbered items of every book, a chapter's items in one
  record (or a few, for a long chapter: :data:`RECORD_CHARS`), each item a
  region of its own (``<div id="anchor">``) that the search page turns into a
  result: its number, first words and snippet, linking to the item's
  permalink.  A term the item defines weighs more, so "hidden zone" finds the
  rule that defines a hidden zone first.  Its records come from the model, so
  it is written while Sphinx reads and writes the pages;
* ``_pagefind-pages/``: every other page (book index, card index, guides) by
  its main content, tagged ``page``, and the API reference, tagged ``api``,
  after the HTML pages are written.  Pages that repeat rule text (the
  glossary, What's new, Changes) say ``nosearch`` and stay out.

A record per item made Pagefind write a fragment file per item (1,623 for
the real rulebook, beside 1,623 record files in the doctree folder): on a
disk where creating a file costs half a millisecond, more than rendering the
rule.  A record per chapter holds the same words; the search page reads the
items' regions from Pagefind's ``anchors`` and ``weighted_locations`` (what
its own sub-results are made of) and ranks them itself (``rulesref-search.js``).

The chapter pages themselves are not indexed: their items are.  The search
page (``search.html``, generated here in place of Sphinx's) shows rules
first, then pages, then the API reference.  Where Pagefind is not installed,
Sphinx's search stays as it was.
"""

from __future__ import annotations

import functools
import hashlib
import json
import subprocess
from collections.abc import Callable, Iterator
from html import escape
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.fileutil import copy_asset_file

from rulesref.model import Inlines, Item, NewText, Ref, Rulebook, Term, plain_text, walk_inlines
from rulesref.numbering import document_text
from rulesref.sphinx import outfiles
from rulesref.sphinx.audience import plain_words
from rulesref.sphinx.chapter_memo import per_chapter
from rulesref.sphinx.registry import LoadedBook, Registry, registry
from rulesref.sphinx.targets import numbered_items

logger = logging.getLogger(__name__)

#: The rules' bundle (the one the search page loads) and the pages' bundle,
#: which the search page merges into it: two Pagefind runs, so the rules are
#: indexed while the HTML is written and a rebuild re-indexes only the
#: bundle whose records changed.
OUTPUT = "_pagefind"
PAGES_OUTPUT = "_pagefind-pages"
#: The record folders, below :func:`records_folder`.
RECORDS = "rules"
PAGES = "pages"
#: Bundles replaced by newer ones, deleted in the background.
TRASH = "trash"
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
<script defer src="_static/rulesref/base-stemmer.js"></script>
<script defer src="_static/rulesref/english-stemmer.js"></script>
<script type="module" src="_static/rulesref-search.js"></script>
"""


#: Snowball's English stemmer, as Sphinx ships it for its own search (the
#: algorithm Pagefind stems with): the search page tells a form of a word
#: ("rezzed" for "rez") from another word that starts alike ("runner" for "run").
STEMMERS = ("base-stemmer.js", "english-stemmer.js")


def copy_stemmer(app: Sphinx) -> None:
    import sphinx.search

    folder = Path(app.outdir) / "_static" / "rulesref"
    folder.mkdir(parents=True, exist_ok=True)
    source = Path(sphinx.search.__file__).parent / "minified-js"
    for name in STEMMERS:
        copy_asset_file(source / name, folder / name, force=True)


def search_page(app: Sphinx) -> Iterator[tuple[str, dict[str, Any], str]]:
    if use_pagefind(app):
        copy_stemmer(app)
        body = SEARCH_BODY.format(action="search.html")
        yield "search", {"title": "Search", "body": body, "rr_search": True}, "page.html"


# --------------------------------------------------------------------------
# The index


def reader_text(inlines: Inlines, book: Rulebook) -> str:
    """Words as a reader meets them: references as "rule 8.1.2e", and one that
    leads nowhere yet as its plain words ('rule “cost paid checkpoint”'), never
    a raw ID (search snippets and titles are read out of context)."""
    out: list[str] = []
    for node in inlines:
        if isinstance(node, Ref) and any(book.get(ident) is None for ident in node.ids):
            out.append(", ".join(plain_words(ident) for ident in node.source_ids))
        elif isinstance(node, NewText):
            out.append(reader_text(node.children, book))
        else:
            out.append(document_text((node,), book))
    return "".join(out)


def weighted_html(inlines: Inlines, book: Rulebook) -> str:
    """An item's text as HTML in which the terms it defines weigh more."""
    out: list[str] = []
    for node in inlines:
        if isinstance(node, Term):
            out.append(f'<b data-pagefind-weight="{TERM_WEIGHT}">{escape(node.text)}</b>')
        elif isinstance(node, NewText):
            out.append(weighted_html(node.children, book))
        else:
            out.append(escape(reader_text((node,), book)))
    return "".join(out)


def title_words(item: Item, book: Rulebook) -> str:
    text = reader_text(item.toc_entry or item.text, book)
    words = text.split()
    short = " ".join(words[:TITLE_WORDS])
    return short + ("…" if len(words) > TITLE_WORDS else "")


#: How an item's region starts in a record.
REGION = '<div id="'


def item_region(book: LoadedBook, item: Item, anchor: str) -> str:
    """One numbered item's words in its chapter's record: a region of its own,
    whose ``id`` is the item's anchor (Pagefind lists it among the record's
    ``anchors``, at the word where it starts)."""
    examples = "".join(
        f"<p>Example: {weighted_html(example.text, book.book)}</p>" for example in item.examples
    )
    return (f'{REGION}{escape(anchor)}"><p>{weighted_html(item.text, book.book)}</p>'
            f"{examples}</div>")


def item_facts(item: Item, book: Rulebook) -> list[str]:
    """What a result shows of an item besides its words, and what ranks it:
    [number, first words, the terms it defines]."""
    defines = " ".join(node.text for node in walk_inlines(item.text) if isinstance(node, Term))
    return [item.number, title_words(item, book), defines]


def record_html(book: LoadedBook, page: str, chapter: str,
                items: list[tuple[Item, str, str]]) -> str:
    """A run of one chapter page's items (each with its anchor and region) as a
    small HTML document for Pagefind: the page's address and each item's
    facts as metadata (by anchor), then the regions."""
    facts = {anchor: item_facts(item, book.book) for item, anchor, _ in items}
    meta = {"page": page, "book": book.title, "chapter": chapter,
            "items": json.dumps(facts, ensure_ascii=False, separators=(",", ":"))}
    hidden = "".join(
        f'<span data-pagefind-meta="{key}">{escape(value)}</span>'
        for key, value in meta.items()
        if value
    )
    regions = "".join(region for _, _, region in items)
    return (
        '<html lang="en"><head><meta charset="utf-8"></head><body>'
        f'<main role="main" data-pagefind-filter="kind:rule">'
        f'<div data-pagefind-ignore="index">{hidden}</div>{regions}</main></body></html>'
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
    """Record file → html of every book's numbered items, and the chapter
    pages (whose items are indexed instead of the pages)."""
    items: dict[str, str] = {}
    chapter_docs: set[str] = set()
    for book in reg:
        for chapter in book.book.chapters:
            chapter_docs.add(book.chapter_page(chapter))
            items.update(per_chapter(app, "search", book, chapter,
                                     functools.partial(chapter_records, app, book, chapter)))
    return items, chapter_docs


#: About how many characters of record a chapter's items are split into: a
#: search loads the records it hits whole, so a long chapter (ten times the
#: real rulebook's) is several records rather than one of megabytes.
RECORD_CHARS = 60_000


def chapter_records(app: Sphinx, book: LoadedBook, chapter: Item) -> dict[str, str]:
    """The records of a chapter's items, in page order, each under
    :data:`RECORD_CHARS`; an item that could not be read has no words to
    find and stays out.  Files are named by book, chapter and place, so an
    unchanged chapter leaves its files alone."""
    label = f"{chapter.number} {plain_text(chapter.toc_entry or chapter.text)}".strip()
    runs: list[tuple[str, list[tuple[Item, str, str]]]] = []
    size = 0
    for item, url in numbered_items(app.builder, book, chapter):
        if item.unreadable:
            continue
        page, anchor = url.split("#", 1)
        region = item_region(book, item, anchor)
        if not runs or runs[-1][0] != page or size + len(region) > RECORD_CHARS:
            runs.append((page, []))
            size = 0
        runs[-1][1].append((item, anchor, region))
        size += len(region)
    records: dict[str, str] = {}
    for index, (page, items) in enumerate(runs):
        name = hashlib.blake2b(f"{book.slug}\0{chapter.id}\0{index}".encode(), digest_size=10)
        records[f"{name.hexdigest()}.html"] = record_html(book, page, label, items)
    return records


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
        if uri.startswith(("/", ".")):
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

    def __init__(self, folder: Path, item_count: int, chapter_docs: set[str]) -> None:
        self.folder = folder
        self.item_count = item_count
        self.chapter_docs = chapter_docs


def records_folder(app: Sphinx) -> Path:
    """The folders Pagefind indexes: kept in the doctree cache between builds,
    so a rebuild rewrites only the records that changed."""
    return Path(app.doctreedir) / "rulesref-search"


def start_index(app: Sphinx, *_: object) -> None:
    """Index the rules while Sphinx reads and writes the pages: their records
    come from the model, which is loaded before anything is read, so the
    rules' bundle (by far the larger) is written beside Sphinx's own work;
    the pages' bundle follows at the end."""
    app._rulesref_search_pending = None  # type: ignore[attr-defined]
    if not use_pagefind(app):
        return
    items, chapter_docs = item_records(app, registry(app.env))
    folder = records_folder(app)
    target = Path(app.outdir) / OUTPUT
    app._rulesref_search_pending = _Pending(  # type: ignore[attr-defined]
        folder, sum(html.count(REGION) for html in items.values()), chapter_docs
    )
    outfiles.empty_trash(folder / TRASH)  # what earlier builds replaced

    def index_rules() -> None:
        outfiles.sync_folder(folder / RECORDS, items)
        write_index(target, folder / RECORDS, items, folder / TRASH)

    outfiles.start(app, OUTPUT, index_rules)


def write_index(target: Path, site: Path, records: dict[str, str], trash: Path) -> None:
    """Run the Pagefind binary over a folder of ``records`` (name → html, as
    written there), into ``target``.

    The binary, not Pagefind's Python service API: the service answers about
    ten requests a second (it polls its pipe), far too slow for a rulebook's
    thousands of items, while the binary indexes a folder in parallel.  Pages
    keep their own paths, so their headings become deep links; an item's
    record carries its permalink as ``href`` (the search page links there).
    """
    from pagefind.service import get_executable

    if not records:  # nothing to index: Pagefind would fail, and the search page
        outfiles.discard(target, trash)  # does without this bundle
        return
    digest = _digest(records)
    stamp = target / STAMP
    if stamp.is_file() and stamp.read_text(encoding="utf-8") == digest:
        return  # nothing to index has changed since the last build
    binary = get_executable()
    if binary is None:
        raise RuntimeError("the pagefind binary is missing (pip install 'pagefind[bin]')")
    # Pagefind adds to a bundle and never removes: it writes a fresh one.
    outfiles.discard(target, trash)
    result = subprocess.run(
        [str(binary), "--site", str(site), "--output-path", str(target),
         "--root-selector", ROOT_SELECTOR, "--force-language", "en",
         "--keep-index-url", "--silent"],
        capture_output=True, text=True, check=False,
    )
    if result.returncode:
        message = (result.stderr or result.stdout).strip()[:500]
        raise RuntimeError(message or f"pagefind exited {result.returncode}")
    stamp.write_text(digest, encoding="utf-8")


def build_index(app: Sphinx, exception: BaseException | None) -> None:
    pending: _Pending | None = getattr(app, "_rulesref_search_pending", None)
    if pending is None:
        return
    app._rulesref_search_pending = None  # type: ignore[attr-defined]
    pages: dict[str, str] = {}
    steps: list[Callable[[], object]] = []
    if exception is None:
        def index_pages() -> None:
            pages.update(page_records(app, pending.chapter_docs))
            outfiles.sync_folder(pending.folder / PAGES, pages,
                                 manifest=Path(app.doctreedir) / "rulesref-search-pages.json")
            write_index(Path(app.outdir) / PAGES_OUTPUT, pending.folder / PAGES, pages,
                        pending.folder / TRASH)

        steps.append(index_pages)
    # The rules' bundle is waited for whatever happened, so no thread or
    # process outlives the build; ``rulesref serve`` lets it finish after the
    # build (the pages are what an author waits for), and the next build or
    # :func:`wait_for_index` waits for it.
    if exception is not None or not app.config.rulesref_search_in_background:
        steps.append(lambda: outfiles.finish(app, OUTPUT))
    failed = False
    for step in steps:
        try:
            step()
        except (OSError, RuntimeError, ValueError) as error:
            failed = True
            if exception is None:
                _not_written(error)
    if exception is None and not failed:
        logger.info("rulesref: search index of %d rules and %d pages",
                    pending.item_count, len(pages))


def indexing(app: Sphinx) -> bool:
    """Whether the rules' bundle is still being written (``rulesref serve``)."""
    return outfiles.running(app, OUTPUT)


def wait_for_index(app: Sphinx) -> None:
    """Wait for the rules' bundle a build left in the background; its errors
    are warnings, as at the end of a build."""
    try:
        outfiles.finish(app, OUTPUT)
    except (OSError, RuntimeError, ValueError) as error:
        _not_written(error)


def _not_written(error: Exception) -> None:
    logger.warning("rulesref: the search index was not written: %s", error,
                   type="rules", subtype="search")


def setup(app: Sphinx) -> None:
    app.add_config_value(
        "rulesref_search_in_background",
        False,
        "",
        types=frozenset({bool}),
        description="finish the rules' search bundle after the build returns (rulesref serve)",
    )
    app.add_config_value(
        "rulesref_pagefind",
        True,
        "html",
        types=frozenset({bool}),
        description="index the site with Pagefind (when installed) instead of Sphinx's search",
    )
    app.connect("builder-inited", setup_search)
    app.connect("html-collect-pages", search_page)
    app.connect("env-before-read-docs", start_index)
    app.connect("build-finished", build_index)
