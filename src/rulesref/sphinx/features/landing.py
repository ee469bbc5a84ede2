"""The rule a link leads to, on screen as soon as it has arrived.

Why (issue 23): a judge follows a link to a rule two thirds down a chapter
page, on a phone on a thin line.  Chromium scrolls to a page's fragment only
once the whole page is parsed, and with deferred scripts only after they
have run: on the real rulebook's abilities chapter (356 kB, issue 23's
phone without compression) the linked rule was parsed at 1.9 s and shown at
3.2 s, the reader looking at the top of the chapter in between.

So every page starts, first in its head (before the style sheets, so it
waits for none), a few lines of script (``rulesref-landing.js``) that look
for the fragment's element on each frame while the page loads and bring it
into view the first frame it is there.  ``scrollIntoView`` honours the
``scroll-margin-top`` that keeps a rule below the sticky bars, as the
browser's own landing does.  The script stops as soon as the reader
scrolls, taps or types, and once the page is parsed: then the browser's own
landing, and ``rulesref-format.js``'s after it has measured the bars, take
over as before.  An address naming a rule in another form (a number in
capitals) is left to ``rulesref-site.js``.  The abilities rule: 3.23 s →
2.14 s without compression, 2.17 s → 1.80 s compressed
(``benchmarks/bench_phone.py``, 2026-12-08).
"""

from __future__ import annotations

import functools
from typing import Any

from sphinx.application import Sphinx

from rulesref.sphinx.assets import STATIC

SCRIPT = "rulesref-landing.js"


@functools.cache
def inline_script() -> str:
    """The script as a page holds it: without its comment lines and indentation."""
    lines = (line.strip() for line in (STATIC / SCRIPT).read_text(encoding="utf-8").splitlines())
    return "\n".join(line for line in lines if line and not line.startswith("//"))


def add_landing(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any],
                doctree: Any) -> None:
    """``html-page-context``: the script, in the head's first tags (the theme
    writes ``metatags`` before the style sheets)."""
    if app.builder.format == "html":
        context["metatags"] = (context.get("metatags") or "") + (
            f"<script>{inline_script()}</script>\n")


def setup(app: Sphinx) -> None:
    app.connect("html-page-context", add_landing, priority=950)
