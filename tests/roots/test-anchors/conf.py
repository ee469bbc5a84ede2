# IDs as rules teams write them, whatever characters they hold: a plus, a quote,
# angle brackets, an ID written twice (see books/anc).  Each is kept as written
# for references and shown under a safe anchor.
extensions = ["myst_parser", "rulesref.sphinx"]
rulesref_books_dir = "books"
rulesref_scenarios_dir = []
exclude_patterns = ["_build"]
