"""The CR YAML writer: every seed book converts to YAML that reads back as
the same model."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from reader_helpers import SEEDS

from rulesref.books import load_book, load_config
from rulesref.checks import check_book
from rulesref.errors import Diagnostic, Position, RulesSourceError
from rulesref.markup import parse_inline, text_locator
from rulesref.model import Inlines, Item, Kind, Rulebook, Symbol, Text
from rulesref.numbering import Scheme
from rulesref.readers.cr_yaml import read_chapter_text
from rulesref.writers.cr_yaml import convert_book, to_yaml, write_book
from rulesref.writers.cr_yaml_markup import _shape, markup

SEED_BOOKS = ["netrunner-cr", "targets-and-costs", "netrunner-1996", "technomancy"]


def shape(inlines: Inlines | None) -> Any:
    return None if inlines is None else _shape(inlines)


def item_snapshot(item: Item) -> tuple[Any, ...]:
    return (
        item.id, item.kind, item.number, item.label, shape(item.text), item.plain,
        item.toc, shape(item.toc_entry), shape(item.snippet), item.steps, item.new, item.bold,
        item.parent.id if item.parent else None,
        [child.id for child in item.children],
        [element.id for element in item.timing],
        [(e.anchor, e.index, e.owner_id, shape(e.text), e.new) for e in item.examples],
    )


def snapshot(book: Rulebook) -> dict[str, Any]:
    return {
        "slug": book.slug,
        "title": book.title,
        "acknowledged": book.acknowledged,
        "chapters": [chapter.id for chapter in book.chapters],
        "items": [item_snapshot(item) for item in book.items()],
        "problems": sorted((d.subtype, d.severity.value) for d in check_book(book)),
    }


def convert(book: Rulebook, folder: Path, **options: Any) -> Rulebook:
    write_book(book, folder, **options)
    return load_book(load_config(folder))


@pytest.mark.parametrize("name", SEED_BOOKS)
def test_round_trip(name: str, tmp_path: Path) -> None:
    book = load_book(load_config(SEEDS / name))
    again = convert(book, tmp_path / name)
    assert snapshot(again) == snapshot(book)
    # Converting the converted book changes nothing: the YAML is a fixed point.
    assert to_yaml(again) == to_yaml(book)


@pytest.mark.parametrize("name", SEED_BOOKS)
def test_round_trip_keeps_the_configured_scheme(name: str, tmp_path: Path) -> None:
    config = load_config(SEEDS / name)
    files = convert_book(config)
    assert f'numbering = "{config.scheme.value}"' in files["book.toml"]
    assert f"order = {config.order}" in files["book.toml"]
    folder = tmp_path / name
    folder.mkdir()
    for file_name, text in files.items():
        (folder / file_name).write_text(text, encoding="utf-8")
    assert snapshot(load_book(load_config(folder))) == snapshot(load_book(config))


def test_one_file_per_chapter_and_a_book_toml() -> None:
    files = to_yaml(load_book(load_config(SEEDS / "netrunner-cr")))
    assert sorted(files) == ["04_game_zones.yaml", "08_card_manipulation.yaml", "book.toml"]
    assert '[acknowledged."duplicate-term"]' in files["book.toml"]
    assert to_yaml(load_book(load_config(SEEDS / "technomancy")))["book.toml"].count(
        "[[chapters]]") == 1


def test_explicit_numbers_only_where_the_scheme_differs() -> None:
    files = to_yaml(load_book(load_config(SEEDS / "technomancy")))
    data = yaml.safe_load(files["technomancy_game_rules.yaml"])
    assert data["chapter"] == "tm"
    sections = data["sections"]
    # Sections are numbered 0-6 at positions 1-7: each says its number ...
    assert [(s["section"], s["number"]) for s in sections] == [
        (f"tm_{n}", str(n)) for n in range(7)]
    # ... while rules follow from their position and write none.
    assert "number" not in yaml.dump(sections[3]["rules"])
    assert 'numbering = "outline"' in files["book.toml"]
    assert 'number = ""' in files["book.toml"]
    cr = to_yaml(load_book(load_config(SEEDS / "targets-and-costs")))
    assert "number:" not in cr["targets_and_costs.yaml"]
    assert 'numbering = "cr"' in cr["book.toml"]


def test_ids_survive_conversion(tmp_path: Path) -> None:
    book = load_book(load_config(SEEDS / "technomancy"))
    again = convert(book, tmp_path / "tm")
    assert again.get("tm_3_4_3_1") is not None
    assert again.get("tm_3_4_3_1").number == "3.4.3.1"  # type: ignore[union-attr]


EVERYTHING = """\
chapter: chpt_x
text: X
toc_entry: The {term:X} chapter
sections:
- section: sec_a
  text: A
  new:
  snippet: Short {term:Alpha}.
  examples:
  - text: Section-level example with [click] and [c].
  - text: A new one.
    new: true
  rules:
  - subsection: sub_b
    text: To {term:rez} is {n}new {card:Harbinger} text{/n}, see {ref:r1,r2} and {Ref:r1}.
    steps:
    toc:
    timing_structure:
    - First step
    - text: Second step
      bold: true
      new: true
      elements:
      - Nested
      - text: Named
        id: custom_id
    rules:
    - rule: r1
      text: '{Ref/through:r1,r2} and {ref/through:r1,r2}; {subtype:Bioroid}, {product:Core Set}.'
    - rule: r2
      text: 'A {link:link|https://example.org/a?b=c}, an {img:credit}.'
      rules:
      - rule: r3
        text: Braces {curly:like this} and [sub][trash].
