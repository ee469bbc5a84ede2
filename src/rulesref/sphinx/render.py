"""The structure of a book rendered as docutils nodes: sections, rules, examples.

Each function renders one thing of the model and is the single place that
decides how it looks, so later features (scenarios beside examples, coverage
marks) extend one function rather than a page template:

* :func:`render_chapter` / :func:`render_section`: real document sections, so the
  toctree and sidebar work; the anchor is the item's anchor.
* :func:`render_rule`: a ``div.rr-item.rr-<kind>`` with ``id`` = the rule's anchor.
* :func:`render_example`: a ``div.rr-example`` with ``id`` = the example's anchor.

Every HTML ``id`` and permalink is :attr:`rulesref.model.Item.anchor` (or
:attr:`~rulesref.model.Example.anchor`): the ID itself when it is safe in HTML
and URLs, else its escaped form (``rule_54+`` → ``rule_54.2B``), never the ID
as written.  An item that could not be read (``unreadable``) holds its place:
its number and a notice of where it stands in the sources, none of its text.

The text inside them is rendered by :mod:`rulesref.sphinx.render_inline`, and
what rendering records for the domain and the incremental check goes through
a :class:`~rulesref.sphinx.render_context.RenderContext`.
"""

from __future__ import annotations

from collections.abc import Sequence

from docutils import nodes

from rulesref.keys import slugify
from rulesref.model import Example, Item, Kind
from rulesref.sphinx.nodes import make_permalink, rr_permalink
from rulesref.sphinx.render_context import RenderContext
from rulesref.sphinx.render_inline import render_inlines

#: Events fired as each item / example is rendered, so other extensions can add to
#: it: handlers get ``(app, book: str, item: Item, node)`` /
#: ``(app, book, item, example: Example, node: nodes.container)``, ``book`` being the
#: book's slug (``registry(app.env).get(book)`` finds it).  Never the book itself:
#: Sphinx formats every event's arguments for its debug log.
ITEM_EVENT = "rulesref-render-item"
EXAMPLE_EVENT = "rulesref-render-example"


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
    if item.unreadable:
        classes.append(UNREADABLE)
    return classes


#: The class of an item that could not be read, and of its notice.
UNREADABLE = "rr-unreadable"


def anchor_of(item: Item) -> str:
    """The HTML ``id`` of ``item``: its safe anchor.  An item that could not be
    read may have no ID; it takes one from its number (a section needs an
    ``id`` for the table of contents)."""
    if item.id:
        return item.anchor
    return f"{UNREADABLE}-{slugify(item.number)}"


def unreadable_notice(ctx: RenderContext, item: Item) -> nodes.inline:
    """What stands for an item that could not be read: where it is in the
    sources (the build's warning says why), never its raw text."""
    text = f"This {item.reference_word} could not be read ({ctx.book.where(item.pos)})."
    return nodes.inline(text, text, classes=[f"{UNREADABLE}-notice"])


def item_text(ctx: RenderContext, item: Item) -> list[nodes.Node]:
    """An item's text, or the notice of an item that could not be read."""
    if item.unreadable:
        return [unreadable_notice(ctx, item)]
    return render_inlines(ctx, item.text)


