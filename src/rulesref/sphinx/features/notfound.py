"""The 404 page: where a mistyped address leads, with the number box to go on from.

Static hosts (GitHub Pages, Netlify, most others) serve ``404.html`` for any
address they do not have.  The page says so in plain words and offers the
"go to rule" box; a short address typed in capitals (``r/8.1.2E/``) is retried
in lower case by a script of its own (:data:`FOLD_CASE`).  A 404 page is served at the missing
address, so its relative links would point into a folder that does not
exist: with ``html_baseurl`` set, a ``<base>`` element anchors them at the
site's root (without it they work where the host serves the root's 404).
"""

from __future__ import annotations

from collections.abc import Iterator
from html import escape
from typing import Any

from sphinx.application import Sphinx

PAGE = "404"

BODY = """
<section class="rr-notfound" id="page-not-found">
<h1>Page not found</h1>
<p>There is nothing at this address. If you were looking for a rule, type its
number (for example <code>8.1.2e</code>) or a few of its words in the
<strong>Go to rule</strong> box above.</p>
<p>Every rule also has a short address: <code>r/</code> followed by its number and a
slash, such as <code>r/8.1.2e/</code>. Or start again from the
<a href="{home}">list of rulebooks</a>.</p>
</section>
<script>{fold}</script>
"""

#: A short address typed with capitals (``r/8.1.2E/``, ``r/Book/8.1.2e/``) goes
#: to the address in lower case, in which every short address is written
#: (``r/<number>/`` is also written in capitals, for hosts without a 404 page).
#: Inline: the page is served at the missing address, where its relative
#: ``_static/`` scripts are not found unless ``html_baseurl`` is set.
FOLD_CASE = (
    "(function(){var p=location.pathname,"
    "m=/\\/r\\/(?:[a-z][a-z0-9_-]*\\/)?[^\\/]+\\/?(?:index\\.html)?$/i.exec(p);"
    "if(m&&m[0]!==m[0].toLowerCase()){"
    "location.replace(p.slice(0,p.length-m[0].length)+m[0].toLowerCase()+location.hash);}})();"
)


def notfound_page(app: Sphinx) -> Iterator[tuple[str, dict[str, Any], str]]:
    if app.builder.name == "html":
        body = BODY.format(home="index.html", fold=FOLD_CASE)
        yield PAGE, {"title": "Page not found", "body": body, "rr_notfound": True}, "page.html"


def anchor_links(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    base = app.config.html_baseurl
    if pagename == PAGE and context.get("rr_notfound") and base:
        tag = f'<base href="{escape(base.rstrip("/") + "/")}">'
        context["metatags"] = tag + context.get("metatags", "")


def setup(app: Sphinx) -> None:
    app.connect("html-collect-pages", notfound_page)
    app.connect("html-page-context", anchor_links)