"""


def test_every_construct_round_trips(tmp_path: Path) -> None:
    folder = tmp_path / "src"
    folder.mkdir()
    (folder / "x.yaml").write_text(EVERYTHING, encoding="utf-8")
    (folder / "book.toml").write_text(
        'title = "X"\nformat = "cr-yaml"\n[[chapters]]\nfile = "x.yaml"\nnumber = 5\n')
    book = load_book(load_config(folder))
    again = convert(book, tmp_path / "out")
    assert snapshot(again) == snapshot(book)
    kinds = {item.id: item.kind for item in again.items()}
    assert kinds["r1"] is Kind.STEP and kinds["sub_b_2_a"] is Kind.TIMING
    assert again.get("custom_id") is not None
    text = (tmp_path / "out" / "x.yaml").read_text(encoding="utf-8")
    for construct in ("{Ref/through:r1,r2}", "{curly:like this}", "[sub][trash]", "[c]",
                      "{n}new {card:Harbinger} text{/n}", "{link:link|https://example.org/a?b=c}",
                      "id: custom_id", "steps: true"):
        assert construct in text


STRUCTURES = """\
chapter: chpt_s
text: S
sections:
- section: sec_own
  text: Own and bare
  timing_structure:
  - Own step
  rules:
  - timing_structure:
      elements:
      - text: Bare step
        elements:
        - Sub step
  - timing_structure:
      id: named_structure
      elements:
      - Second bare
- section: sec_bare
  text: Bare only
  rules:
  - timing_structure:
      id: given
      elements:
      - text: First
        id: custom_element
        elements:
        - Under it
      - Second
