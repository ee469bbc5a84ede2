"""The inline markup of a rule as docutils nodes: terms, references, cards, symbols …

Every link the extension writes is a ``pending_xref`` made by
:func:`pending_ref`, so a domain resolves it when the page is written and the
link text is decided here, from the model.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from docutils import nodes
from sphinx.addnodes import pending_xref

from rulesref.cards import card_table
from rulesref.checks import SAFE_SCHEMES
from rulesref.markup import SYMBOLS
from rulesref.model import (
    CardRef,
    Image,
    Inline,
    Inlines,
    Link,
    NewText,
    Product,
    Ref,
    Subtype,
    Symbol,
    Term,
    Text,
)
from rulesref.sphinx.audience import missing_reference
from rulesref.sphinx.domain import TermEntry, rules_domain
from rulesref.sphinx.loaded_book import LoadedBook
from rulesref.sphinx.nodes import make_icon
from rulesref.sphinx.references import reference_parts
from rulesref.sphinx.render_context import RenderContext
from rulesref.sphinx.targets import Target

#: Canonical symbol name → what it is called aloud (and in search).
SYMBOL_LABELS = {info.name: info.alt for info in SYMBOLS.values()}


def render_inlines(ctx: RenderContext, inlines: Inlines) -> list[nodes.Node]:
    out: list[nodes.Node] = []
    for node in inlines:
        out.extend(render_inline(ctx, node))
    return out


def render_inline(ctx: RenderContext, node: Inline) -> list[nodes.Node]:
    # Every string goes into a Text node, which the writers escape: a "<script>"
    # in a rule is shown as text.
    if isinstance(node, Text):
        return [nodes.Text(node.text)]
    if isinstance(node, Term):
        return [render_term(ctx, node)]
    if isinstance(node, Ref):
        return render_ref(ctx, node)
    if isinstance(node, CardRef):
        return [render_card(node.name)]
    if isinstance(node, Subtype):
        return [nodes.inline(node.name, node.name, classes=["rr-subtype"])]
    if isinstance(node, Product):
        return [nodes.emphasis(node.name, node.name, classes=["rr-product"])]
    if isinstance(node, Link):
        if node.url.lower().startswith(SAFE_SCHEMES):
            return [nodes.reference(node.text, node.text, refuri=node.url, classes=["rr-link"])]
        return [nodes.inline(node.text, node.text, classes=["rr-link-unsafe"])]
    if isinstance(node, Image):
        return [render_image(ctx, node)]
    if isinstance(node, Symbol):
        label = SYMBOL_LABELS.get(node.name, node.name)
        return [make_icon(label, label, ["rr-icon", f"rr-icon-{node.name}"])]
    assert isinstance(node, NewText)
    return [nodes.inline("", "", *render_inlines(ctx, node.children), classes=["rr-new-text"])]


def render_term(ctx: RenderContext, term: Term) -> nodes.inline:
    """A defining occurrence: on its chapter page it carries the anchor the
    glossary and ``{rules:term}`` link to."""
    node = nodes.inline(term.text, term.text, classes=["rr-term"])
    anchor = ctx.book.term_anchors.get(term.pos)
    if ctx.defining and anchor:
        node["ids"] = [anchor]
        definitions = ctx.book.terms[term.key]
        if definitions[0].anchor == anchor:  # the first definition is the term's target
            rules_domain(ctx.env).note_term(
                ctx.book.slug, term.key, TermEntry(ctx.docname, anchor, term.shown)
            )
    return node


def pending_ref(
    fromdoc: str,
    domain: str,
    reftype: str,
    target: str,
    text: str,
    *,
    book: str | None = None,
    classes: Sequence[str] = (),
) -> pending_xref:
    """A cross-reference whose text is already decided (``refexplicit``): every
    link the extension writes goes through here and is resolved by a domain."""
    node = pending_xref(
        "",
        refdomain=domain,
        reftype=reftype,
        reftarget=target,
        refexplicit=True,
        refwarn=True,
        refdoc=fromdoc,
    )
    if book is not None:
        node["rules:book"] = book
    node.append(nodes.inline(text, text, classes=list(classes)))
    return node


def item_link(fromdoc: str, book: LoadedBook, target: Target, text: str) -> pending_xref:
    """A link to an item or example of ``book``, by the ID references name it by
    (the domain knows where its anchor is)."""
    return pending_ref(
        fromdoc,
        "rules",
        target.objtype,
        f"{book.slug}:{target.key}",
        text,
        book=book.slug,
        classes=["rr-ref-text"],
    )


def render_ref(ctx: RenderContext, ref: Ref) -> list[nodes.Node]:
    """ "rules 8.1.2a and 8.1.2b": each ID its own link; unresolved ones as the
    build's audience should see them (:mod:`rulesref.sphinx.audience`)."""
    parts = reference_parts(ctx.book, ref.ids, through=ref.through, capital=ref.capitalised)
    ctx.show(("ref", ctx.book.slug, ref.ids, ref.through, ref.capitalised))
    out: list[nodes.Node] = []
    for index, part in enumerate(parts):
        if part.target is not None:
            out.append(item_link(ctx.docname, ctx.book, part.target, part.text))
        elif part.missing is not None:
            out.append(missing_reference(ctx.env, part.text, part.missing, todo=part.is_todo,
                                         capital=ref.capitalised and index == 0))
        else:
            out.append(nodes.Text(part.text))
    return out


def render_card(name: str) -> nodes.Element:
    """A card name links to NetrunnerDB; its facts show on hover (``title``, and
    the popover of static/rulesref.js, which also shows on keyboard focus)."""
    facts = card_table().get(name)
    if facts is None:
        node = nodes.inline("", "", classes=["rr-card", "rr-card-unknown"])
        node += nodes.Text(name)
        node += nodes.inline(" (unknown card)", " (unknown card)", classes=["rr-marker"])
        return node
    return nodes.reference(
        name, name, refuri=facts.url, reftitle=facts.summary(), classes=["rr-card"]
    )


def render_image(ctx: RenderContext, image: Image) -> nodes.Element:
    alt = image.name.replace("_", " ").replace("-", " ")
    path = ctx.book.images.get(image.name)
    if path is None:
        return make_icon(f"image: {alt}", f"[image: {alt}]", ["rr-image", "rr-image-missing"])
    # Image paths are relative to the page's folder; the builder copies the file.
    rel = os.path.relpath(path, (ctx.env.srcdir / ctx.docname).parent)
    return nodes.image(uri=Path(rel).as_posix(), alt=alt, classes=["rr-image"])
