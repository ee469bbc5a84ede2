from __future__ import annotations

from collections.abc import Callable

import pytest

from rulesref.books import BookConfig, load_book
from rulesref.errors import RulesSourceError
from rulesref.model import Term


def terms(config: BookConfig) -> list[tuple[str, str]]:
    return [(term.text, item.number) for term, item in load_book(config).terms()]


def test_capitals_mark_definitions_and_skip_abbreviations(
    make_book: Callable[..., BookConfig],
) -> None:
    config = make_book(
        "markdown-outline", "r.md",
        "# R\n\n## 1. Targets\n\n1. Each card chosen is a TARGET of that ability in HQ or R&D.\n",
        extra='[options]\ndefined_terms = "capitals"',
    )
    assert terms(config) == [("TARGET", "1.1")]


def test_quoted_definitions_only(make_book: Callable[..., BookConfig]) -> None:
    config = make_book(
        "markdown-outline", "r.md",
        "# R\n\n## 1. Actions\n\n1. To 'recover' a card means to untap it.\n"
        "1. All 'At the beginning of turn' abilities trigger here.\n"
        "1. A card without a faction is called 'factionless'.\n",
        extra='[options]\ndefined_terms = "quoted"',
    )
    assert terms(config) == [("recover", "1.1"), ("factionless", "1.3")]
    book = load_book(config)
    item = book.get("x_1_1")
    assert item is not None and item.plain == "To 'recover' a card means to untap it."
    term = next(n for n in item.text if isinstance(n, Term))
    assert term.pos.col > 1


def test_unknown_style_is_a_one_line_error(make_book: Callable[..., BookConfig]) -> None:
    # book.toml is validated when it is read, before any chapter is.
    with pytest.raises(RulesSourceError, match="unknown defined_terms style 'italics'"):
        make_book("markdown-outline", "r.md", "# R\n\n## 1. A\n\n1. B.\n",
                  extra='[options]\ndefined_terms = "italics"')


def test_the_seed_books_get_glossaries() -> None:
    from reader_helpers import seed_book

    found = {b: {t.key for t, _ in seed_book(b).terms()} for b in ("targets-and-costs",
                                                                    "technomancy")}
    assert found["targets-and-costs"] == {"target", "announces"}
    assert found["technomancy"] == {"recover", "factionless", "scrip cost"}
