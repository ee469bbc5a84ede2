"""The CR YAML reader's unit of failure is the item: whatever breaks one item
(YAML that does not compose, a tab, a control character, an alias, a wrong
type) costs that item, reported where it stands, and every other item of the
chapter, its own children included, is read as if nothing had happened."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from rulesref.errors import Diagnostic, RulesSourceError, Severity
from rulesref.model import Item, Kind, Term, Text, walk_inlines
from rulesref.readers._yaml_source import MAX_BROKEN_ITEMS
from rulesref.readers.cr_yaml import ChapterFile, read_chapter_file, read_chapter_text

HEAD = "chapter: c\ntext: C\nsections:\n- section: s\n  text: S\n  rules:\n"
#: Line 7 on: rule a, the rule under test (line 9 on), rule z.
BEFORE = "  - rule: a\n    text: Before.\n"
AFTER = "  - rule: z\n    text: After.\n"


def read(middle: str) -> ChapterFile:
    return read_chapter_text(HEAD + BEFORE + middle + AFTER, "t.yaml")


def items(result: ChapterFile) -> dict[str, Item]:
    return {item.id: item for item in result.chapter.walk() if item.id}


def errors(result: ChapterFile) -> list[Diagnostic]:
    return [d for d in result.diagnostics if d.severity is Severity.ERROR]


def assert_neighbours_read(result: ChapterFile) -> None:
    found = items(result)
    assert (found["a"].plain, found["z"].plain) == ("Before.", "After.")
    assert not found["a"].unreadable and not found["z"].unreadable
    assert found["s"].children[0].id == "a"


BROKEN_RULES = {
    "yaml": ("  - rule: b\n    text: A cost: pay it: now.\n", (10, 17), "malformed YAML"),
    "quote": ('  - rule: b\n    text: "Never closed.\n', (10, 11), "malformed YAML"),
    "tab": ("  - rule: b\n  \ttext: Tabbed.\n", (10, 3), "tab character in indentation"),
    "control": ("  - rule: b\n    text: Bell\x07.\n", (10, 15), "control character U+0007"),
    "alias": ("  - rule: b\n    snippet: &x S.\n    text: *x\n", (11, 11),
              "YAML alias '*x' is not allowed"),
    "no id": ("  - text: No ID.\n", (9, 5), "item has no ID"),
    "two kinds": ("  - rule: b\n    subsection: b2\n    text: T\n", (9, 5), "has both"),
    "wrong text": ("  - rule: b\n    text: [a, list]\n", (10, 11), "'text' must be text"),
    "unsafe tag": ("  - rule: b\n    text: !!python/object/apply:os.system [ls]\n", (10, 11),
                   "unsafe or unknown YAML tag"),
}


@pytest.mark.parametrize("case", sorted(BROKEN_RULES))
def test_a_broken_rule_costs_that_rule(case: str) -> None:
    middle, (line, col), message = BROKEN_RULES[case]
    result = read(middle)
    assert_neighbours_read(result)
    (error,) = errors(result)
    assert (error.pos.line, error.pos.col, error.unit) == (line, col, "item")
    assert error.message.startswith(message) or message in error.message
    broken = result.chapter.children[0].children[1]
    assert broken.kind is Kind.RULE and broken.unreadable == error.message
    assert broken.text == () and broken.pos.line == 9
    assert broken.id in ("b", "t-line-9")


def test_what_was_refused_never_reaches_the_model() -> None:
    result = read("  - rule: b\n    text: &x Pay.\n    rules:\n    - rule: b1\n      text: *x\n")
    assert errors(result)[0].message.startswith("YAML alias '*x' is not allowed")
    words = [item.plain for item in result.chapter.walk()]
    assert words.count("Pay.") == 1  # the anchored text, never its copy


def test_the_children_of_a_broken_item_are_read() -> None:
    middle = (
        "  - subsection: b\n    text: A cost: pay it: now.\n    rules:\n"
        "    - rule: b1\n      text: The {term:first}.\n    - rule: b2\n      text: Second.\n"
    )
    result = read(middle)
    found = items(result)
    assert found["b"].unreadable and found["b"].kind is Kind.SUBSECTION
    assert [(c.id, c.plain) for c in found["b"].children] == [
        ("b1", "The first."), ("b2", "Second.")]
    term = next(n for n in walk_inlines(found["b1"].text) if isinstance(n, Term))
    assert (term.pos.line, term.pos.col) == (13, 17)  # lines after the broken one keep theirs
    assert_neighbours_read(result)


def test_a_tab_before_a_list_costs_only_the_key_it_is_on() -> None:
    middle = "  - rule: b\n    text: B.\n  \trules:\n    - rule: b1\n      text: Kept.\n"
    result = read(middle)
    assert items(result)["b1"].plain == "Kept."
    assert [e.message for e in errors(result)] == [
        "tab character in indentation (YAML needs spaces)"]


def test_a_broken_example_is_left_out_and_the_others_kept() -> None:
    middle = (
        "  - rule: b\n    text: B.\n    examples:\n    - text: One.\n"
        "    - text: Two: broken: here.\n    - Three.\n"
    )
    result = read(middle)
    rule = items(result)["b"]
    assert not rule.unreadable
    assert [(e.index, "".join(n.text for n in e.text if isinstance(n, Text)))
            for e in rule.examples] == [(1, "One."), (3, "Three.")]
    (error,) = errors(result)
    assert (error.unit, error.pos.line) == ("item", 13)


def test_an_optional_key_of_the_wrong_type_is_a_warning_and_ignored() -> None:
    middle = "  - rule: b\n    text: B.\n    steps: maybe\n    toc: 3\n    new: x\n"
    result = read(middle)
    rule = items(result)["b"]
    assert (rule.plain, rule.steps, rule.toc, rule.new) == ("B.", False, False, False)
    assert errors(result) == []
    assert [(d.subtype, d.pos.line) for d in result.diagnostics] == [
        ("wrong-type", 11), ("wrong-type", 12), ("wrong-type", 13)]


def test_a_section_without_an_id_gets_a_stable_anchor_safe_one() -> None:
    source = "chapter: c\ntext: C\nsections:\n- text: No ID.\n- section: t\n  text: T\n"
    first = read_chapter_text(source, "books/01 odd+name.yaml").chapter.children
    again = read_chapter_text(source, "books/01 odd+name.yaml").chapter.children
    assert [s.id for s in first] == [s.id for s in again] == ["01_odd_name-line-4", "t"]
    assert first[0].anchor == first[0].id and first[0].kind is Kind.SECTION


def test_past_the_bound_the_chapter_fails_at_its_first_error() -> None:
    broken = "".join(f"  - rule: b{i}\n    text: x: y: {i}\n" for i in range(MAX_BROKEN_ITEMS + 1))
    with pytest.raises(RulesSourceError) as err:
        read(broken)
    assert (err.value.pos.line, err.value.pos.col) == (10, 12)
    fewer = read("".join(f"  - rule: b{i}\n    text: x: y: {i}\n" for i in range(MAX_BROKEN_ITEMS)))
    assert len(errors(fewer)) == MAX_BROKEN_ITEMS
    assert_neighbours_read(fewer)


@pytest.mark.parametrize(
    "source",
    [
        "chapter: c\ntext: [unclosed\n",  # the chapter's own keys
        "chapter: c\n\ttext: C\n",
        "chapter: c\ntext: C\x07\n",
        "- chapter: c\n",
    ],
)
def test_a_problem_of_the_chapter_itself_still_fails_the_chapter(source: str) -> None:
    with pytest.raises(RulesSourceError):
        read_chapter_text(source, "t.yaml")


def test_an_alias_bomb_inside_a_rule_is_refused_quickly() -> None:
    bomb = "    x: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
        f"    x{i}: &{chr(98 + i)} [*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, "
        f"*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}]\n"
        for i in range(8)
    )
    started = time.perf_counter()
    result = read("  - rule: b\n    text: B.\n" + bomb)
    assert time.perf_counter() - started < 5
    assert errors(result) and "alias" in errors(result)[0].message
    assert_neighbours_read(result)


def test_a_byte_order_mark_and_crlf_read_as_plain_text(tmp_path: Path) -> None:
    source = HEAD + BEFORE + "  - rule: b\n    text: |-\n      A {term:rez}\n      here.\n" + AFTER
    plain = read_chapter_text(source, "t.yaml")
    for variant in ("\ufeff" + source, source.replace("\n", "\r\n"),
                    "\ufeff" + source.replace("\n", "\r\n")):
        assert shape(read_chapter_text(variant, "t.yaml")) == shape(plain)
        path = tmp_path / "t.yaml"
        path.write_bytes(variant.encode("utf-8"))
        assert shape(read_chapter_file(path, "t.yaml")) == shape(plain)


def shape(result: ChapterFile) -> list[object]:
    """Every item with its text nodes and their positions, and the problems."""
    return [
        (item.kind, item.id, item.pos, item.text, item.unreadable)
        for item in result.chapter.walk()
    ] + [str(d) for d in result.diagnostics]


@pytest.mark.parametrize("first", ["Gain 2 credits: one now.", "Gain two credits now."])
def test_text_not_indented_past_its_key_is_shown_where_it_stands(first: str) -> None:
    middle = f"  - rule: b\n    text: |-\n    {first}\n    Then {{term:rez}} it.\n"
    result = read(middle)
    rule = items(result)["b"]
    assert rule.plain == f"{first}\nThen rez it."
    assert (rule.text[0].pos.line, rule.text[0].pos.col) == (11, 5)
    term = next(n for n in rule.text if isinstance(n, Term))
    assert (term.pos.line, term.pos.col) == (12, 10)
    (warning,) = result.diagnostics
    assert (warning.subtype, warning.pos.line, warning.pos.col) == ("misindented-text", 11, 5)
    assert "'text: |-' (line 10)" in warning.message
    assert_neighbours_read(result)
