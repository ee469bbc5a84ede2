"""Rebuilding with the same application (``rulesref serve``) writes what a fresh
build of the same sources writes, although it keeps what each chapter made
(rulesref.sphinx.chapter_memo) and each chapter's reading (rulesref.read_cache),
and writes a page that shows another's title or contents again exactly when
those changed (rulesref.sphinx.features.toctree_relatives)."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path
from typing import Any

from sphinx.testing.util import SphinxTestApp
from sphinx_site import NEW_SECTION, html_files, page_previews, writable_site

from rulesref.sphinx.chapter_memo import FOLDER as PARTS
from rulesref.sphinx.features.numbers import SHORT_DIR
from rulesref.sphinx.features.search import RECORDS, records_folder
from rulesref.sphinx.live import reload_sources

THEME = {"html_theme": "basic"}


def files(folder: Path) -> dict[str, str]:
    """The site's files (not the manifest, which names the folder it describes)."""
    return {str(path.relative_to(folder)): path.read_text(encoding="utf-8")
            for path in sorted(folder.rglob("*")) if path.is_file()
            and not path.name.startswith(".")}


def made(app: SphinxTestApp) -> tuple[dict[str, str], dict[str, str]]:
    """The short addresses and the search records the build left."""
    return files(Path(app.outdir) / SHORT_DIR), files(records_folder(app) / RECORDS)


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    later = path.stat().st_mtime + 5
    os.utime(path, (later, later))


def test_a_rebuild_in_the_same_process_writes_what_a_fresh_build_writes(
    make_app: Any, tmp_path: Path
) -> None:
    srcdir = writable_site(tmp_path / "site", "netrunner-cr")
    app: SphinxTestApp = make_app("html", srcdir=srcdir, confoverrides=THEME)
    app.build()
    book = srcdir / "books/netrunner-cr"
    # Chapter 8 gains a section: its numbers shift, and so do the words of
    # chapter 4's references to it ("section 8.2" becomes "section 8.3"),
    # although chapter 4's own file is unchanged.  One rule of chapter 8 is
    # edited too.
    chapter8 = book / "08_card_manipulation.yaml"
    out = Path(app.outdir)
    index, page8 = (out / f"rules/netrunner-cr/{name}.html"
                    for name in ("index", "chpt_card_manipulation"))
    edit(chapter8, "sections:\n", NEW_SECTION)
    edit(chapter8, "direct or allow the Corp", "direct or let the Corp")
    written = index.stat().st_mtime_ns
    reload_sources(app)
    app.build()
    # The book's index lists chapter 8's sections: a new one rewrites it.
    assert index.stat().st_mtime_ns != written
    # One more word changes no title: the index stays as it is (Sphinx would
    # write it again, as the toctree parent of a page read again).
    edit(chapter8, "direct or let the Corp", "direct or allow the Corp")
    written, chapter_written = index.stat().st_mtime_ns, page8.stat().st_mtime_ns
    reload_sources(app)
    app.build()
    assert index.stat().st_mtime_ns == written
    assert page8.stat().st_mtime_ns != chapter_written
    again = made(app)
    pages = html_files(out)
    shown = page_previews(out, "netrunner-cr")
    app.cleanup()

    fresh_src = tmp_path / "fresh"
    shutil.copytree(srcdir, fresh_src, ignore=shutil.ignore_patterns("_build"))
    fresh: SphinxTestApp = make_app("html", srcdir=fresh_src, confoverrides=THEME)
    fresh.build()
    expected = made(fresh)
    fresh_pages = html_files(Path(fresh.outdir))
    fresh_shown = page_previews(Path(fresh.outdir), "netrunner-cr")
    fresh.cleanup()

    addresses, records = again
    assert any("Section 8.3" in text for text in addresses.values())
    regions = [region for text in records.values() for region in text.split('<div id="')[1:]]
    assert any("section 8.3" in region and "section 8.2" not in region for region in regions)
    assert any("direct or allow the Corp" in region for region in regions)
    assert addresses == expected[0]
    assert records == expected[1]
    assert pages.keys() == fresh_pages.keys()
    for name, html in pages.items():  # every page, the index it did not rewrite too
        assert html == fresh_pages[name], name
    # The previews of chapter 4, whose file is unchanged, now read "section 8.3".
    chapter4 = shown["rules/netrunner-cr/chpt_game_zones.html"]
    assert any("section 8.3" in str(entry) for entry in chapter4.values())
    assert shown == fresh_shown


def fresh_pages(make_app: Any, srcdir: Path) -> dict[str, bytes]:
    """The pages a fresh build of ``srcdir`` writes."""
    fresh: SphinxTestApp = make_app("html", srcdir=srcdir, confoverrides=THEME)
    fresh.build()
    pages = html_files(Path(fresh.outdir))
    fresh.cleanup()
    return pages


