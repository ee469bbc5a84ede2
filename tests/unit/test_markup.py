from __future__ import annotations

import pytest

from rulesref.errors import Position, RulesSourceError
from rulesref.markup import parse_inline, text_locator
from rulesref.model import CardRef, Image, Link, NewText, Product, Ref, Subtype, Symbol, Term, Text


def parse(text: str) -> tuple[object, ...]:
    return parse_inline(text, text_locator(text, Position("f.yaml", 3, 11), indent_col=7))


def test_every_role() -> None:
    nodes = parse(
        "{term:rez} {ref:a} {ref:a,b,c} {ref/through:a,b} {Ref:a} {subtype:Bioroid} "
        "{card:Harbinger} {product:System Gateway} {link:NSG|https://nullsignal.games} "
        "{img:click} {curly:x}"
    )
    kinds = [type(n) for n in nodes if not isinstance(n, Text)]
    assert kinds == [Term, Ref, Ref, Ref, Ref, Subtype, CardRef, Product, Link, Image]
    refs = [n for n in nodes if isinstance(n, Ref)]
    assert refs[1].ids == ("a", "b", "c")
    assert refs[2].through and refs[2].ids == ("a", "b")
    assert refs[3].capital and not refs[0].capital
    assert isinstance(nodes[-1], Text) and nodes[-1].text.endswith("{x}")


def test_symbols_and_unknown_brackets_are_kept() -> None:
    nodes = parse("[c][click] [recurring] [link] [MU] [sub] [trash] [interrupt] [trashcost] [foo]")
    names = [n.name for n in nodes if isinstance(n, Symbol)]
    assert names == ["credit", "click", "recurring", "link", "mu", "subroutine", "trash",
                     "interrupt", "trash-cost"]
    assert isinstance(nodes[-1], Text) and nodes[-1].text.endswith("[foo]")


def test_new_text_nests() -> None:
    (node,) = parse("{n}the {term:stack}{/n}")
    assert isinstance(node, NewText)
    assert [type(n) for n in node.children] == [Text, Term]


def test_positions_follow_lines() -> None:
    nodes = parse("first line\nsecond {term:rez}")
    term = next(n for n in nodes if isinstance(n, Term))
    assert (term.pos.line, term.pos.col) == (4, 14)
    assert (nodes[0].pos.line, nodes[0].pos.col) == (3, 11)  # type: ignore[attr-defined]


def test_term_keys_ignore_case() -> None:
    (a,) = parse("{term:Rez}")
    (b,) = parse("{term:rez}")
    assert isinstance(a, Term) and isinstance(b, Term) and a.key == b.key


@pytest.mark.parametrize(
    ("text", "col", "message"),
    [
        ("x {term:rez", 13, "unclosed markup"),
        ("x {bogus:y}", 13, "unknown markup role 'bogus'"),
        ("x {n}y", 13, "never closed"),
        ("x y{/n}", 14, "without an opening"),
        ("x }", 13, "unmatched '}'"),
        ("x {ref:a,}", 13, "empty ID"),
        ("x {plain}", 13, "unknown markup"),
        ("x {card/through:a,b}", 13, "'/through' only applies to ref"),
    ],
)
def test_broken_markup(text: str, col: int, message: str) -> None:
    with pytest.raises(RulesSourceError) as info:
        parse(text)
    assert info.value.pos == Position("f.yaml", 3, col)
    assert message in info.value.message
