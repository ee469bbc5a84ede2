"""Sphinx extension: rulebooks as cross-linked, permanently anchored pages.

``extensions = ["rulesref.sphinx"]`` is all a project needs: at
``builder-inited`` the books below ``rulesref_books_dir`` are loaded from the
model and a stub page is generated for each chapter, book index, glossary,
card index and the drafting status (:mod:`.pages`); the stubs' directives
render the model (:mod:`.directives`, :mod:`.render`) and register every
numbered item in the ``rules`` domain (:mod:`.domain`).

One module per concern, each with its own ``setup``: ``domain``, ``nodes``,
``pages``, ``directives``, ``glossary``, ``cardindex``, ``drafting``,
``roles``, ``intersphinx``, ``incremental``, ``toctree_relatives`` (the
pages that show a page's title or contents, written again exactly when those
changed),
``previews``, ``links``
("Referenced by" and linked terms), ``assets``,
``scenarios`` (each scenario beside the example it proves), ``coverage``
(the Scenario coverage page), ``audience`` (the readers' and the drafting
build), ``numbers`` (number anchors, short addresses ``r/8.1.2e/``, the "go
to rule" box), ``navigation`` (empty sections out of the menu), ``search``
(the Pagefind index and search page), ``notfound`` (the 404 page),
``sharing`` (a chapter's description for link previews) and ``quiet`` (other
extensions' lines that say nothing on every build).
"""

from __future__ import annotations

from sphinx.application import Sphinx
from sphinx.util.typing import ExtensionMetadata

from rulesref import __version__
from rulesref.sphinx import (
    account,
    assets,
    audience,
    cardindex,
    changes,
    collector,
    coverage,
    directives,
    domain,
    drafting,
    folding,
    formatting,
    glossary,
    incremental,
    intersphinx,
    lean,
    links,
    navigation,
    nodes,
    notfound,
    numbers,
    pages,
    pdf,
    previews,
    quiet,
    render,
    roles,
    scenarios,
    search,
    sharing,
    titles_toctree,
    toctree_relatives,
    whatsnew,
)

#: Bump when the pickled domain data or the pages' structure change.
ENV_VERSION = 5


def setup(app: Sphinx) -> ExtensionMetadata:
    app.add_config_value(
        "rulesref_books_dir",
        "../seeds",
        "env",
        types=frozenset({str, list}),
        description="folder(s) holding the books (relative to conf.py)",
    )
    app.add_config_value(
        "rulesref_books",
        None,
        "env",
        types=frozenset({list, str, type(None)}),
        description="slugs of the books to show (default: every book)",
    )
    app.add_config_value(
        "rulesref_pages_dir",
        "rules",
        "env",
        types=frozenset({str}),
        description="git-ignored folder of the generated pages",
    )
    quiet.setup(app)
    app.add_event(render.ITEM_EVENT)
    app.add_event(render.EXAMPLE_EVENT)
    for module in (
        collector,
        domain,
        folding,
        audience,
        nodes,
        pages,
        numbers,
        directives,
        glossary,
        cardindex,
        drafting,
        roles,
        intersphinx,
        incremental,
        toctree_relatives,
        titles_toctree,
        previews,
        links,
        assets,
        formatting,
        scenarios,
        coverage,
        search,
        notfound,
        navigation,
        sharing,
        whatsnew,
        changes,
        pdf,
        account,
        lean,
    ):
        module.setup(app)
    return {
        "version": __version__,
        "env_version": ENV_VERSION,
        "parallel_read_safe": True,
        "parallel_write_safe": True,
    }
