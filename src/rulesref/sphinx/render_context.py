"""Where a book is being rendered, and what rendering it reports to the build.

The renderers record, through a :class:`RenderContext`, the objects a page
defines (for the domain) and what it shows (for the incremental check), so
neither has to read the doctree back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sphinx.environment import BuildEnvironment
from sphinx.util import logging

from rulesref.errors import Diagnostic, Severity
from rulesref.model import Example, Item
from rulesref.sphinx.domain import ObjectEntry, rules_domain
from rulesref.sphinx.incremental import note_shown
from rulesref.sphinx.loaded_book import LoadedBook

logger = logging.getLogger(__name__)


@dataclass
class RenderContext:
    """Where a book is being rendered: which page, and whether it defines the items."""

    env: BuildEnvironment
    book: LoadedBook
    docname: str
    #: Only a chapter page defines terms and objects; the glossary and card index
    #: quote rule text without taking its anchors.
    defining: bool = False

    def note_item(self, item: Item, example: Example | None = None) -> None:
        """Register an item or example if this page defines it: named by its ID as
        written (what references and other sites' inventories name), leading to
        its safe anchor.  An item whose ID another item took first is not
        registered: references reach the first (see :mod:`rulesref.anchors`)."""
        if not self.defining or not item.id or not self.book.reached(item, example):
            return
        key = example.id if example else item.id
        objtype = "example" if example else item.kind.value
        anchor = example.anchor if example else item.anchor
        rules_domain(self.env).note_object(
            self.book.slug,
            key,
            ObjectEntry(self.docname, anchor, objtype, item.number),
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
        elif diagnostic.severity is Severity.ERROR:  # something is left out: see .account
            logger.error(
                "%s", diagnostic.message, location=location, type="rules",
                subtype=diagnostic.subtype,
            )
        else:
            logger.warning(
                "%s", diagnostic.message, location=location, type="rules",
                subtype=diagnostic.subtype,
            )