def heading(ctx: RenderContext, item: Item) -> nodes.title:
    """ "4.2.7 R&D" with the number styled apart; Sphinx adds the ¶ to titles.
    The title is placed at its item's line: for a title without a source,
    Sphinx makes an XML copy of it for a debug line, on every page read."""
    title = nodes.title()
    title.source, title.line = item.pos.file, item.pos.line
    if item.number:  # a book of one unnumbered chapter has none
        title += number_node(item)
        title += nodes.Text(" ")
    if item.unreadable:
        title += nodes.inline("could not be read", "could not be read",
                              classes=[f"{UNREADABLE}-title"])
    else:
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
    section = nodes.section(ids=[anchor_of(item)], classes=item_classes(item))
    # Set directly: nodes.make_id would turn "sec_rez" into "sec-rez".
    section["names"] = []
    ctx.note_item(item)
    section += heading(ctx, item)
    if item.unreadable:
        section += nodes.paragraph("", "", unreadable_notice(ctx, item), classes=["rr-text"])
    section += render_snippet(ctx, item)
    if item.toc_entry is not None and item.text and not item.unreadable:
        section += nodes.paragraph("", "", *render_inlines(ctx, item.text), classes=["rr-text"])
    finish_item(ctx, item, section)
    if (
        not item.children
        and not item.examples
        and not item.timing
        and (item.kind in (Kind.CHAPTER, Kind.SECTION))
    ):
        section += nodes.paragraph("", "This section has no rules yet.", classes=["rr-empty"])
    return section


def finish_item(ctx: RenderContext, item: Item, node: nodes.Element) -> None:
    """What follows an item's own text, alike under a heading and in a rule (its
    timing structure, examples and sub-items), then ``rulesref-render-item``, so
    handlers see the item whole."""
    node += render_timing(ctx, item)
    for example in item.examples:
        node += render_example(ctx, item, example)
    for child in item.children:
        node += render_item(ctx, child)
    ctx.env.events.emit(ITEM_EVENT, ctx.book.slug, item, node)


def text_end(node: nodes.Element) -> int:
    """Index after an item's heading, text paragraph and snippet: where what
    handlers of ``rulesref-render-item`` add beside the text goes."""
    position = 0
    for child in node.children:
        if isinstance(child, nodes.title) or (
            isinstance(child, nodes.paragraph)
            and ("rr-text" in child["classes"] or "rr-snippet" in child["classes"])
        ):
            position += 1
        else:
            break
    return position


def render_snippet(ctx: RenderContext, item: Item) -> list[nodes.Element]:
    """A section's ``snippet:`` (what "R&D" stands for …): a visible paragraph
    under its heading, as the official document prints it (previews use it too)."""
    if not item.snippet or item.unreadable:
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
    box = nodes.container(ids=[anchor_of(item)], classes=item_classes(item))
    ctx.note_item(item)
    text = nodes.paragraph(classes=["rr-text"])
    text += number_node(item)
    text += permalink(anchor_of(item), f"{item.reference_word} {item.number}")
    if item.new:
        text += new_badge()
    text += nodes.Text(" ")
    inlines = item_text(ctx, item)
    if item.bold:
        text += nodes.strong("", "", *inlines)
    else:
        text += inlines
    box += text
    box += render_snippet(ctx, item)
    finish_item(ctx, item, box)
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
    box = nodes.container(ids=[anchor_of(structure)], classes=item_classes(structure))
    box["classes"].append("rr-timing-structure")
    ctx.note_item(structure)
    if structure.unreadable:
        box += nodes.paragraph("", "", unreadable_notice(ctx, structure),
                               classes=["rr-timing-title"])
    elif structure.text:
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
    its anchor, with a ¶ link, its text and the next level inside it."""
    enumtype, prefix, suffix = TIMING_LEVELS[min(depth, len(TIMING_LEVELS) - 1)]
    listing = nodes.enumerated_list(
        enumtype=enumtype,
        prefix=prefix,
        suffix=suffix,
        classes=["rr-timing-list", f"rr-timing-level-{depth + 1}"],
    )
    for element in elements:
        entry = nodes.list_item(ids=[anchor_of(element)], classes=item_classes(element))
        ctx.note_item(element)
        text = nodes.paragraph(classes=["rr-text"])
        inlines = item_text(ctx, element)
        if element.bold or (bold and depth == 0):
            text += nodes.strong("", "", *inlines)
        else:
            text += inlines
        if element.new:
            text += nodes.Text(" ")
            text += new_badge()
        text += permalink(anchor_of(element), f"{element.reference_word} {element.number}")
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
    ctx.note_item(item, example)
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
