from __future__ import annotations

import time

import pytest

from rulesref.errors import Diagnostic, Position, RulesSourceError, Severity
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


def tolerant(text: str) -> tuple[tuple[object, ...], list[Diagnostic]]:
    problems: list[Diagnostic] = []
    nodes = parse_inline(text, text_locator(text, Position("f.yaml", 3, 11), indent_col=7),
                         problems)
    return nodes, problems


@pytest.mark.parametrize(
    ("text", "col", "subtype", "message"),
    [
        ("x {term:rez", 13, "broken-markup", "unclosed markup '{term:rez' (missing '}')"),
        ("x {bogus:y}", 13, "unknown-markup", "unknown markup role 'bogus' (known: "),
        ("x {rule:r1}", 13, "unknown-markup", "did you mean {ref:r1}?"),
        ("x {trem:rez}", 13, "unknown-markup", "did you mean {term:rez}?"),
        ("x {n}y", 13, "broken-markup", "'{n}' is never closed by '{/n}'"),
        ("x y{/n}", 14, "broken-markup", "'{/n}' without an opening '{n}'"),
        ("x }", 13, "broken-markup", "unmatched '}'"),
        ("x {ref:a,}", 13, "broken-markup", "empty ID in '{ref:a,}'"),
        ("x {ref:}", 13, "broken-markup", "empty value in '{ref:}'"),
        ("x {c}", 13, "unknown-markup", "unknown markup '{c}' (did you mean [c]?)"),
        ("x {Click}", 13, "unknown-markup", "did you mean [Click]?"),
        ("x {term}", 13, "unknown-markup", "a role needs a value: {term:...}"),
        ("x {plain}", 13, "unknown-markup", "markup is {role:value}"),
        ("x {ref/upto:a,b}", 13, "unknown-markup", "unknown modifier '/upto'"),
        ("x {card/through:a,b}", 13, "unknown-markup", "'/through' only applies to ref"),
        ("x {term:{ref:a}}", 19, "broken-markup", "markup cannot be nested inside '{term:...}'"),
        ("x {ref/through:a}", 13, "broken-markup", "takes exactly two IDs"),
        ("x {link:NSG}", 13, "broken-markup", "{link:...} needs 'text|url'"),
    ],
)
def test_broken_markup_is_shown_as_written_with_a_located_warning(
    text: str, col: int, subtype: str, message: str
) -> None:
    nodes, problems = tolerant(text)
    assert nodes == (Text(text, Position("f.yaml", 3, 11)),)
    (problem,) = problems
    assert (problem.pos, problem.subtype, problem.severity) == (
        Position("f.yaml", 3, col), subtype, Severity.WARNING)
    assert message in problem.message and problem.message.endswith("; shown as written")
    with pytest.raises(RulesSourceError) as strict:  # without a list to collect them
        parse(text)
    assert strict.value.pos == problem.pos


def test_markup_around_a_broken_construct_is_still_read() -> None:
    nodes, problems = tolerant("Gain 1{c}: {term:rez} a card.\n{Ref:r1} {n}new")
    assert [type(n) for n in nodes] == [Text, Term, Text, Ref, Text]
    assert nodes[0] == Text("Gain 1{c}: ", Position("f.yaml", 3, 11))
    assert nodes[-1] == Text(" {n}new", Position("f.yaml", 4, 15))
    assert [(p.pos.line, p.pos.col) for p in problems] == [(3, 17), (4, 16)]


def test_a_lone_brace_is_literal_and_the_rest_is_markup() -> None:
    nodes, problems = tolerant("{term:a {card:Hedge Fund} b")
    assert [type(n) for n in nodes] == [Text, CardRef, Text]
    assert nodes[0] == Text("{term:a ", Position("f.yaml", 3, 11))
    assert [p.pos.col for p in problems] == [11]


def test_escaped_braces_read_as_text() -> None:
    nodes, problems = tolerant("{lbrace}x{rbrace} {curly:y} {rbrace}")
    assert nodes == (Text("{x} {y} }", Position("f.yaml", 3, 11)),) and problems == []


def test_names_are_read_without_the_spaces_around_them() -> None:
    nodes, problems = tolerant("the {term: action phase} of {card: Hedge Fund }")
    term, card = (n for n in nodes if not isinstance(n, Text))
    assert isinstance(term, Term) and term.text == "action phase"
    assert term.key == "action phase"
    assert isinstance(card, CardRef) and card.name == "Hedge Fund"
    assert problems == []


@pytest.mark.parametrize("text", ["{" * 20000, "{n}" * 5000, "{c}" * 8000, "}" * 20000,
                                  "{term:" * 5000, "{n}" * 3 + "{/n}" * 5000])
def test_broken_markup_is_read_in_linear_time(text: str) -> None:
    started = time.perf_counter()
    nodes, problems = tolerant(text)
    assert time.perf_counter() - started < 2
    assert written(nodes) == text  # every character kept
    assert problems


def written(nodes: tuple[object, ...]) -> str:
    """The source of text and new-text nodes."""
    out = []
    for node in nodes:
        if isinstance(node, NewText):
            out.append("{n}" + written(node.children) + "{/n}")
        else:
            assert isinstance(node, Text)
            out.append(node.text)
    return "".join(out)
