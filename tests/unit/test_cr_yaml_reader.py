from __future__ import annotations

import hashlib
import json
from pathlib import Path

from rulesref.books import load_book, load_config
from rulesref.errors import Position
from rulesref.model import CardRef, Kind, Ref, Symbol, Term
from rulesref.readers.cr_yaml import read_chapter_text

ROOT = Path(__file__).resolve().parents[2]


def test_seed_manifest_hashes() -> None:
    manifest = json.loads((ROOT / "seeds" / "manifest.json").read_text())
    assert len(manifest["seeds"]) == 5
    for entry in manifest["seeds"]:
        data = (ROOT / "seeds" / entry["path"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == entry["sha256"], entry["path"]
        original = ROOT.parent / "shared" / "seeds" / entry["original"]
        if original.exists():
            assert original.read_bytes() == data


def test_whole_format() -> None:
    source = """\
chapter: chpt_x
text: X
toc_entry: The X chapter
sections:
- section: sec_a
  text: A
  new:
  snippet: Short {term:Alpha}.
  examples:
  - text: Section-level example with [click].
  rules:
  - rule: r1
    text: See {ref:r2} and {card:Harbinger}.
    examples:
    - text: First.
    - text: Second.
      new: true
    rules:
    - rule: r1_nested
      text: Nested under a rule.
  - subsection: sub
    text: Steps of doing it
    toc:
    steps:
    rules:
    - rule: r2
      text: Do it.
  - rule: r3
    text: "{n}Brand new{/n}"
"""
    chapter = read_chapter_text(source, "x.yaml").chapter
    assert chapter.toc_entry is not None and chapter.toc
    section = chapter.children[0]
    assert section.new and section.snippet and isinstance(section.snippet[1], Term)
    assert isinstance(section.examples[0].text[1], Symbol)
    r1 = section.children[0]
    assert [e.anchor for e in r1.examples] == ["r1-example-1", "r1-example-2"]
    assert r1.examples[1].new and not r1.examples[0].new
    assert isinstance(r1.text[1], Ref) and isinstance(r1.text[3], CardRef)
    assert r1.children[0].id == "r1_nested" and r1.children[0].pos == Position("x.yaml", 19, 7)
    sub = section.children[1]
    assert sub.kind is Kind.SUBSECTION and sub.steps and sub.toc


def test_seed_positions_and_examples() -> None:
    book = load_book(load_config(ROOT / "seeds" / "netrunner-cr"))
    rez = book.get("rule_rez_procedure")
    assert rez is not None
    assert rez.pos == Position("seeds/netrunner-cr/08_card_manipulation.yaml", 24, 7) or \
        rez.pos.line == 24
    examples = {e.anchor for _, e in book.examples()}
    assert examples == {
        "sec_replacing_movements-example-1",
        "rule_cancelled_movement-example-1",
        "rule_drawn_card_swapped-example-1",
        "rule_reveal_from_hidden-example-1",
    }
    ids = [item.id for item in book.items()]
    assert len(ids) == len(set(ids)) == 92
