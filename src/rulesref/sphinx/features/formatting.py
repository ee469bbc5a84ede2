"""Styles and the one switch for what the CR format shows beyond plain rules.

Timing structures (nested ordered lists whose second level is lettered
"(a)", as the text's "go to (d)" expects), section snippets, and the
highlighting of new text with a switch that hides it: a reader comparing
with the printed rules turns it off, the choice is kept in ``localStorage``.
Without JavaScript the highlighting simply stays on.

The files are copied when the HTML pages are finished (like
:mod:`rulesref.sphinx.assets`), so adding them never looks like a
configuration change to the next build.
"""

from __future__ import annotations

from sphinx.application import Sphinx

from rulesref.sphinx.assets import copy_to_static

FILES = ("rulesref-format.css", "rulesref-format.js")


def copy_static(app: Sphinx, *args: object) -> list[tuple[str, dict[str, object], str]]:
    if app.builder.format == "html":
        copy_to_static(app, FILES)
    return []


def setup(app: Sphinx) -> None:
    app.connect("write-started", copy_static)  # before the pages: see rulesref.sphinx.assets
    app.add_css_file("rulesref-format.css")
    # Not deferred: it sets the page's class before the body is drawn, so
    # hidden highlighting never flashes on.
    app.add_js_file("rulesref-format.js")
