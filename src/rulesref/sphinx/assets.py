"""The stylesheet and script every page loads (small, no network, no theme needed).

They are copied into ``_static`` when the HTML pages are finished rather than
added to ``html_static_path``: changing a config value at build time makes the
next build believe the configuration changed.
"""

from __future__ import annotations

from pathlib import Path

from sphinx.application import Sphinx
from sphinx.util.fileutil import copy_asset_file

STATIC = Path(__file__).parent / "static"
FILES = ("rulesref.css", "rulesref.js", "rulesref-site.js", "rulesref-search.js")


def copy_static(app: Sphinx, *args: object) -> list[tuple[str, dict[str, object], str]]:
    if app.builder.format == "html":
        target = Path(app.outdir) / "_static"
        target.mkdir(parents=True, exist_ok=True)
        for name in FILES:
            copy_asset_file(STATIC / name, target / name, force=True)
    return []


def setup(app: Sphinx) -> None:
    app.connect("html-collect-pages", copy_static)
    app.add_css_file("rulesref.css")
    # Not deferred: on the search page it must run before searchtools.js so that
    # its splitQuery and Scorer are the ones used (see the file).
    app.add_js_file("rulesref.js")
    app.add_js_file("rulesref-site.js", defer="defer")
