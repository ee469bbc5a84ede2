"""The navigation of page titles made from cut tables of contents
(rulesref.sphinx.features.titles_toctree) is the one Sphinx makes from whole ones."""

from __future__ import annotations

import functools

from sphinx.testing.util import SphinxTestApp
from sphinx_site import BASIC

from rulesref.sphinx.features import titles_toctree

FURO = {"collapse": False, "titles_only": True, "maxdepth": -1, "includehidden": True}


@BASIC
def test_the_titles_navigation_is_the_same_from_cut_tables_of_contents(
    app: SphinxTestApp,
) -> None:
    app.build()
    builder = app.builder
    tocs = app.env.tocs
    deep = max(sorted(tocs), key=lambda doc: sum(1 for _ in tocs[doc].findall()))
    assert sum(1 for _ in tocs[deep].findall()) > 50  # a chapter's sections
    # The home page, the deepest chapter and a page of another book: the
    # navigation marks each one's own branch as current.
    other = next(doc for doc in sorted(tocs) if doc.startswith("rules/")
                 and doc.split("/")[1] != deep.split("/")[1])
    for pagename in (app.config.root_doc, deep, other):
        toctree = functools.partial(builder._get_local_toctree, pagename)  # type: ignore[attr-defined]
        cut = titles_toctree._navigation(app.env, toctree)
        assert cut(**FURO) == toctree(**FURO), pagename
    # Other calls are Sphinx's own.
    sections = {**FURO, "titles_only": False}
    assert cut(**sections) == toctree(**sections)
    cut_tocs = titles_toctree._cut_tocs(app.env)
    assert sum(1 for _ in cut_tocs[deep].findall()) < 10
    assert tocs[deep] is not cut_tocs[deep]  # the environment's own are left whole
