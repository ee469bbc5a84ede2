# The books are "books/" (the mini book) plus the repository's seeds, which the
# tests add with confoverrides (this folder is copied to a temporary place).
extensions = ["myst_parser", "rulesref.sphinx"]
rulesref_books_dir = "books"
exclude_patterns = ["_build"]
