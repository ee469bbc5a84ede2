"""Sphinx configuration of the rulesref site.

Strict build (what CI runs; only the drafting warnings are allowed):

    .venv/bin/sphinx-build -W --keep-going -D suppress_warnings=rules.unresolved \
        -b html docs docs/_build/html
"""

from __future__ import annotations

project = "rulesref"
author = "rulesref contributors"
copyright = "rulesref contributors"

extensions = [
    "myst_parser",
    "rulesref.sphinx",
    "sphinx.ext.doctest",
    "sphinx.ext.autodoc",
    "sphinx_autodoc_typehints",
]

# The books: every folder with a book.toml below this one (relative to this file).
rulesref_books_dir = "../seeds"
# Generated pages (one per chapter, book, glossary, card index): git-ignored.
rulesref_pages_dir = "rules"

source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
exclude_patterns = ["_build"]
myst_heading_anchors = 3

html_theme = "alabaster"
html_title = "rulesref"
html_theme_options = {
    "description": "Comprehensive Rules, cross-linked",
    "fixed_sidebar": False,
    "show_relbars": True,
    "page_width": "1100px",
    "sidebar_width": "240px",
}
html_sidebars = {"**": ["about.html", "searchfield.html", "navigation.html", "relations.html"]}
html_show_sourcelink = False
# The published folder holds only what readers need: no reST/Markdown sources
# (``_sources/``); ``rulesref build`` also keeps the doctrees out of it.
html_copy_source = False
