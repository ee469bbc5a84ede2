"""The two docutils nodes the standard set lacks.

* :class:`rr_icon`: game symbols ([click], [c] …) and images that do not exist
  yet, as ``<span role="img" aria-label="…">`` so screen readers announce them,
  with their text alternative as content, so search indexes it and every
  non-HTML builder simply prints the text.
* :class:`rr_permalink`: the "copy link" control next to a rule's number.  Like
  the ¶ Sphinx puts beside headings, it is drawn by the HTML writer (honouring
  ``html_permalinks``) and left out of text, LaTeX and other outputs.

Everything else the extension renders uses standard nodes with classes, which
every builder already knows.
"""

from __future__ import annotations

from html import escape
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.writers.html5 import HTML5Translator

#: An element's attribute (never written out) saying that its paragraphs are
#: words and links only, which no transform needs to see: the folding feature
#: (:mod:`rulesref.sphinx.features.folding`) folds those of inline markup, as it
#: folds the rules' text.  The scenarios' boxes carry it.
FOLD_WITHIN = "rr_fold_within"


class rr_icon(nodes.inline):  # type: ignore[misc]
    """An icon with a text alternative: ``label`` is what it is called aloud."""


class rr_permalink(nodes.Inline, nodes.Element):  # type: ignore[misc]
    """A permanent link to ``anchor``; ``title`` says what it links to."""


def make_icon(label: str, text: str, classes: list[str]) -> rr_icon:
    node = rr_icon(text, text, classes=classes)
    node["label"] = label
    return node


def make_permalink(anchor: str, title: str) -> rr_permalink:
    return rr_permalink(anchor=anchor, title=title)


def visit_icon_html(self: HTML5Translator, node: rr_icon) -> None:
    self.body.append(self.starttag(node, "span", "", role="img",
                                   **{"aria-label": node["label"]}))


def depart_icon_html(self: HTML5Translator, node: rr_icon) -> None:
    self.body.append("</span>")


def visit_as_inline(self: Any, node: rr_icon) -> None:
    self.visit_inline(node)


def depart_as_inline(self: Any, node: rr_icon) -> None:
    self.depart_inline(node)


def visit_permalink_html(self: HTML5Translator, node: rr_permalink) -> None:
    """The rule's "copy link" control: a real link to the rule's permanent anchor
    (so it works without JavaScript and is reached by Tab), always visible;
    ``rulesref-site.js`` makes activating it copy the address."""
    if self.config.html_permalinks and self.builder.add_permalinks:
        title = str(node["title"])
        what = title.removeprefix("Link to ")
        label = escape(f"Copy link to {what}")
        # The icon is one CSS mask (rulesref.css), not an inline SVG in each of a
        # chapter's hundreds of links; the tooltip is added on hover (rulesref-site.js).
        self.body.append(
            f'<a class="headerlink rr-permalink" href="#{escape(node["anchor"])}" '
            f'aria-label="{label}"></a>'
        )
    raise nodes.SkipNode


def skip(self: Any, node: nodes.Element) -> None:
    raise nodes.SkipNode


def setup(app: Sphinx) -> None:
    inline = (visit_as_inline, depart_as_inline)
    app.add_node(rr_icon, html=(visit_icon_html, depart_icon_html), latex=inline,
                 text=inline, man=inline, texinfo=inline)
    app.add_node(rr_permalink, html=(visit_permalink_html, None), latex=(skip, None),
                 text=(skip, None), man=(skip, None), texinfo=(skip, None))
