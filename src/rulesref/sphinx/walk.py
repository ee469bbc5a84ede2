"""Finding the nodes of one kind in a page, in one loop.

docutils' ``Node.findall(kind)`` is a recursive generator: every node of the
page, each of the hundreds of thousands of words (``Text``) included, is
handed up through one suspended generator per level above it.  A chapter
page of the real rulebook, its rules' words put back for writing, holds tens
of thousands of nodes ten to fifteen levels deep, and the features that
write it (the lean links, the print targets, the scenarios' source links,
the folded words put back) each looked for their nodes that way: a fifth of
the build's writing went to walking.  :func:`find` visits each element once,
with no generator, and never looks inside a word.
"""

from __future__ import annotations

from typing import TypeVar

from docutils import nodes

N = TypeVar("N", bound=nodes.Node)


def find(root: nodes.Node, kind: type[N]) -> list[N]:
    """Every node of ``kind`` at or below ``root``, in document order (as
    ``list(root.findall(kind))``): a list, so the caller may change the tree
    while going through it."""
    found: list[N] = []
    if isinstance(root, kind):
        found.append(root)
    _collect(root.children, kind, found)
    return found


def _collect(children: list[nodes.Node] | tuple[()], kind: type[N], found: list[N]) -> None:
    # Recursion, not a stack of our own: a page is a few dozen levels deep at
    # most, and a call per element is cheaper than pushing every word.
    for child in children:
        if isinstance(child, kind):
            found.append(child)
        if child.children:
            _collect(child.children, kind, found)
