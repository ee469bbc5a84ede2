"""The readers a book's ``format`` can name, registered here by import.

Explicit imports, not module names in strings: the layer contracts
(``lint-imports``) see every reader the loader can call, and a format whose
reader is missing fails when rulesref starts, not when a book names it.
"""

from __future__ import annotations

from collections.abc import Callable

from rulesref.book_config import BookConfig
from rulesref.model import Rulebook
from rulesref.readers import cr_yaml_book, helpndoc, markdown_outline, plain_text

#: Reads one book (an unnumbered :class:`~rulesref.model.Rulebook`) from its
#: configuration; the loader (:func:`rulesref.books.load_book`) numbers it.
ReadBook = Callable[[BookConfig], Rulebook]

#: format name (``format = "cr-yaml"`` in ``book.toml``) → its reader.
READERS: dict[str, ReadBook] = {
    "cr-yaml": cr_yaml_book.read,
    "markdown-outline": markdown_outline.read,
    "helpndoc": helpndoc.read,
    "plain-text": plain_text.read,
}
