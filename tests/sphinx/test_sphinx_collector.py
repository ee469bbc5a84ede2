"""A build reads and writes with the collector's thresholds raised
(rulesref.batch_gc), a rebuild in the same process too, and each leaves the
thresholds as it found them."""

from __future__ import annotations

import gc

from sphinx.testing.util import SphinxTestApp
from sphinx_site import writable_site

from rulesref import batch_gc


def test_builds_raise_the_thresholds_and_put_them_back(make_app, tmp_path) -> None:
    before = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    try:
        srcdir = writable_site(tmp_path / "site")
        app: SphinxTestApp = make_app("html", srcdir=srcdir)
        during: list[tuple[int, int, int]] = []
        app.connect("doctree-read", lambda app, doctree: during.append(gc.get_threshold()))
        app.connect("doctree-resolved",
                    lambda app, doctree, docname: during.append(gc.get_threshold()))
        app.build()
        assert during and set(during) == {batch_gc.BATCH_THRESHOLDS}
        assert gc.get_threshold() == (700, 10, 10)
        during.clear()
        (srcdir / "authors.md").write_text(
            (srcdir / "authors.md").read_text(encoding="utf-8") + "\nOne more line.\n",
            encoding="utf-8")
        app.build()  # a rebuild in the same process, as rulesref serve makes
        assert during and set(during) == {batch_gc.BATCH_THRESHOLDS}
        assert gc.get_threshold() == (700, 10, 10)
    finally:
        gc.set_threshold(*before)
