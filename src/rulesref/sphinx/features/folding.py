"""The words of the rules, folded away while Sphinx walks the pages.

Sphinx applies some forty transforms to every page it reads and a dozen more
to every page it writes; each walks the page's whole tree of nodes.  A rule's
text is most of a chapter page's nodes (a reference is three, a linked term
three more: 47,000 nodes for the real rulebook, against 15,500 for the same
text as plain Markdown pages) and none of those transforms has anything to
do in it: its links are the rules domain's, already decided when the rule
was rendered, and it holds no footnote, substitution, code block or
translatable message.  Walking them was a third of the real rulebook's build.

So, once a page is parsed, the content of each paragraph of rule text is
folded into a single :class:`rr_folded` node (:class:`FoldRuleText`, the first
transform to run); the page is read, pickled and post-transformed with the
rules' words out of the way, and at ``doctree-resolved``, before any other
handler and the writer see the page, they are put back
(:func:`unfold`) and their links resolved by their domain, as Sphinx's
``ReferencesResolver`` would have.

A paragraph is folded only when everything in it is inline markup the
rendering of rules makes (text, spans, emphasis, links to NetrunnerDB, the
rules domain's cross-references, the ``:ref:`` links to scenario boxes, the
copy-link control): an image (which Sphinx must collect when the page is
read) or anything else keeps it unfolded.  A rule with scenarios carries
their count, linked to the first box, in its text: leaving those paragraphs
unfolded kept a quarter of the real rulebook's nodes in the transforms' way
(34,000 nodes in its pages after reading; 26,000 with them folded, 20,000
with the coverage page's lists of rules too).  Paragraphs of no class are
folded inside an element marked :data:`~rulesref.sphinx.nodes.FOLD_WITHIN`:
the scenarios' boxes, whose summaries and stories are words and links
(16,000 nodes; their doctest blocks stay, for the doctest builder and the
traces' links).  The glossary's and the card index's lists are folded whole
(:data:`FOLDED_LISTS`) when their entries hold only words: the glossary is read
again whenever a rule that defines a term is edited.  The link checker
(``-b linkcheck``) collects links in a post-transform, so for it the words are
put back just before (:class:`UnfoldForLinkcheck`).
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from sphinx.addnodes import pending_xref
from sphinx.application import Sphinx
from sphinx.transforms import SphinxTransform
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util import logging

from rulesref.sphinx.domain import rules_domain
from rulesref.sphinx.nodes import FOLD_WITHIN, rr_permalink
from rulesref.sphinx.walk import find

logger = logging.getLogger(__name__)

#: The paragraphs of rule text: what rendering a rule, a glossary entry, a
#: card's mentions, a changelog entry and "Referenced by" make, the lines that
#: link a rule to its scenarios ("2 scenarios", "Scenario under rule …"), and
#: the coverage page's lists of rules with and without scenarios (a link per rule).
FOLDED_PARAGRAPHS = frozenset({
    "rr-text", "rr-snippet", "rr-example-text", "rr-timing-title", "rr-referenced-by",
    "rr-glossary-definition", "rr-card-mentions", "rr-changelog-entry", "rr-diff",
    "rr-scenario-count", "rr-scenario-refs", "rr-coverage-rules",
})
#: The cross-references a folded paragraph may hold: the rules domain's, and the
#: ``:ref:`` links to scenario boxes (a rule's scenario count sits in its text).
FOLDED_XREFS = frozenset({("rules", None), ("std", "ref")})
#: What may be folded (subclasses too: a game symbol is a span).
INLINE = (nodes.Text, nodes.inline, nodes.strong, nodes.emphasis, nodes.reference,
          rr_permalink)
#: The lists folded whole, entries and all: the glossary's and the card index's.
#: A glossary entry is a term, its link and a paragraph per definition: folding
#: only the paragraphs left the real rulebook's glossary 1,961 nodes for every
#: transform to walk (176 now; the card index 2,718, now 10), and the glossary
#: page is read again whenever a rule that defines a term is edited (it took
#: more than the chapter page itself in ``rulesref serve``).
FOLDED_LISTS = frozenset({"rr-glossary-list", "rr-card-list"})
#: The parts of a folded list's entries: the entry, its definition and the
#: elements that hold words (a paragraph, a term, and the lists' own terms,
#: which are ``nodes.Part`` text elements).
ENTRY_PARTS = (nodes.definition_list_item, nodes.definition)


class rr_folded(nodes.Inline, nodes.Element):  # type: ignore[misc]
    """A paragraph's content (or a folded list's entries), held out of the tree
    (``stored``) until the page is written."""

    stored: list[nodes.Node]

    def copy(self) -> rr_folded:
        obj: rr_folded = super().copy()
        obj.stored = self.stored
        return obj

    def deepcopy(self) -> rr_folded:
        obj: rr_folded = super().deepcopy()
        obj.stored = [node.deepcopy() for node in self.stored]
        return obj


def _inline_only(parent: nodes.Element) -> bool:
    """Whether everything below ``parent`` may be folded."""
    for node in parent.children:
        if isinstance(node, pending_xref):
            domain = node.get("refdomain")
            if (domain, None) not in FOLDED_XREFS and (domain, node.get("reftype")) \
                    not in FOLDED_XREFS:
                return False
        elif not isinstance(node, INLINE):
            return False
        if isinstance(node, nodes.Element) and node.children and not _inline_only(node):
            return False
    return True


def _text_holder(node: nodes.Node) -> bool:
    return isinstance(node, (nodes.paragraph, nodes.term)) or (
        isinstance(node, nodes.Part) and isinstance(node, nodes.TextElement))


def _entries_only(parent: nodes.Element) -> bool:
    """Whether ``parent``'s entries are only :data:`ENTRY_PARTS` and text holders
    of inline markup (no title, image, target or code for a transform to see)."""
    for node in parent.children:
        if isinstance(node, ENTRY_PARTS):
            if not _entries_only(node):
                return False
        elif not (_text_holder(node) and _inline_only(node)):
            return False
    return True


def _fold(parent: nodes.Element) -> None:
    holder = rr_folded()
    holder.stored = list(parent.children)
    parent.clear()
    parent += holder


def _within_foldable(node: nodes.Element) -> bool:
    """Whether ``node`` is inside an element marked :data:`FOLD_WITHIN`."""
    parent = node.parent
    while parent is not None:
        if parent.get(FOLD_WITHIN):
            return True
        parent = parent.parent
    return False


class FoldRuleText(SphinxTransform):
    """Fold the content of each paragraph of rule text, before the other
    transforms walk the page."""

    default_priority = 1

    def apply(self, **kwargs: Any) -> None:
        for listing in find(self.document, nodes.definition_list):
            if (listing.children and FOLDED_LISTS.intersection(listing["classes"])
                    and _entries_only(listing)):
                _fold(listing)
        for paragraph in find(self.document, nodes.paragraph):
            if (paragraph.children and (FOLDED_PARAGRAPHS.intersection(paragraph["classes"])
                                        or _within_foldable(paragraph))
                    and _inline_only(paragraph)):
                _fold(paragraph)


def unfold(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Put the rules' words back and resolve their links, first thing at
    ``doctree-resolved`` (the post-transforms, Sphinx's resolution of
    cross-references among them, ran without them).

    The nodes go back by assignment: docutils' ``replace`` sets each child up
    again, looking its document up through every parent, and the nodes
    already belong to this document."""
    resolve = _Resolver(app, docname)
    for holder in find(doctree, rr_folded):
        parent = holder.parent  # a paragraph, or a list folded whole
        assert parent is not None
        parent.children = holder.stored
        for node in holder.stored:
            node.parent = parent
        resolve.within(parent)


