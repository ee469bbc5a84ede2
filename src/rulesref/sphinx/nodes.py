"""The one docutils node the standard set lacks: an accessible icon.

Game symbols ([click], [c] …) and images that do not exist yet are shown as
``<span role="img" aria-label="…">`` so screen readers announce them, with
their text alternative as content, so search indexes it and every non-HTML
builder simply prints the text.  Everything else the extension renders uses
standard nodes with classes, which every builder already knows.
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.writers.html5 import HTML5Translator


class rr_icon(nodes.inline):  # type: ignore[misc]
    """An icon with a text alternative: ``label`` is what it is called aloud."""


def make_icon(label: str, text: str, classes: list[str]) -> rr_icon:
    node = rr_icon(text, text, classes=classes)
    node["label"] = label
    return node


def visit_icon_html(self: HTML5Translator, node: rr_icon) -> None:
    self.body.append(self.starttag(node, "span", "", role="img", **{"aria-label": node["label"]}))


def depart_icon_html(self: HTML5Translator, node: rr_icon) -> None:
    self.body.append("</span>")


def visit_as_inline(self: Any, node: rr_icon) -> None:
    self.visit_inline(node)


def depart_as_inline(self: Any, node: rr_icon) -> None:
    self.depart_inline(node)


def setup(app: Sphinx) -> None:
    inline = (visit_as_inline, depart_as_inline)
    app.add_node(
        rr_icon,
        html=(visit_icon_html, depart_icon_html),
        latex=inline,
        text=inline,
        man=inline,
        texinfo=inline,
    )
