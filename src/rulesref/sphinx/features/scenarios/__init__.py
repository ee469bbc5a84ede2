"""Scenarios on the site: each one under the example it proves
(:mod:`.examples`, with the modules it names), and the Scenario coverage page
(:mod:`.coverage`).

The feature reads the scenario files at ``builder-inited`` besides the books
and talks to the rest of the site only through Sphinx's events and the
``rulesref-*`` events of the core: the render events put its boxes under the
examples, and it answers ``rulesref-stub-pages`` (the coverage page) and
``rulesref-left-out`` (scenario files that cannot be read, for the account).
"""

from __future__ import annotations

from sphinx.application import Sphinx

from rulesref.sphinx.features.scenarios import coverage, examples


def setup(app: Sphinx) -> None:
    examples.setup(app)
    coverage.setup(app)
