"""How a chapter page reads when its link is shared (OpenGraph and description).

sphinxext-opengraph describes a page by its first words, which on a chapter
page are a section title followed by scenario badges and file names.  A
chapter is better described by its first rules, with their numbers: this
replaces the description it wrote for each chapter page.  (A single rule is
shared through its short address, ``r/8.1.2e/``, which carries the rule's own
number and words: see :mod:`rulesref.sphinx.features.numbers`.)
"""

from __future__ import annotations

import re
from html import escape
from typing import Any

from sphinx.application import Sphinx

from rulesref.model import Item, Rulebook
from rulesref.numbering import document_text
from rulesref.sphinx.registry import registry

LENGTH = 200
_DESCRIPTION = re.compile(
    r'(<meta (?:property="og:description"|name="description") content=")[^"]*(")'
)


def chapter_description(chapter: Item, book: Rulebook) -> str:
    """The chapter's first words as a link preview shows them: numbers and the
    rules' words, references as "rule 8.1.2e" (never an ID)."""
    parts: list[str] = []
    size = 0
    for item in chapter.walk():
        text = document_text(item.text, book) if item is not chapter else ""
        if not text.strip():
            continue
        part = f"{item.number} {text}".strip()
        parts.append(part)
        size += len(part)
        if size >= LENGTH:
            break
    text = " ".join(" ".join(parts).split())
    return text if len(text) <= LENGTH else text[: LENGTH - 1].rsplit(" ", 1)[0] + "…"


def describe_chapters(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    tags = context.get("metatags")
    if not tags or "description" not in tags:
        return
    for book in registry(app.env):
        for chapter in book.book.chapters:
            if book.chapter_page(chapter) == pagename:
                text = escape(chapter_description(chapter, book.book)).replace("\\", "\\\\")
                context["metatags"] = _DESCRIPTION.sub(rf"\g<1>{text}\g<2>", tags)
                return


def setup(app: Sphinx) -> None:
    # After sphinxext-opengraph (default priority) has written its tags.
    app.connect("html-page-context", describe_chapters, priority=800)