class _Resolver:
    """The folded links, resolved as Sphinx's ``ReferencesResolver`` would by
    their domain (what rendering links always exists: a rule's ID, a
    scenario box's label)."""

    def __init__(self, app: Sphinx, docname: str) -> None:
        self.app = app
        self.env = app.env
        self.builder = app.builder
        self.domains = {"rules": rules_domain(app.env), "std": app.env.domains.standard_domain}
        self.docname = docname

    def within(self, parent: nodes.Element) -> None:
        children = parent.children
        for index, child in enumerate(children):
            if isinstance(child, pending_xref):
                new = self.link(child)
                children[index] = new
                new.parent = parent
            elif isinstance(child, nodes.Element) and child.children:
                self.within(child)

    def link(self, ref: pending_xref) -> nodes.Node:
        content = ref.children[0] if ref.children else nodes.inline()
        domain = self.domains[ref["refdomain"]]
        new = domain.resolve_xref(self.env, ref.get("refdoc", self.docname), self.builder,
                                  ref["reftype"], ref["reftarget"], ref, content)
        if new is None:
            logger.warning("rulesref: a link to %s leads nowhere", ref["reftarget"],
                           location=ref, type="ref", subtype="rules")
            return content
        return new


class UnfoldForLinkcheck(SphinxPostTransform):
    """The linkcheck builder collects a page's links in a post-transform
    (``HyperlinkCollector``, priority 800), before ``doctree-resolved``: the
    rules' words are put back just ahead of it, or the links in them (a card's
    NetrunnerDB page, an author's ``{link:}``) would never be checked."""

    builders = ("linkcheck",)
    default_priority = 790

    def run(self, **kwargs: Any) -> None:
        # As Sphinx's own reference resolver reaches the application (Sphinx 9).
        unfold(self.env._app, self.document, self.env.docname)


def setup(app: Sphinx) -> None:
    app.add_node(rr_folded)
    app.add_transform(FoldRuleText)
    app.add_post_transform(UnfoldForLinkcheck)
    app.connect("doctree-resolved", unfold, priority=1)
