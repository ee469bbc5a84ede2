"""Random text with markup in it: whatever is written, the tolerant parser
keeps it (broken markup as the characters written, each problem located on
one line), and the CR YAML writer writes it back as markup that reads the
same, without a warning."""

from __future__ import annotations

from helpers import assert_located, texts
from hypothesis import given

from rulesref.errors import Diagnostic, Position, RulesSourceError
from rulesref.markup import parse_inline, text_locator
from rulesref.model import Inlines, NewText, Symbol, Text
from rulesref.writers.cr_yaml_markup import _shape, markup

START = Position("f.yaml", 3, 7)


def parse(text: str, problems: list[Diagnostic] | None) -> Inlines:
    return parse_inline(text, text_locator(text, START), problems)


def written(nodes: Inlines) -> str | None:
    """The source of text, new text and symbols; ``None`` when other markup was read."""
    out = []
    for node in nodes:
        if isinstance(node, Text):
            out.append(node.text)
        elif isinstance(node, Symbol):
            out.append(node.source)
        elif isinstance(node, NewText):
            inner = written(node.children)
            if inner is None:
                return None
            out.append("{n}" + inner + "{/n}")
        else:
            return None
    return "".join(out)


@given(text=texts)
def test_broken_markup_is_kept_as_written_and_reported(text: str) -> None:
    problems: list[Diagnostic] = []
    nodes = parse(text, problems)  # never raises
    for problem in problems:
        assert_located(problem)
    again = written(nodes)
    if again is not None and "{curly:" not in text and "{lbrace}" not in text \
            and "{rbrace}" not in text:
        assert again == text  # nothing but text and symbols: every character kept
    try:
        parse(text, None)
    except RulesSourceError as error:  # the strict reading fails where the first problem is
        assert problems and error.pos == problems[0].pos
    else:
        assert not problems


@given(text=texts)
def test_what_the_reader_kept_is_written_back_the_same(text: str) -> None:
    nodes = parse(text, [])
    try:
        out = markup(nodes, START)
    except RulesSourceError as error:  # only a literal [symbol] cannot be written
        assert "without changing it" in error.message
        return
    problems: list[Diagnostic] = []
    assert _shape(parse(out, problems)) == _shape(nodes)
    assert problems == []
