"""Random text and markup into every reader and ``parse_inline``: only located
errors (RulesSourceError, Diagnostic), never another exception, never a hang."""

from __future__ import annotations

import itertools

import pytest
from helpers import SCRATCH, assert_located, texts
from hypothesis import given

from rulesref.books import load_book, load_config
from rulesref.checks import check_book
from rulesref.errors import Position, RulesSourceError
from rulesref.markup import parse_inline, text_locator

FORMATS = {
    "cr-yaml": ("c.yaml", "cr"),
    "markdown-outline": ("c.md", "outline"),
    "helpndoc": ("c.md", "cr"),
    "plain-text": ("c.txt", "outline"),
}
_counter = itertools.count()


def read_book_of(fmt: str, source: str) -> None:
    name, numbering = FORMATS[fmt]
    folder = SCRATCH / f"book{next(_counter)}"
    folder.mkdir()
    (folder / name).write_bytes(source.encode("utf-8", "surrogatepass"))
    (folder / "book.toml").write_text(
        f'title = "T"\nformat = "{fmt}"\nnumbering = "{numbering}"\nid_prefix = "p"\n'
        f'[[chapters]]\nfile = "{name}"\nnumber = 1\n',
        encoding="utf-8",
    )
    config = load_config(folder)  # a valid book.toml: must not raise
    book = load_book(config)
    for problem in check_book(book, folder=folder):
        assert_located(problem)


@pytest.mark.parametrize("fmt", sorted(FORMATS))
@given(source=texts)
def test_random_source_gives_only_located_problems(fmt: str, source: str) -> None:
    read_book_of(fmt, source)


@given(source=texts)
def test_random_yaml_chapter_under_a_rule(source: str) -> None:
    """Random text where the CR YAML reader expects rule text and structure."""
    indented = source.replace("\n", "\n    ")
    read_book_of(
        "cr-yaml",
        f"chapter: c\ntext: C\nsections:\n- section: s\n  text: {indented}\n  rules:\n"
        f"  - rule: r\n    text: {indented}\n",
    )


@given(text=texts)
def test_parse_inline_raises_only_located_errors(text: str) -> None:
    try:
        parse_inline(text, text_locator(text, Position("f.yaml", 3, 7)))
    except RulesSourceError as error:
        assert_located(error)
