"""The navigation of page titles made from cut tables of contents
(rulesref.sphinx.titles_toctree) is the one Sphinx makes from whole ones."""

from __future__ import annotations

import functools

from sphinx.testing.util import SphinxTestApp
from sphinx_site import BASIC

from rulesref.sphinx import titles_toctree

FURO = {"collapse": False, "titles_only": True, "maxdepth": -1, "includehidden": True}


@BASIC
def test_the_titles_navigation_is_the_same_from_cut_tables_of_contents(
    app: SphinxTestApp,
) -> None:
    app.build()
    builder = app.builder
    pages = sorted(app.env.found_docs)
    deep = max(pages, key=lambda doc: sum(1 for _ in app.env.tocs[doc].findall()))
    assert sum(1 for _ in app.env.tocs[deep].findall()) > 50  # a chapter's sections
    for pagename in pages:
        toctree = functools.partial(builder._get_local_toctree, pagename)  # type: ignore[attr-defined]
        cut = titles_toctree._navigation(app.env, toctree)
        whole = toctree(**FURO)
        assert cut(**FURO) == whole, pagename
        # Other calls are Sphinx's own.
        other = {**FURO, "titles_only": False}
        assert cut(**other) == toctree(**other)
    tocs = titles_toctree._cut_tocs(app.env)
    assert sum(1 for _ in tocs[deep].findall()) < 10
    assert app.env.tocs[deep] is not tocs[deep]  # the environment's own are left whole
