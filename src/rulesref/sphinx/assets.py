"""The stylesheet and script every page loads (small, no network, no theme needed)."""

from __future__ import annotations

from pathlib import Path

from sphinx.application import Sphinx

STATIC = Path(__file__).parent / "static"


def add_static(app: Sphinx) -> None:
    if app.builder.format != "html":
        return
    app.config.html_static_path = [*app.config.html_static_path, str(STATIC)]


def setup(app: Sphinx) -> None:
    app.connect("builder-inited", add_static)
    app.add_css_file("rulesref.css")
    # Not deferred: on the search page it must run before searchtools.js so that
    # its splitQuery and Scorer are the ones used (see the file).
    app.add_js_file("rulesref.js")
