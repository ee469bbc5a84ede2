"""Sphinx configuration of the rulesref site.

Strict build (what CI runs; only the drafting warnings are allowed):

    .venv/bin/sphinx-build -W --keep-going -D suppress_warnings=rules.unresolved \
        -b html docs docs/_build/html
"""

from __future__ import annotations

import warnings

from sphinx.deprecation import RemovedInSphinx10Warning

from rulesref.site import reader_settings

# sphinx-autodoc-typehints 3.6.1, its newest release, calls
# Parser.set_application (sphinx_autodoc_typehints/_parser.py), which Sphinx 9
# deprecates: one identical warning per documented signature, some 180 lines a
# build, about code that is not ours.  Only that call is ignored; every other
# deprecation (ours included) is still shown.  Remove when a release stops it.
warnings.filterwarnings(
    "ignore",
    message=r".*\.set_application' is deprecated",
    category=RemovedInSphinx10Warning,
    module=r"sphinx_autodoc_typehints\._parser",
)

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

# What readers see around the rules (Furo in rulesref's colours, the "Go to
# rule" box as the search box, the icon, link previews, no sources in the
# published folder): the same settings as a rules team's generated site.
globals().update(reader_settings("rulesref"))
html_short_title = "rulesref"
extensions.append("sphinxext.opengraph")

# Reader build by default; `rulesref build --drafting` (or -D rulesref_drafting=1)
# shows unresolved references as the rules team wrote them and the Drafting
# status page.
rulesref_drafting = False
