"""The model's walk and its values as the caches store them."""

from __future__ import annotations

import dataclasses
import pickle
from collections.abc import Iterator
from pathlib import Path

import pytest

from rulesref import model
from rulesref.books import load_book, load_config
from rulesref.errors import Diagnostic, Position, Severity
from rulesref.model import Item, Kind
from rulesref.pickling import pickled_by_fields

ROOT = Path(__file__).resolve().parents[2]
BOOKS = [
    *(ROOT / "seeds" / slug for slug in ("netrunner-cr", "targets-and-costs", "technomancy")),
    ROOT / "tests" / "roots" / "test-format" / "books" / "fmt",
]
AT = Position("rules/08.yaml", 12, 7)


def document_order(item: Item) -> Iterator[Item]:
    """What ``walk`` promises, written the plain recursive way."""
    yield item
    for element in item.timing:
        yield from document_order(element)
    for child in item.children:
        yield from document_order(child)


@pytest.mark.parametrize("folder", BOOKS, ids=lambda p: p.name)
def test_walk_is_document_order(folder: Path) -> None:
    book = load_book(load_config(folder))
    walked = [item for chapter in book.chapters for item in chapter.walk()]
    assert [id(i) for i in walked] == [
        id(i) for chapter in book.chapters for i in document_order(chapter)]
    assert len({id(i) for i in walked}) == len(walked)
    assert any(item.timing for item in walked) or folder.name != "fmt"


def test_walk_gives_timing_elements_before_sub_items() -> None:
    """A rule with a timing structure and sub-rules: the structure first, each
    element with its own elements, as :func:`document_order` says."""

    def item(name: str, *children: Item, timing: tuple[Item, ...] = ()) -> Item:
        return Item(Kind.RULE, name, (), AT, children=list(children), timing=list(timing))

    deep = item("element_a", timing=(item("element_a1"),))
    rule = item("rule", item("sub_1", item("sub_1a")), item("sub_2"),
                timing=(deep, item("element_b")))
    assert [i.id for i in rule.walk()] == [i.id for i in document_order(rule)] == [
        "rule", "element_a", "element_a1", "element_b", "sub_1", "sub_1a", "sub_2"]


VALUES = [
    AT,
    model.Text("a hidden zone", AT),
    model.Term("rez", AT),
    model.Ref(("rule_a", "rule_b"), AT, through=True, capital=True, written=("Rule_a", "rule_b")),
    model.Subtype("Bioroid", AT),
    model.CardRef("Harbinger", AT),
    model.Product("Core Set", AT),
    model.Link("NetrunnerDB", "https://netrunnerdb.com/", AT),
    model.Image("click.svg", AT),
    model.Symbol("click", "[click]", AT),
    model.NewText((model.Text("new ", AT), model.Term("trash", AT)), AT),
    Diagnostic(AT, "duplicate ID 'x'", "source-error", Severity.ERROR, "a reason"),
]


@pytest.mark.parametrize("value", VALUES, ids=lambda v: type(v).__name__)
def test_values_come_back_from_a_pickle_equal(value: object) -> None:
    again = pickle.loads(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
    assert again == value and type(again) is type(value)
    assert dataclasses.astuple(again) == dataclasses.astuple(value)  # type: ignore[call-overload]


def test_only_classes_built_from_all_their_fields_are_pickled_by_fields() -> None:
    @dataclasses.dataclass(frozen=True)
    class Derived:
        name: str
        key: str = dataclasses.field(init=False, default="")

    with pytest.raises(TypeError, match="constructor argument"):
        pickled_by_fields(Derived)