def test_a_new_process_reuses_the_parts_of_unchanged_chapters(
    make_app: Any, tmp_path: Path
) -> None:
    """A fresh application finds each chapter's search records and short
    addresses where the last build kept them, makes again only those of the
    chapters whose content or numbers changed, and writes what a build from
    nothing writes."""
    srcdir = writable_site(tmp_path / "site", "netrunner-cr")
    first: SphinxTestApp = make_app("html", srcdir=srcdir, confoverrides=THEME)
    first.build()
    first.cleanup()
    parts = Path(first.doctreedir) / PARTS
    before = {path.name: path.stat().st_mtime_ns for path in parts.iterdir()}
    # Chapter 8 gains a section: every number of its book may read differently,
    # while the mini book is untouched.
    edit(srcdir / "books/netrunner-cr/08_card_manipulation.yaml", "sections:\n", NEW_SECTION)
    second: SphinxTestApp = make_app("html", srcdir=srcdir, confoverrides=THEME)
    second.build()
    again = made(second)
    shown = page_previews(Path(second.outdir), "netrunner-cr")
    second.cleanup()
    after = {path.name: path.stat().st_mtime_ns for path in parts.iterdir()}
    # Three kinds of part (records, short addresses, previews) for each chapter:
    # the CR's two chapters made again, the mini book's one chapter read back.
    assert len(before) == len(after) == 9
    assert sum(after[name] != before[name] for name in after) == 6

    fresh_src = tmp_path / "fresh"
    shutil.copytree(srcdir, fresh_src, ignore=shutil.ignore_patterns("_build"))
    fresh: SphinxTestApp = make_app("html", srcdir=fresh_src, confoverrides=THEME)
    fresh.build()
    expected = made(fresh)
    fresh_shown = page_previews(Path(fresh.outdir), "netrunner-cr")
    fresh.cleanup()
    assert any("Section 8.3" in text for text in again[0].values())
    assert again == expected
    assert shown == fresh_shown


def test_kept_parts_follow_the_addresses_of_the_pages(make_app: Any, tmp_path: Path) -> None:
    """Another page suffix: the kept search records would link to pages that
    are no longer there, so they are made again."""
    srcdir = writable_site(tmp_path / "site")
    first: SphinxTestApp = make_app("html", srcdir=srcdir, confoverrides=THEME)
    first.build()
    first.cleanup()
    second: SphinxTestApp = make_app(
        "html", srcdir=srcdir, confoverrides={**THEME, "html_file_suffix": ".xhtml"})
    second.build()
    records = made(second)[1]
    second.cleanup()
    pages = [m for text in records.values()
             for m in re.findall(r'data-pagefind-meta="page">([^<]*)<', text)]
    assert pages and all(page.endswith(".xhtml") for page in pages), pages[:3]


def change(path: Path, old: str, new: str) -> None:
    """Edit ``path`` now (its modification time the clock's: a time in the
    future, as :func:`edit` gives, would have the next builds read it again)."""
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_pages_showing_a_title_are_written_again_exactly_when_it_changes(
    make_app: Any, tmp_path: Path
) -> None:
    """The home page's toctree and every page's navigation show the authors'
    page's title; the book's index lists the chapter's sections."""
    srcdir = writable_site(tmp_path / "site")
    app: SphinxTestApp = make_app("html", srcdir=srcdir, confoverrides=THEME)
    app.build()
    out = Path(app.outdir)
    pages = ("index", "authors", "rules/mini/index", "rules/mini/chpt_mini")
    steps: list[tuple[str, dict[str, bytes], Path]] = []

    def rebuild(step: str) -> set[str]:
        """Rebuild in the same process; the pages written again.  The sources and
        pages of each step are kept, to compare with fresh builds of the same
        sources once this application is done (two applications in one process
        at once share docutils' registrations)."""
        before = {name: (out / f"{name}.html").stat().st_mtime_ns for name in pages}
        reload_sources(app)
        app.build()
        sources = tmp_path / f"fresh-{step}"
        shutil.copytree(srcdir, sources, ignore=shutil.ignore_patterns("_build"))
        steps.append((step, html_files(out), sources))
        return {name for name in pages if (out / f"{name}.html").stat().st_mtime_ns
                != before[name]}

    # One word in a rule and one in the authors' page: no title changed, so
    # neither toctree parent is written again (Sphinx would write both).
    change(srcdir / "books/mini/mini.yaml", "is to tap it", "is to turn it")
    change(srcdir / "authors.md", "in other words", "put otherwise")
    assert rebuild("words") == {"authors", "rules/mini/chpt_mini"}
    # A new section: the home page's toctree lists it (and nothing else shows it).
    change(srcdir / "authors.md", "Any role:", "## Also for authors\n\nAny role:")
    assert rebuild("section") == {"authors", "index"}
    change(srcdir / "authors.md", "## Also for authors", "## Also for rules teams")
    assert rebuild("section renamed") == {"authors", "index"}
    # A new title: the home page lists it, and every page's navigation shows
    # it (here, the page before it links to it).
    change(srcdir / "authors.md", "# For authors", "# For rules authors")
    assert rebuild("title") == set(pages)
    # The page goes: the page before it now links elsewhere.
    change(srcdir / "index.md", "authors\n", "")
    (srcdir / "authors.md").unlink()
    assert rebuild("removed") == set(pages) - {"authors"}
    app.cleanup()
    for step, built, sources in steps:
        fresh = fresh_pages(make_app, sources)
        # Sphinx leaves a removed page's old file; every page the sources make
        # must be what a fresh build makes.
        assert fresh.keys() <= built.keys()
        for name, html in fresh.items():
            assert built[name] == html, f"{step}: {name}"
