"""The site's navigation of page titles, made without copying every chapter's
contents for every page.

Furo's sidebar is the global toctree of page titles (``titles_only``) with
no depth limit, made for each page written.  Sphinx makes it by copying each
page's whole table of contents and then cutting each copy down to its title:
for a rulebook, every section of every chapter (the real rulebook's chapters
hold 190 sections), copied once per page to be thrown away, a tenth of a
full build.  While that navigation is made, Sphinx is given each page's
table of contents already cut as ``titles_only`` would cut it (its title, and
the toctrees under it), so the copies are small and the result is the same.

Only for the calls whose result cannot differ: titles only, no depth limit,
nothing collapsed, and pages that do not set their own ``tocdepth``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from weakref import WeakKeyDictionary

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment

#: Per environment: docname → (the table of contents it was cut from, the cut one).
_CUT: WeakKeyDictionary[BuildEnvironment, dict[str, tuple[nodes.Node, nodes.Node]]] = (
    WeakKeyDictionary()
)


def titles_only(toc: nodes.Node) -> nodes.Node:
    """A copy of ``toc`` cut as Sphinx cuts a resolved entry for ``titles_only``:
    each top-level entry keeps its title, and in place of its sub-list the
    toctrees found below it (which Sphinx then resolves)."""
    cut = toc.deepcopy()
    for top_level in cut.children:
        if isinstance(top_level, nodes.Element) and len(top_level) > 1:
            if subtrees := list(top_level.findall(addnodes.toctree)):
                top_level[1][:] = subtrees
            else:
                top_level.pop(1)
    return cut


def _cut_tocs(env: BuildEnvironment) -> dict[str, nodes.Node]:
    """Every page's table of contents, cut to titles (made again for a page
    whose table of contents changed since)."""
    kept = _CUT.setdefault(env, {})
    tocs: dict[str, nodes.Node] = {}
    for docname, toc in env.tocs.items():
        if "tocdepth" in env.metadata.get(docname, {}):
            tocs[docname] = toc
            continue
        made = kept.get(docname)
        if made is None or made[0] is not toc:
            made = kept[docname] = (toc, titles_only(toc))
        tocs[docname] = made[1]
    return tocs


def _navigation(env: BuildEnvironment, toctree: Callable[..., str]) -> Callable[..., str]:
    def call(**kwargs: Any) -> str:
        if not (kwargs.get("titles_only") and not kwargs.get("collapse", True)
                and int(kwargs.get("maxdepth") or 0) <= 0):
            return toctree(**kwargs)
        whole = env.tocs
        env.tocs = _cut_tocs(env)
        try:
            return toctree(**kwargs)
        finally:
            env.tocs = whole

    return call


def cut_navigation(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """Before the theme makes its navigation (Furo's handler runs at the
    default priority)."""
    if callable(context.get("toctree")):
        context["toctree"] = _navigation(app.env, context["toctree"])


def setup(app: Sphinx) -> None:
    app.connect("html-page-context", cut_navigation, priority=400)
