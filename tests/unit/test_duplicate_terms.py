"""A term defined again names both places and the definition the glossary uses:
the first in book order (the glossary and ``{rules:term}`` link to it)."""

from __future__ import annotations

from pathlib import Path

from rulesref.book_toml import load_config
from rulesref.books import load_book
from rulesref.checks import DUPLICATE_TERM, check_book
from rulesref.errors import Position
from rulesref.model import Term

CHAPTER = """\
chapter: c
text: C
sections:
- section: s
  text: S
  rules:
  - rule: r_first
    text: "To {term:  Quell   Cycle } is to rest."
  - rule: r_second
    text: "To {term: quell   cycle } again."
  - rule: r_third
    text: "A {term:QUELL CYCLE} thrice, and {term:other}."
"""


def duplicates(tmp_path: Path, extra: str = "") -> list[str]:
    folder = tmp_path / "b"
    folder.mkdir()
    (folder / "c.yaml").write_text(CHAPTER, encoding="utf-8")
    (folder / "book.toml").write_text(
        f'title = "T"\nformat = "cr-yaml"\n{extra}\n[[chapters]]\nfile = "c.yaml"\nnumber = 1\n',
        encoding="utf-8",
    )
    book = load_book(load_config(folder))
    return [d.message for d in check_book(book) if d.subtype == DUPLICATE_TERM]


def test_each_later_definition_names_the_first_which_the_glossary_uses(tmp_path: Path) -> None:
    second, third = duplicates(tmp_path)
    where = f"{tmp_path / 'b' / 'c.yaml'}:8:"
    assert second.startswith(
        "term 'quell cycle' is defined twice: here in rule 1.1.2 (r_second) and in rule "
        f"1.1.1 (r_first, {where}")
    assert second.endswith("; the glossary uses rule 1.1.1's definition")
    assert third.startswith(
        "term 'QUELL CYCLE' is defined 3 times: here in rule 1.1.3 (r_third) and in rule 1.1.1")
    assert third.endswith("; the glossary uses rule 1.1.1's definition")


def test_a_term_is_named_without_stray_spaces() -> None:
    """``{term: action phase}`` (a space after the colon) names "action phase"."""
    where = Position("c.yaml")
    assert Term(" quell   cycle ", where).shown == "quell cycle"
    assert Term("Quell\tCycle", where).shown == "Quell Cycle"
    assert Term("quell", where).shown == "quell"
