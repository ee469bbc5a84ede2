"""Sphinx extension: rulebooks as cross-linked, permanently anchored pages.

``extensions = ["rulesref.sphinx"]`` is all a project needs: at
``builder-inited`` the books below ``rulesref_books_dir`` are loaded from the
model and a stub page is generated for each chapter, book index, glossary,
card index and the drafting status (:mod:`.pages`); the stubs' directives
render the model (:mod:`.directives`, :mod:`.render`) and register every
numbered item in the ``rules`` domain (:mod:`.domain`).

The modules of this package are the core: the books as loaded
(:mod:`.loading`, :mod:`.registry`), the ``rules`` domain and its nodes, the
rendering, the generated pages, the build's account.  Everything else is a
feature in :mod:`.features`, each a module or sub-package with its own
``setup``.  A feature imports the core and never another feature: features
meet in the domain's data and in Sphinx's events, including the core's own
(``rulesref-render-item``, ``rulesref-render-example``, ``rulesref-stub-pages``,
``rulesref-book-pages``, ``rulesref-left-out``); import-linter keeps it so
(pyproject.toml).  :mod:`.live` (``rulesref serve``) sits above both.
"""

from __future__ import annotations

from sphinx.application import Sphinx
from sphinx.util.typing import ExtensionMetadata

from rulesref import __version__
from rulesref.sphinx import (
    account,
    assets,
    audience,
    directives,
    domain,
    incremental,
    nodes,
    pages,
    render,
)
from rulesref.sphinx.features import (
    changes,
    chrome,
    collector,
    drafting,
    folding,
    formatting,
    intersphinx,
    landing,
    lean,
    links,
    lists,
    navigation,
    notfound,
    numbers,
    pdf,
    previews,
    quiet,
    roles,
    scenarios,
    search,
    sharing,
    titles_toctree,
    toctree_relatives,
    whatsnew,
)

#: Bump when the pickled domain data, the pages' structure or the modules of
#: pickled classes change.
ENV_VERSION = 6


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
    app.add_event(pages.STUBS_EVENT)
    app.add_event(directives.BOOK_PAGES_EVENT)
    app.add_event(account.LEFT_OUT_EVENT)
    for module in (
        collector,
        domain,
        folding,
        audience,
        nodes,
        pages,
        numbers,
        directives,
        lists,
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
        search,
        notfound,
        navigation,
        sharing,
        landing,
        whatsnew,
        changes,
        pdf,
        account,
        lean,
        chrome,
    ):
        module.setup(app)
    return {
        "version": __version__,
        "env_version": ENV_VERSION,
        "parallel_read_safe": True,
        "parallel_write_safe": True,
    }
