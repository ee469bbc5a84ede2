"""Readers turn one source format into a :class:`rulesref.model.Rulebook`.

Each module exposes ``read(config: BookConfig) -> Rulebook`` returning an
unnumbered book; :func:`rulesref.books.load_book` numbers it afterwards.
"""
