"""``rulesref.sphinx.walk.find`` finds what docutils' ``findall`` finds, in the
same order, on random trees of the nodes a page is made of (words, spans,
links, paragraphs, boxes, sections, subclasses of them), from any node of the
tree, for a kind, a base class of several kinds, or a kind the tree lacks."""

from __future__ import annotations

from typing import Any

from docutils import nodes
from hypothesis import given
from hypothesis import strategies as st

from rulesref.sphinx.walk import find


class special_reference(nodes.reference):  # type: ignore[misc]
    """A subclass, as the lean links and the rules' own nodes are."""


ELEMENTS: list[type[nodes.Element]] = [
    nodes.inline, nodes.emphasis, nodes.reference, special_reference, nodes.paragraph,
    nodes.container, nodes.section, nodes.literal_block,
]
KINDS: list[type[nodes.Node]] = [*ELEMENTS, nodes.Text, nodes.Element, nodes.Inline,
                                 nodes.Node, nodes.title]


def tree(depth: int) -> st.SearchStrategy[nodes.Node]:
    text = st.text(max_size=3).map(nodes.Text)
    if depth == 0:
        return text
    return st.one_of(text, st.tuples(st.sampled_from(ELEMENTS),
                                     st.lists(tree(depth - 1), max_size=4)).map(_element))


def _element(made: tuple[type[nodes.Element], list[nodes.Node]]) -> nodes.Element:
    kind, children = made
    node = kind()
    node.extend(children)
    return node


def _all(node: nodes.Node) -> list[nodes.Node]:
    return list(node.findall())


@given(tree(5), st.sampled_from(KINDS), st.data())
def test_find_is_findall(root: nodes.Node, kind: type[nodes.Node], data: Any) -> None:
    start = data.draw(st.sampled_from(_all(root)))
    found = find(start, kind)
    expected = list(start.findall(kind))
    assert len(found) == len(expected)
    assert all(a is b for a, b in zip(found, expected, strict=True))


def test_the_caller_may_change_the_tree_while_going_through() -> None:
    page = nodes.paragraph("", "", nodes.reference("", "a"), nodes.reference("", "b"))
    for link in find(page, nodes.reference):
        link.replace_self(nodes.Text(link.astext()))
    assert page.astext() == "ab" and not find(page, nodes.reference)