"""


def test_several_structures_of_one_item_round_trip(tmp_path: Path) -> None:
    """The first structure of an item is ``<item>_1…`` whichever kind it is; later
    ones keep their own prefix; only IDs the numbering would not derive are written."""
    folder = tmp_path / "src"
    folder.mkdir()
    (folder / "s.yaml").write_text(STRUCTURES, encoding="utf-8")
    (folder / "book.toml").write_text(
        'title = "S"\nformat = "cr-yaml"\n[[chapters]]\nfile = "s.yaml"\nnumber = 11\n')
    book = load_book(load_config(folder))
    timing = [(i.id, i.number) for i in book.items() if i.kind is Kind.TIMING]
    assert timing == [
        ("sec_own_1", "11.1_1"),
        ("sec_own_timing_1", "11.1-2_1"),
        ("sec_own_timing_1_a", "11.1-2_1_a"),
        ("named_structure_1", "11.1-3_1"),
        ("custom_element", "11.2_1"),
        ("custom_element_a", "11.2_1_a"),
        ("sec_bare_2", "11.2_2"),
    ]
    again = convert(book, tmp_path / "out")
    assert snapshot(again) == snapshot(book)
    written = yaml.safe_load((tmp_path / "out" / "s.yaml").read_text(encoding="utf-8"))
    ids: list[str] = []

    def collect(node: Any) -> None:
        if isinstance(node, dict):
            ids.extend(str(v) for k, v in node.items() if k == "id")
            for value in node.values():
                collect(value)
        elif isinstance(node, list):
            for value in node:
                collect(value)

    collect(written)
    assert sorted(ids) == ["custom_element", "given", "named_structure"]


@pytest.mark.parametrize(("text", "written"), [
    ("a { b", "a {lbrace} b"),
    ("a } b {", "a {rbrace} b {lbrace}"),
    ("{c} and {term:x", "{curly:c} and {lbrace}term:x"),
    ("{{}", "{lbrace}{curly:}"),
])
def test_literal_braces_are_written_so_they_read_back_as_text(text: str, written: str) -> None:
    """Broken markup the reader kept as written (a lone brace, ``{c}``) is
    written back as markup that reads as the same text, without a warning."""
    where = Position("f.md", 3, 4)
    assert markup((Text(text, where),), where) == written
    problems: list[Diagnostic] = []
    again = parse_inline(written, text_locator(written, where), problems)
    assert [node.text for node in again if isinstance(node, Text)] == [text]
    assert problems == []


def test_text_markup_cannot_express_is_an_error() -> None:
    where = Position("f.md", 3, 4)
    with pytest.raises(RulesSourceError) as literal:
        markup((Text("press [click] now", where),), where)
    assert str(literal.value).startswith(
        "f.md:3:4: text cannot be written as CR YAML markup without changing it")
    assert markup((Text("a {b} c", where), Symbol("click", "[click]", where)), where) == (
        "a {curly:b} c[click]")


def test_unnumbered_book_is_refused() -> None:
    chapter = read_chapter_text("chapter: c\ntext: C\n", "c.yaml").chapter
    chapter.children.append(Item(Kind.SECTION, "", (Text("S", chapter.pos),),
                                 Position("c.yaml", 2, 1)))
    book = Rulebook("b", "B", [chapter])
    with pytest.raises(RulesSourceError, match=r"^c.yaml:2:1: section \? has no ID"):
        to_yaml(book)


def test_scheme_that_cannot_reproduce_is_refused() -> None:
    book = load_book(load_config(SEEDS / "technomancy"))
    with pytest.raises(RulesSourceError, match="cannot be reproduced by the cr numbering"):
        to_yaml(book, scheme=Scheme.CR)


FORMAT_BOOK = Path(__file__).resolve().parents[1] / "roots" / "test-format" / "books" / "fmt"


def test_the_whole_format_round_trips(tmp_path: Path) -> None:
    """Bare timing structures, snippets and capitalised targets survive ``convert``."""
    book = load_book(load_config(FORMAT_BOOK))
    again = convert(book, tmp_path / "fmt")
    assert snapshot(again) == snapshot(book)
    structures = [i.id for i in again.items() if i.kind is Kind.TIMING_STRUCTURE]
    assert structures == [
        "sec_turn_structure_timing",
        "sec_run_structure_timing",
        "sub_run_encounter_timing",
        "rule_after_structure_timing",
    ]
    text = (tmp_path / "fmt" / "11_timing_structures.yaml").read_text(encoding="utf-8")
    # Capitalised targets are written as the rules team wrote them.
    assert "{ref:Sec_zones}" in text and "{ref/through:Step_one,step_three}" in text
    data = yaml.safe_load(text)
    first = data["sections"][0]["rules"][0]
    assert set(first) == {"timing_structure"}
    assert first["timing_structure"]["bold"] is True
    assert first["timing_structure"]["elements"][0]["text"] == "Draw phase"
    assert first["timing_structure"]["elements"][0]["elements"][2]["new"] is True
