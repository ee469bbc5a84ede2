# A tiny book and its scenarios: two that pass, one that is deliberately wrong
# (examples/), and, selected with confoverrides, scenarios whose links to the
# book are wrong (examples-bad-links/).
extensions = ["myst_parser", "rulesref.sphinx", "sphinx.ext.doctest"]
rulesref_books_dir = "books"
rulesref_scenarios_dir = "examples"
# The scenarios are not pages of their own: the site shows them beside the rules.
exclude_patterns = ["_build", "examples", "examples-bad-links"]
