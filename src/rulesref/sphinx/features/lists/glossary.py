"""The glossary page of a book: every defined term, A to Z, with its rule.

Terms are collected from the model (``{term:...}`` marks the defining
occurrence), not from the pages, so the glossary is complete even before
the chapters are read and cannot miss a term of a chapter that failed.
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from sphinx.application import Sphinx

from rulesref.checks import DUPLICATE_TERM
from rulesref.keys import slugify, unique
from rulesref.sphinx.directives import OneBookDirective, section
from rulesref.sphinx.loaded_book import LoadedBook
from rulesref.sphinx.references import target_text
from rulesref.sphinx.render_inline import item_link, pending_ref, render_inlines


class rr_list_term(nodes.Part, nodes.TextElement):  # type: ignore[misc]
    """The term of a glossary or card index entry, written as ``nodes.term`` is
    (``<dt>`` in HTML) by every builder.  Not a ``nodes.term`` itself: while
    reading, Sphinx formats a DOM dump of every ``nodes.term`` for a debug line,
    which costs more than the rest of a 400-term glossary page."""


def visit_list_term(self: Any, node: rr_list_term) -> None:
    self.visit_term(node)


def depart_list_term(self: Any, node: rr_list_term) -> None:
    self.depart_term(node)


def letter_of(key: str) -> str:
    first = key[:1].upper()
    return first if first.isalpha() else "#"


class GlossaryDirective(OneBookDirective):
    """``rules:glossary slug``."""

    def run_book(self, book: LoadedBook) -> list[nodes.Node]:
        # No file dependency: the page is re-read when what it shows changes
        # (``("glossary", slug)``, see rulesref.sphinx.incremental), not at every edit.
        ctx = self.context(book)
        docname = ctx.docname
        top = section(f"{book.slug}-glossary", "Glossary", ["rr-glossary"])
        intro = f"Every term defined in {book.title}, with the rule that defines it."
        top += nodes.paragraph(intro, intro)
        if not book.terms:
            empty = (
                "This book marks no defined terms yet. In YAML, write {term:word} where a "
                "rule defines a word; other formats can opt in with defined_terms in book.toml."
            )
            top += nodes.paragraph(empty, empty, classes=["rr-empty"])
        letters: dict[str, list[str]] = {}
        for key in sorted(book.terms):
            letters.setdefault(letter_of(key), []).append(key)
        jump = nodes.paragraph(classes=["rr-letters"])
        for index, letter in enumerate(letters):
            if index:
                jump += nodes.Text(" ")
            jump += nodes.reference(letter, letter, refid=self.letter_id(book, letter))
        top += jump
        reasons = book.book.acknowledged.get(DUPLICATE_TERM, {})
        used: set[str] = set()
        for letter, keys in letters.items():
            part = section(self.letter_id(book, letter), letter, ["rr-glossary-letter"])
            entries = nodes.definition_list(classes=["rr-glossary-list"])
            for key in keys:
                definitions = book.terms[key]
                entry = nodes.definition_list_item()
                # On the term: HTML has no element for the item, so its ids would be lost.
                term = rr_list_term(ids=[unique(f"glossary-{book.slug}-{slugify(key)}", used)])
                term += pending_ref(
                    docname,
                    "rules",
                    "term",
                    f"{book.slug}:{key}",
                    definitions[0].term.shown,
                    book=book.slug,
                    classes=["rr-term"],
                )
                entry += term
                body = nodes.definition()
                for definition in definitions:
                    para = nodes.paragraph(classes=["rr-glossary-definition"])
                    if not definition.primary:
                        para += nodes.Text("Also defined in ")
                    target = book.targets.get(definition.item.id)
                    # A rule no reference reaches (a placeholder ID) is named, not linked.
                    para += (
                        item_link(docname, book, target, target_text(target))
                        if target
                        else nodes.Text(definition.item.number)
                    )
                    para += nodes.Text(": ")
                    para += render_inlines(ctx, definition.item.text)
                    body += para
                if len(definitions) > 1 and key in reasons:
                    note = f"Defined twice: {reasons[key]}."
                    body += nodes.paragraph(note, note, classes=["rr-note"])
                entry += body
                entries += entry
            part += entries
            top += part
        ctx.show(("glossary", book.slug))
        self.leave_out_of_search()
        return [top]

    @staticmethod
    def letter_id(book: LoadedBook, letter: str) -> str:
        return f"{book.slug}-glossary-{'other' if letter == '#' else letter.lower()}"


def setup(app: Sphinx) -> None:
    term = (visit_list_term, depart_list_term)
    app.add_node(rr_list_term, html=term, latex=term, text=term, man=term, texinfo=term)
    app.add_directive_to_domain("rules", "glossary", GlossaryDirective)
