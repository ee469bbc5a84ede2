# The format site: one CR YAML book that uses every construct the format allows,
# at every level (see books/fmt), including the appendix of timing structures.
extensions = ["myst_parser", "rulesref.sphinx"]
rulesref_books_dir = "books"
rulesref_scenarios_dir = []
exclude_patterns = ["_build"]
