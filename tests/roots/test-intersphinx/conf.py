# A site without books that links to another rulesref site's rules; the tests
# point intersphinx_mapping at that site's objects.inv.
extensions = ["myst_parser", "rulesref.sphinx", "sphinx.ext.intersphinx"]
rulesref_books_dir = ""
exclude_patterns = ["_build"]
