"""The theme's markup around the rules, lighter (issue 23, light pages).

Furo writes about 18 kB around each page's text, most of it the same on every
page, so a phone fetches it again with every chapter:

* a sprite of inline SVG symbols (about 6 kB: the menu, contents, arrow and
  the four light/dark icons).  ``templates/partials/icons.html`` replaces it
  with nothing, and ``rulesref.css`` draws each icon as a CSS mask on the
  ``<svg>`` the theme still writes, so they come once, with the style sheet,
  in the text's colour in light and dark;
* the templates' indentation (1 to 2 kB a page), which :func:`compact` takes
  out of every page as it is written: leading blanks of each line, and blank
  lines, never inside ``<pre>``, ``<textarea>`` or ``<script>``, where white
  space is kept as written.  Collapsed white space reads the same in HTML.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.config import Config

TEMPLATES = Path(__file__).parent.parent / "templates"

#: Where white space is the content: kept as written.
_KEPT = re.compile(r"(<(pre|textarea|script)\b.*?</\2>)", re.S | re.I)
_INDENT = re.compile(r"\n[ \t\r\n]+")


def compact(html: str) -> str:
    """``html`` without the blanks that start its lines (and without blank lines)."""
    parts = _KEPT.split(html)
    # split() with two groups gives [text, kept, tag name, text, kept, tag name, …]
    out = []
    for at, part in enumerate(parts):
        if at % 3 == 0:
            out.append(_INDENT.sub("\n", part))
        elif at % 3 == 1:
            out.append(part)
    return "".join(out)


def add_templates(app: Sphinx, config: Config) -> None:
    """rulesref's template overrides come before the theme's (and after a
    project's own, which may override them in turn)."""
    folder = str(TEMPLATES)
    if folder not in config.templates_path:
        config.templates_path.append(folder)


def compact_pages(app: Sphinx) -> None:
    if app.builder.format != "html" or not hasattr(app.builder, "templates"):
        return
    templates = app.builder.templates
    render = templates.render

    def compacted(template: str, context: dict[str, Any]) -> str:
        return compact(render(template, context))

    templates.render = compacted


def setup(app: Sphinx) -> None:
    app.connect("config-inited", add_templates)
    app.connect("builder-inited", compact_pages)
