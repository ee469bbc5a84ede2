"""Roles for authors of pages around the rules (MyST or reST).

``{rules:ref}`rule_rez_procedure``` → "rule 8.1.2e", linked;
``{rules:ref}`the rez procedure <rule_rez_procedure>``` keeps the author's text;
``{rules:number}`rule_rez_procedure``` → "8.1.2e";
``{rules:term}`Rez``` → the definition of "rez" (case is ignored);
``{rules:card}`Harbinger``` → NetrunnerDB, with the card's facts on hover.

Targets may name their book (``netrunner-cr:rule_rez_procedure``) when two
books share an ID.  A target no book has is left to intersphinx (another
rulesref site's ``objects.inv``); if nothing resolves it, it is shown as
unresolved and reported once, by :func:`report_unresolved`.
"""

from __future__ import annotations

from docutils import nodes
from docutils.nodes import Element, Node, TextElement, system_message
from sphinx.addnodes import pending_xref
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.roles import XRefRole
from sphinx.util import logging
from sphinx.util.docutils import SphinxRole

from rulesref.cards import card_table
from rulesref.checks import UNKNOWN_CARD, UNRESOLVED
from rulesref.sphinx.incremental import note_shown
from rulesref.sphinx.references import resolve_ref, resolve_term, role_text
from rulesref.sphinx.registry import registry
from rulesref.sphinx.render_inline import render_card

logger = logging.getLogger(__name__)


def _warn_ambiguous(refnode: Element, target: str, chosen: str, others: tuple[str, ...]) -> None:
    logger.warning(
        "'%s' is in several books (%s); linking to %s: write '%s:%s' to choose",
        target,
        ", ".join((chosen, *others)),
        chosen,
        chosen,
        target,
        location=refnode,
        type="rules",
        subtype="ambiguous",
    )


class RefRole(XRefRole):
    """Links to a numbered item or example; the text is its official reference."""

    innernodeclass = nodes.inline

    def __init__(self, number_only: bool = False) -> None:
        super().__init__(warn_dangling=True)
        self.number_only = number_only

    def process_link(
        self,
        env: BuildEnvironment,
        refnode: Element,
        has_explicit_title: bool,
        title: str,
        target: str,
    ) -> tuple[str, str]:
        hint = env.ref_context.get("rules:book")
        note_shown(env, ("role-ref", target, hint, self.number_only))
        found = resolve_ref(registry(env), target, hint)
        if found is None:
            return title, target
        if found.ambiguous:
            _warn_ambiguous(refnode, target, found.book.slug, found.ambiguous)
        refnode["rules:book"] = found.book.slug
        if not has_explicit_title:
            title = role_text(found, self.number_only)
            refnode["refexplicit"] = True
        return title, f"{found.book.slug}:{found.target.key}"


class TermRole(XRefRole):
    """Links to where a term is defined; look-ups ignore case."""

    innernodeclass = nodes.inline

    def __init__(self) -> None:
        super().__init__(warn_dangling=True)

    def process_link(
        self,
        env: BuildEnvironment,
        refnode: Element,
        has_explicit_title: bool,
        title: str,
        target: str,
    ) -> tuple[str, str]:
        hint = env.ref_context.get("rules:book")
        note_shown(env, ("role-term", target, hint))
        found = resolve_term(registry(env), target, hint)
        if found is None:
            return title, target
        if found.ambiguous:
            _warn_ambiguous(refnode, target, found.book.slug, found.ambiguous)
        refnode["rules:book"] = found.book.slug
        return title, f"{found.book.slug}:{found.definition.term.key}"


class CardRole(SphinxRole):
    """The same card link as in the rules: NetrunnerDB, facts on hover."""

    def run(self) -> tuple[list[Node], list[system_message]]:
        name = self.text.strip()
        if name not in card_table():
            logger.warning(
                "unknown card '%s' (not in the card table)",
                name,
                location=self.get_location(),
                type="rules",
                subtype=UNKNOWN_CARD,
            )
        return [render_card(name)], []


def report_unresolved(
    app: Sphinx, env: BuildEnvironment, node: pending_xref, contnode: TextElement
) -> Node | None:
    """Last resort for a ``rules`` reference nothing resolved (after intersphinx):
    show it as unresolved, and warn once, where it is written."""
    if node.get("refdomain") != "rules" or node.get("rules:external"):
        return None
    # Every handler of the event runs, even after one has resolved the reference:
    # ask intersphinx again rather than warn about a link another site provides.
    if "sphinx.ext.intersphinx" in app.extensions:
        from sphinx.ext.intersphinx import missing_reference

        if missing_reference(app, env, node, contnode.deepcopy()) is not None:
            return None
    target = node["reftarget"]
    logger.warning(
        "unresolved reference '%s' (%s:%s)",
        target,
        node["refdomain"],
        node["reftype"],
        location=node,
        type="rules",
        subtype=UNRESOLVED,
    )
    text = f"unresolved: {target}"
    return nodes.inline(text, text, classes=["rr-unresolved"])


ROLES = {
    "ref": RefRole(),
    "number": RefRole(number_only=True),
    "term": TermRole(),
    "card": CardRole(),
}


def setup(app: Sphinx) -> None:
    for name, role in ROLES.items():
        app.add_role_to_domain("rules", name, role)
    # After intersphinx (priority 500), which may find the target on another site.
    app.connect("missing-reference", report_unresolved, priority=900)
