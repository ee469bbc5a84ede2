"""A book's inline markup sorted by kind in one walk (rulesref.book_inlines): each
list holds what walking the whole book for that kind finds, in the same order."""

from __future__ import annotations

from pathlib import Path

import pytest

from real_rulebook import copy_release
from rulesref.book_inlines import book_inlines
from rulesref.books import load_book, load_config
from rulesref.init import init_book
from rulesref.model import CardRef, Image, Link, Ref, Rulebook

ROOT = Path(__file__).resolve().parents[2]
KINDS = {"refs": Ref, "cards": CardRef, "links": Link, "images": Image}


def walked(book: Rulebook, kind: type) -> list[tuple[object, str, object]]:
    return [(node, item.id, example) for node, item, example in book.inlines()
            if isinstance(node, kind)]


def assert_sorted_as_walked(book: Rulebook) -> dict[str, int]:
    found = book_inlines(book)
    counts = {}
    for name, kind in KINDS.items():
        placed = getattr(found, name)
        assert [(p.node, p.item.id, p.example) for p in placed] == walked(book, kind), name
        counts[name] = len(placed)
    assert found.terms == list(book.terms())
    counts["terms"] = len(found.terms)
    return counts


def test_the_real_rulebook_sorted_in_one_walk(tmp_path: Path) -> None:
    made = init_book(copy_release(tmp_path / "release"))
    counts = assert_sorted_as_walked(load_book(load_config(made.path.parent)))
    assert all(counts[kind] for kind in ("refs", "cards", "terms")), counts


def test_every_kind_in_text_snippets_and_examples(tmp_path: Path) -> None:
    folder = tmp_path / "book"
    folder.mkdir()
    (folder / "c.yaml").write_text(
        "chapter: c\ntext: Chapter\nsections:\n"
        "- section: s\n  text: A {term:turn}, see {ref:r}\n  rules:\n"
        "  - rule: r\n"
        "    text: '{card:Hedge Fund} {link:site|https://example.org} {img:icon}'\n"
        "    snippet: '{ref:s} and {term:not a definition}'\n"
        "    examples:\n"
        "    - text: '{ref:s}, {card:Sure Gamble}, {img:other} and {link:x|mailto:a@b.c}'\n",
        encoding="utf-8")
    (folder / "book.toml").write_text(
        'title = "T"\nformat = "cr-yaml"\nnumbering = "cr"\nid_prefix = "p"\n'
        '[[chapters]]\nfile = "c.yaml"\nnumber = 1\n', encoding="utf-8")
    book = load_book(load_config(folder))
    counts = assert_sorted_as_walked(book)
    assert counts == {"refs": 3, "cards": 2, "links": 2, "images": 2, "terms": 1}


@pytest.mark.parametrize("slug", ["netrunner-cr", "targets-and-costs", "netrunner-1996",
                                  "technomancy"])
def test_the_seeds_sorted_in_one_walk(slug: str) -> None:
    assert_sorted_as_walked(load_book(load_config(ROOT / "seeds" / slug)))
