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

# Furo: maintained, header search and menu button on phones, dark mode that
# follows the system (with a toggle), readable line length.  rulesref's own
# stylesheet takes its colours from Furo's variables, so rules, previews,
# badges and scenarios follow the theme in light and dark.
html_theme = "furo"
html_title = "rulesref"
html_short_title = "rulesref"
html_theme_options = {
    "navigation_with_keys": True,
    "top_of_page_buttons": [],
    "light_css_variables": {
        "color-brand-primary": "#1f5f8b",
        "color-brand-content": "#1f5f8b",
        "color-brand-visited": "#6b3fa0",
    },
    "dark_css_variables": {
        "color-brand-primary": "#8cc4ee",
        "color-brand-content": "#8cc4ee",
        "color-brand-visited": "#c9a6f5",
    },
}
# The "Go to rule" box at the top of every page is the search box.
html_sidebars = {
    "**": ["sidebar/brand.html", "sidebar/scroll-start.html", "sidebar/navigation.html",
           "sidebar/scroll-end.html"],
}
html_show_sourcelink = False
# The published folder holds only what readers need: no reST/Markdown sources
# (``_sources/``); ``rulesref build`` also keeps the doctrees out of it.
html_copy_source = False
html_favicon = "_static/favicon.svg"
html_static_path = ["_static"]

# Reader build by default; `rulesref build --drafting` (or -D rulesref_drafting=1)
# shows unresolved references as the rules team wrote them and the Drafting
# status page.
rulesref_drafting = False

# Link previews on chat and social sites (OpenGraph): each page's title and its
# first words.  The short addresses r/<number>/ carry the rule's own number and text.
extensions.append("sphinxext.opengraph")
ogp_site_name = "rulesref"
ogp_enable_meta_description = True
ogp_social_cards = {"enable": False}
