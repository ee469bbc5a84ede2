"""The card index page of a book: every card its rules mention, with facts and
the rules and examples that mention it."""

from __future__ import annotations

from docutils import nodes
from sphinx.application import Sphinx

from rulesref.cards import card_table
from rulesref.keys import slugify, unique
from rulesref.sphinx.directives import OneBookDirective, section
from rulesref.sphinx.domain import CardEntry, rules_domain
from rulesref.sphinx.features.lists.glossary import rr_list_term
from rulesref.sphinx.loaded_book import LoadedBook
from rulesref.sphinx.references import target_text
from rulesref.sphinx.render_inline import item_link, render_card
from rulesref.sphinx.targets import CardMention


def card_groups(book: LoadedBook) -> dict[str, list[CardMention]]:
    """Cards by the name the index shows: the card table's title when the card is
    known (authors type names loosely), else the name as first written."""
    table = card_table()
    groups: dict[str, list[CardMention]] = {}
    for name, mentions in book.cards.items():
        facts = table.get(name)
        groups.setdefault(facts.title if facts else name, []).extend(mentions)
    return dict(sorted(groups.items(), key=lambda pair: (pair[0].casefold(), pair[0])))


def card_anchor(name: str) -> str:
    return f"card-{slugify(name)}"


class CardIndexDirective(OneBookDirective):
    """``rules:card-index slug``."""

    def run_book(self, book: LoadedBook) -> list[nodes.Node]:
        # Re-read when what it shows changes (``("cards", slug)``), not at every edit.
        ctx = self.context(book)
        docname = ctx.docname
        domain = rules_domain(self.env)
        table = card_table()
        top = section(f"{book.slug}-cards", "Card index", ["rr-card-index"])
        intro = (
            f"Every card the rules of {book.title} mention. Card names link to "
            "NetrunnerDB; the links below each card lead to the rules that mention it."
        )
        top += nodes.paragraph(intro, intro)
        entries = nodes.definition_list(classes=["rr-card-list"])
        used: set[str] = set()
        for name, mentions in card_groups(book).items():
            anchor = unique(card_anchor(name), used)
            entry = nodes.definition_list_item()
            term = rr_list_term(ids=[anchor])  # HTML has no element for the item itself
            term += render_card(name)
            entry += term
            body = nodes.definition()
            facts = table.get(name)
            summary = facts.summary() if facts else "Not in the card table."
            body += nodes.paragraph(summary, summary, classes=["rr-card-facts"])
            where = nodes.paragraph(classes=["rr-card-mentions"])
            where += nodes.Text("Mentioned in ")
            seen: list[str] = []
            for mention in mentions:
                key = mention.example.id if mention.example else mention.item.id
                target = book.targets.get(key)
                if target is None or key in seen:
                    continue  # an item whose ID another took first is not linked
                if seen:
                    where += nodes.Text(", ")
                seen.append(key)
                where += item_link(docname, book, target, target_text(target))
            where += nodes.Text(".")
            body += where
            entry += body
            entries += entry
            domain.note_card(book.slug, name, CardEntry(docname, anchor))
        top += entries
        ctx.show(("cards", book.slug))
        self.leave_out_of_search()
        return [top]


def setup(app: Sphinx) -> None:
    app.add_directive_to_domain("rules", "card-index", CardIndexDirective)
