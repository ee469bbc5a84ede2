"""``{rules:ref}`` to another rulesref site, through its ``objects.inv``.

Intersphinx alone would link the target but show the inventory's display
name ("8.1.2e rule_rez_procedure").  This handler runs just before it: it
finds the entry (also when the author left out the book, as they may
locally), words the link as the local one would be ("rule 8.1.2e"), then lets
intersphinx build the link.
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from docutils.nodes import TextElement
from sphinx.addnodes import pending_xref
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment

from rulesref.model import Kind, term_key


def _display_name(item: Any) -> str:
    name = getattr(item, "display_name", None)
    return str(name if name is not None else item[3])


def external_text(objtype: str, reftype: str, display: str) -> str:
    """ "rule 8.1.2e" from a display name "8.1.2e rule_rez_procedure"."""
    number = display.split(" ", 1)[0]
    if reftype == "number":
        return number
    if objtype == "example":
        return f"example {display.rsplit('-', 1)[-1]} of {number}"
    try:
        word = Kind(objtype).reference_word
    except ValueError:
        return display
    return f"{word} {number}"


def find_entry(
    inventory: dict[str, dict[str, Any]], objtypes: list[str], reftype: str, target: str
) -> tuple[str, str, Any] | None:
    """Exact name first, then the one book that has this ID (``book:ID``)."""

    def same(name: str, wanted: str) -> bool:
        return term_key(name) == term_key(wanted) if reftype == "term" else name == wanted

    for objtype in objtypes:
        for name, item in inventory.get(objtype, {}).items():
            if same(name, target):
                return objtype, name, item
    loose = [
        (objtype, name, item)
        for objtype in objtypes
        for name, item in inventory.get(objtype, {}).items()
        if same(name.partition(":")[2], target)
    ]
    return loose[0] if len(loose) == 1 else None


def resolve_external(
    app: Sphinx, env: BuildEnvironment, node: pending_xref, contnode: TextElement
) -> nodes.reference | None:
    if node.get("refdomain") != "rules" or "sphinx.ext.intersphinx" not in app.extensions:
        return None
    from sphinx.ext.intersphinx import missing_reference

    inventory = getattr(env, "intersphinx_inventory", None) or {}
    domain = env.get_domain("rules")
    reftype = node["reftype"]
    objtypes = [f"rules:{t}" for t in domain.objtypes_for_role(reftype) or [reftype]]
    found = find_entry(inventory, objtypes, reftype, node["reftarget"])
    if found is None:
        return None
    objtype, name, item = found
    if not node.get("refexplicit"):
        if reftype != "term":  # a term keeps the words the author wrote
            text = external_text(objtype.partition(":")[2], reftype, _display_name(item))
            contnode = nodes.inline(text, text, classes=contnode.get("classes", []))
        node["refexplicit"] = True
    node["reftarget"] = name
    resolved = missing_reference(app, env, node, contnode)
    node["rules:external"] = resolved is not None
    return resolved


def setup(app: Sphinx) -> None:
    app.connect("missing-reference", resolve_external, priority=450)
