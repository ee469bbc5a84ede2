"""The menu lists what a reader can read: sections without rules are left out.

A chapter may announce sections whose rules are not written yet (8.6 to 8.8 in
the seeds).  Their headings stay on the page, with their anchors, so a
reference to them still lands; but the sidebar and the page's contents
would offer them as places to go, so their entries are removed from the
page's table of contents once Sphinx has collected it.
"""

from __future__ import annotations

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx

EMPTY_CLASS = "rr-empty"


def empty_sections(doctree: nodes.document) -> set[str]:
    """IDs of the rules sections whose only content is the "no rules yet" line."""
    out: set[str] = set()
    for section in doctree.findall(nodes.section):
        if "rr-item" not in section["classes"]:
            continue
        if any(
            isinstance(child, nodes.paragraph) and EMPTY_CLASS in child["classes"]
            for child in section.children
        ):
            out.update(section["ids"])
    return out


def prune_toc(app: Sphinx, doctree: nodes.document) -> None:
    toc = app.env.tocs.get(app.env.docname)
    empty = empty_sections(doctree)
    if toc is None or not empty:
        return
    anchors = {f"#{ident}" for ident in empty}
    for reference in list(toc.findall(nodes.reference)):
        if reference.get("anchorname") in anchors:
            item = reference.parent
            while item is not None and not isinstance(item, nodes.list_item):
                item = item.parent
            if item is not None and item.parent is not None:
                parent = item.parent
                parent.remove(item)
                if isinstance(parent, nodes.bullet_list) and not parent.children and isinstance(
                    parent.parent, (nodes.list_item, addnodes.compact_paragraph)
                ):
                    parent.parent.remove(parent)


def setup(app: Sphinx) -> None:
    # After Sphinx's TocTreeCollector (priority 500) has built the page's contents.
    app.connect("doctree-read", prune_toc, priority=600)
