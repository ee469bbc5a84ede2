# The books are "books/" (the mini book) plus the repository's seeds, which the
# tests add with confoverrides (this folder is copied to a temporary place).
extensions = ["myst_parser", "rulesref.sphinx"]
rulesref_books_dir = "books"
# No scenarios unless a test asks for them (the seeded site asks for the library).
rulesref_scenario_library = False
exclude_patterns = ["_build"]
