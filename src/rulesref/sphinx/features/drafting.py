"""The Drafting status page: what is still to be written, book by book.

Rules teams build with unresolved references allowed
(``-D suppress_warnings=rules.unresolved``), so the warnings scroll by
unread; this page is where they stay visible: every unresolved reference
with its source line, rule and target, every other problem, and every
acknowledged one with the reason the team gave.
"""

from __future__ import annotations

from collections.abc import Sequence

from docutils import nodes
from sphinx.application import Sphinx

from rulesref.checks import UNRESOLVED, unresolved_references
from rulesref.errors import Diagnostic, Severity
from rulesref.sphinx.directives import RulesDirective, literal, section, table, text
from rulesref.sphinx.incremental import note_shown
from rulesref.sphinx.loaded_book import LoadedBook
from rulesref.sphinx.references import target_text
from rulesref.sphinx.render_inline import item_link


class DraftingStatusDirective(RulesDirective):
    """``rules:drafting-status``: every book of the site."""

    def run(self) -> list[nodes.Node]:
        reg = self.registry
        top = section("drafting-status", "Drafting status", ["rr-drafting"])
        intro = (
            "References still to be written, and the other problems the build "
            "reports, for each book. Each row names the source line to edit."
        )
        top += nodes.paragraph(intro, intro)
        if reg.load_errors:
            failed = nodes.bullet_list()
            for error in reg.load_errors:
                failed += nodes.list_item("", nodes.paragraph("", "", literal(str(error))))
            top += nodes.rubric("Books left out", "Books left out")
            top += failed
        # Re-read when what it shows changes, not at every edit of a source.
        shown_keys: list[tuple[str, ...]] = [("books",), ("load-errors",)]
        for book in reg:
            top += self.book_status(book)
            shown_keys.append(("drafting", book.slug))
        note_shown(self.env, *shown_keys)
        self.quote_exactly()
        self.leave_out_of_search()
        return [top]

    def book_status(self, book: LoadedBook) -> nodes.section:
        docname = self.env.docname
        part = section(f"drafting-{book.slug}", book.title, ["rr-drafting-book"])
        unresolved = list(unresolved_references(book.book))
        todo = sum(1 for u in unresolved if u.is_todo)
        warnings = [
            d
            for d in book.diagnostics
            if d.severity is not Severity.NOTE and d.subtype != UNRESOLVED
        ]
        notes = [d for d in book.diagnostics if d.severity is Severity.NOTE]
        summary = (
            f"{len(unresolved)} unresolved reference(s), {todo} of them TODO; "
            f"{len(warnings)} other problem(s); {len(notes)} acknowledged."
        )
        part += nodes.paragraph(summary, summary, classes=["rr-drafting-summary"])
        if unresolved:
            rows = []
            for ref in unresolved:
                owner = book.targets.get(ref.item.id)
                target: nodes.Node = (
                    nodes.inline("TODO", "TODO", classes=["rr-unresolved", "rr-todo"])
                    if ref.is_todo
                    else literal(ref.target)
                )
                rows.append(
                    [
                        [literal(book.where(ref.pos))],
                        [
                            item_link(docname, book, owner, target_text(owner))
                            if owner
                            else text(ref.item.number),
                            text(" "),
                            literal(ref.item.id),
                        ],
                        [target],
                    ]
                )
            part += nodes.rubric("Unresolved references", "Unresolved references")
            part += table(["Where", "Rule", "Target"], rows, "rr-unresolved-table")
        if warnings:
            part += nodes.rubric("Other problems", "Other problems")
            part += self.diagnostics_table(book, warnings, "Problem")
        if notes:
            part += nodes.rubric("Acknowledged", "Acknowledged")
            part += self.diagnostics_table(book, notes, "Reason")
        return part

    @staticmethod
    def diagnostics_table(
        book: LoadedBook, diagnostics: Sequence[Diagnostic], last: str
    ) -> nodes.table:
        def public(message: str) -> str:
            # Messages name source files; the site shows them as it shows "Where".
            return message.replace(f"{book.root.parent}/", "")

        rows = [
            [
                [literal(book.where(d.pos))],
                [literal(f"rules.{d.subtype}")],
                [text(public(d.reason if last == "Reason" else d.message))],
            ]
            for d in diagnostics
        ]
        return table(["Where", "Kind", last], rows, "rr-diagnostics-table")


def setup(app: Sphinx) -> None:
    app.add_directive_to_domain("rules", "drafting-status", DraftingStatusDirective)
