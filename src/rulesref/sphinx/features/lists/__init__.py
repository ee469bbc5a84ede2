"""A book's lists: its glossary (:mod:`.glossary`) and its card index
(:mod:`.cardindex`), one generated page each, whose entries are written alike."""

from __future__ import annotations

from sphinx.application import Sphinx

from rulesref.sphinx.features.lists import cardindex, glossary


def setup(app: Sphinx) -> None:
    glossary.setup(app)
    cardindex.setup(app)
