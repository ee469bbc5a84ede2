"""Rebuilding with the same application (``rulesref serve``) writes what a fresh
build of the same sources writes, although it keeps what each chapter made
(rulesref.sphinx.chapter_memo) and each chapter's reading (rulesref.read_cache)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

from sphinx.testing.util import SphinxTestApp
from sphinx_site import NEW_SECTION, writable_site

from rulesref.sphinx.live import reload_sources
from rulesref.sphinx.numbers import SHORT_DIR
from rulesref.sphinx.search import RECORDS, records_folder

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
    edit(chapter8, "sections:\n", NEW_SECTION)
    edit(chapter8, "direct or allow the Corp", "direct or let the Corp")
    reload_sources(app)
    app.build()
    again = made(app)
    app.cleanup()

    fresh_src = tmp_path / "fresh"
    shutil.copytree(srcdir, fresh_src, ignore=shutil.ignore_patterns("_build"))
    fresh: SphinxTestApp = make_app("html", srcdir=fresh_src, confoverrides=THEME)
    fresh.build()
    expected = made(fresh)
    fresh.cleanup()

    addresses, records = again
    assert any("Section 8.3" in text for text in addresses.values())
    assert any("section 8.3" in text and "section 8.2" not in text for text in records.values())
    assert any("direct or let the Corp" in text for text in records.values())
    assert addresses == expected[0]
    assert records == expected[1]
