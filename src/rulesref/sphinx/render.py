"""The model rendered as docutils nodes: structure, inline text, examples.

Each function renders one thing of the model and is the single place that
decides how it looks, so later features (scenarios beside examples, coverage
marks) extend one function rather than a page template:

* :func:`render_chapter` / :func:`render_section`: real document sections, so the
  toctree and sidebar work; the anchor is exactly the item's ID.
* :func:`render_rule`: a ``div.rr-item.rr-<kind>`` with ``id`` = the rule's ID.
* :func:`render_example`: a ``div.rr-example`` with ``id`` = ``<rule id>-example-N``.
* :func:`render_inlines`: the inline AST (terms, references, cards, symbols …).

Rendering also records, in a :class:`RenderContext`, the objects a page
defines and the reference texts it shows, for the domain and the incremental
check.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.addnodes import pending_xref
from sphinx.environment import BuildEnvironment
from sphinx.util import logging

from rulesref.cards import card_table
from rulesref.errors import Diagnostic, Severity
from rulesref.markup import SYMBOLS
from rulesref.model import (
    CardRef,
    Example,
    Image,
    Inline,
    Inlines,
    Item,
    Kind,
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
from rulesref.sphinx.domain import ObjectEntry, TermEntry, rules_domain
from rulesref.sphinx.incremental import note_shown
from rulesref.sphinx.nodes import make_icon, make_permalink, rr_permalink
from rulesref.sphinx.references import reference_parts
from rulesref.sphinx.registry import SAFE_SCHEMES, LoadedBook, Target

logger = logging.getLogger(__name__)

#: Events fired as each item / example is rendered, so other extensions can add to
#: it: handlers get ``(app, book: str, item: Item, node)`` /
#: ``(app, book, item, example: Example, node: nodes.container)``, ``book`` being the
#: book's slug (``registry(app.env).get(book)`` finds it).  Never the book itself:
#: Sphinx formats every event's arguments for its debug log.
ITEM_EVENT = "rulesref-render-item"
EXAMPLE_EVENT = "rulesref-render-example"

#: Canonical symbol name → what it is called aloud (and in search).
SYMBOL_LABELS = {info.name: info.alt for info in SYMBOLS.values()}


@dataclass
class RenderContext:
    """Where a book is being rendered: which page, and whether it defines the items."""

    env: BuildEnvironment
    book: LoadedBook
    docname: str
    #: Only a chapter page defines terms and objects; the glossary and card index
    #: quote rule text without taking its anchors.
    defining: bool = False

    def note_item(self, anchor: str, objtype: str, number: str) -> None:
        """Register an item or example (its ID is its anchor) if this page defines it."""
        if self.defining:
            rules_domain(self.env).note_object(
                self.book.slug,
                anchor,
                ObjectEntry(self.docname, anchor, objtype, number),
                location=self.docname,
            )

    def show(self, key: tuple[Any, ...]) -> None:
        """Record that the page shows ``key`` (see :mod:`rulesref.sphinx.incremental`)."""
        note_shown(self.env, key)


def emit_diagnostics(diagnostics: Sequence[Diagnostic]) -> None:
    """Report diagnostics once: the directive that shows their source calls this
    while its page is read, so a page that is not re-read does not repeat them, and
    parallel readers send their records back to be printed once."""
    for diagnostic in diagnostics:
        location = f"{diagnostic.pos.file}:{diagnostic.pos.line}"
        if diagnostic.severity is Severity.NOTE:
            logger.info(
                "note: %s (acknowledged: %s) [rules.%s]",
                diagnostic.message,
                diagnostic.reason,
                diagnostic.subtype,
                location=location,
            )
        else:
            logger.warning(
                "%s", diagnostic.message, location=location, type="rules",
                subtype=diagnostic.subtype,
            )


# --------------------------------------------------------------------------
# Structure


def permalink(anchor: str, title: str) -> rr_permalink:
    """The ¶ link next to a number (HTML only, as beside Sphinx's headings)."""
    return make_permalink(anchor, f"Link to {title}")


def number_node(item: Item) -> nodes.inline:
    return nodes.inline(item.number, item.number, classes=["rr-number"])


def new_badge() -> nodes.inline:
    return nodes.inline("new", "new", classes=["rr-badge", "rr-badge-new"])


def item_classes(item: Item) -> list[str]:
    classes = ["rr-item", f"rr-{item.kind.value}"]
    if item.new:
        classes.append("rr-new")
    if item.bold:
        classes.append("rr-bold")
    return classes


def heading(ctx: RenderContext, item: Item) -> nodes.title:
    """ "4.2.7 R&D" with the number styled apart; Sphinx adds the ¶ to titles."""
    title = nodes.title()
    if item.number:  # a book of one unnumbered chapter has none
        title += number_node(item)
        title += nodes.Text(" ")
    title += render_inlines(ctx, item.toc_entry or item.text)
    if item.new:
        title += nodes.Text(" ")
        title += new_badge()
    return title


def render_chapter(ctx: RenderContext, chapter: Item) -> nodes.section:
    section = render_section(ctx, chapter)
    # The rules read exactly as written: no "smart" quotes in the official text.
    section["support_smartquotes"] = False
    return section


def render_section(ctx: RenderContext, item: Item) -> nodes.section:
    """Chapters, sections and subsections marked ``toc``: real document sections."""
    section = nodes.section(ids=[item.id], classes=item_classes(item))
    # Set directly: nodes.make_id would turn "sec_rez" into "sec-rez".
    section["names"] = []
    ctx.note_item(item.id, item.kind.value, item.number)
    section += heading(ctx, item)
    section += render_snippet(ctx, item)
    if item.toc_entry is not None and item.text:
        section += nodes.paragraph("", "", *render_inlines(ctx, item.text), classes=["rr-text"])
    section += render_timing(ctx, item)
    for example in item.examples:
        section += render_example(ctx, item, example)
    for child in item.children:
        section += render_item(ctx, child)
    ctx.env.events.emit(ITEM_EVENT, ctx.book.slug, item, section)
    if (
        not item.children
        and not item.examples
        and not item.timing
        and (item.kind in (Kind.CHAPTER, Kind.SECTION))
    ):
        section += nodes.paragraph("", "This section has no rules yet.", classes=["rr-empty"])
    return section


def render_snippet(ctx: RenderContext, item: Item) -> list[nodes.Element]:
    """A section's ``snippet:`` (what "R&D" stands for …): a visible paragraph
    under its heading, as the official document prints it (previews use it too)."""
    if not item.snippet:
        return []
    return [nodes.paragraph("", "", *render_inlines(ctx, item.snippet), classes=["rr-snippet"])]


def render_item(ctx: RenderContext, item: Item) -> nodes.Element:
    if item.kind is Kind.TIMING_STRUCTURE:
        return render_timing_structure(ctx, item)
    if item.is_heading:
        return render_section(ctx, item)
    return render_rule(ctx, item)


def render_rule(ctx: RenderContext, item: Item) -> nodes.container:
    """A rule, step or subsection that is not a heading: number, ¶, text, then
    its timing structure, examples and sub-rules nested inside it.  Fires
    ``rulesref-render-item`` with the finished container."""
    box = nodes.container(ids=[item.id], classes=item_classes(item))
    ctx.note_item(item.id, item.kind.value, item.number)
    text = nodes.paragraph(classes=["rr-text"])
    text += number_node(item)
    text += permalink(item.id, f"{item.reference_word} {item.number}")
    if item.new:
        text += new_badge()
    text += nodes.Text(" ")
    inlines = render_inlines(ctx, item.text)
    if item.bold:
        text += nodes.strong("", "", *inlines)
    else:
        text += inlines
    box += text
    box += render_snippet(ctx, item)
    box += render_timing(ctx, item)
    for example in item.examples:
        box += render_example(ctx, item, example)
    for child in item.children:
        box += render_item(ctx, child)
    ctx.env.events.emit(ITEM_EVENT, ctx.book.slug, item, box)
    return box


#: Docutils list styles of the three levels of a timing structure: 1. / (a) / i.
TIMING_LEVELS = (("arabic", "", "."), ("loweralpha", "(", ")"), ("lowerroman", "", "."))


def render_timing(ctx: RenderContext, owner: Item) -> list[nodes.Element]:
    """A ``timing_structure:`` attached to an item: the same nested list as a
    bare one, inside the item it belongs to."""
    if not owner.timing:
        return []
    box = nodes.container(classes=["rr-timing-structure"])
    box += timing_list(ctx, owner.timing, 0, bold=False)
    return [box]


def render_timing_structure(ctx: RenderContext, structure: Item) -> nodes.container:
    """A bare timing structure of a ``rules:`` list: nested ordered lists, the
    first level bold where the structure says ``bold``, the second lettered
    (a), (b) … so the text's own "go to (d)" matches what is shown."""
    box = nodes.container(ids=[structure.id], classes=item_classes(structure))
    box["classes"].append("rr-timing-structure")
    ctx.note_item(structure.id, structure.kind.value, structure.number)
    if structure.text:
        box += nodes.paragraph(
            "", "", *render_inlines(ctx, structure.text), classes=["rr-timing-title"]
        )
    box += timing_list(ctx, structure.timing, 0, bold=structure.bold)
    ctx.env.events.emit(ITEM_EVENT, ctx.book.slug, structure, box)
    return box


def timing_list(
    ctx: RenderContext, elements: Sequence[Item], depth: int, *, bold: bool
) -> nodes.enumerated_list:
    """One level of a timing structure: each element a list item whose ``id`` is
    its ID, with a ¶ link, its text and the next level inside it."""
    enumtype, prefix, suffix = TIMING_LEVELS[min(depth, len(TIMING_LEVELS) - 1)]
    listing = nodes.enumerated_list(
        enumtype=enumtype,
        prefix=prefix,
        suffix=suffix,
        classes=["rr-timing-list", f"rr-timing-level-{depth + 1}"],
    )
    for element in elements:
        entry = nodes.list_item(ids=[element.id], classes=item_classes(element))
        ctx.note_item(element.id, element.kind.value, element.number)
        text = nodes.paragraph(classes=["rr-text"])
        inlines = render_inlines(ctx, element.text)
        if element.bold or (bold and depth == 0):
            text += nodes.strong("", "", *inlines)
        else:
            text += inlines
        if element.new:
            text += nodes.Text(" ")
            text += new_badge()
        text += permalink(element.id, f"{element.reference_word} {element.number}")
        entry += text
        for example in element.examples:
            entry += render_example(ctx, element, example)
        if element.children:
            entry += timing_list(ctx, element.children, depth + 1, bold=False)
        ctx.env.events.emit(ITEM_EVENT, ctx.book.slug, element, entry)
        listing += entry
    return listing


def render_example(ctx: RenderContext, item: Item, example: Example) -> nodes.container:
    """One example of ``item``: ``div.rr-example`` whose ``id`` is the example's anchor.

    This is the hook for what accompanies an example (the scenario that proves
    it): connect to the ``rulesref-render-example`` event, which receives
    ``(app, book slug, item, example, container)`` and may append to the container.
    """
    box = nodes.container(ids=[example.anchor], classes=["rr-example"])
    if example.new:
        box["classes"].append("rr-new")
    ctx.note_item(example.anchor, "example", item.number)
    label = "Example" if len(item.examples) == 1 else f"Example {example.index}"
    text = nodes.paragraph(classes=["rr-example-text"])
    text += nodes.inline(label, label, classes=["rr-example-label"])
    text += permalink(example.anchor, f"{label.lower()} of {item.reference_word} {item.number}")
    if example.new:
        text += new_badge()
    text += nodes.Text(" ")
    text += render_inlines(ctx, example.text)
    box += text
    ctx.env.events.emit(EXAMPLE_EVENT, ctx.book.slug, item, example, box)
    return box


# --------------------------------------------------------------------------
# Inline text


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
                ctx.book.slug, term.key, TermEntry(ctx.docname, anchor, term.text)
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
    """A link to an item or example of ``book``."""
    return pending_ref(
        fromdoc,
        "rules",
        target.objtype,
        f"{book.slug}:{target.anchor}",
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
