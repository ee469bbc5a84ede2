"""Term links a judge trusts (issue 23): a defined term's use is linked to its
definition only where the use is unambiguous, at most once a rule, and never
as part of another word; print shows numbers for rule references, not terms."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from sphinx_site import page

from rulesref.everyday import is_everyday, written_as_a_name
from test_hardening_cli import write_book

CHAPTER = """\
chapter: c
text: C
sections:
- section: s
  text: S
  rules:
  - rule: r_def
    text: "To {term:rez} a card. A {term:full} memory. The {term:hidden zone}. The \
{term:stack} of cards. To {term:trash} it. A {term:checkpoint} occurs."
  - rule: r_use
    text: "The Corp may rez it, then rez it again. When memory is full, trash a card \
from the hidden zone, or from the Stack; stacks grow. A checkpoint occurs. Rezzing is rez."
"""


def test_everyday_words_and_names() -> None:
    assert is_everyday("takes") and is_everyday("full") and is_everyday("Pays")
    assert not is_everyday("rez") and not is_everyday("subroutine")
    text = "Cards in the Stack. Stack cards."
    assert written_as_a_name(text, text.index("Stack"))
    assert not written_as_a_name(text, text.rindex("Stack"))  # the start of a sentence
    assert not written_as_a_name(text, 0) and not written_as_a_name("a stack", 2)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("terms")
    folder = write_book(root / "books", chapters={"c.yaml": CHAPTER})
    toml = (folder / "book.toml").read_text(encoding="utf-8")
    (folder / "book.toml").write_text('never_link = ["Checkpoint"]\n' + toml, encoding="utf-8")
    out = root / "site"
    done = subprocess.run(
        [sys.executable, "-m", "rulesref.cli", "--books", str(root / "books"), "--examples",
         str(root / "none"), "build", "--out", str(out)],
        capture_output=True, text=True, check=False, cwd=root,
        env={**os.environ, "PYTHONWARNINGS": "ignore"},
    )
    assert done.returncode == 0, done.stderr
    return out


def test_only_unambiguous_uses_are_linked_once_a_rule(site: Path) -> None:
    chapter = page(site, "rules/book/c")
    rule = chapter.by_id("r_use")
    linked = [a.text().strip() for a in rule.find_all("a")
              if {"rr-term-ref", "rr-term-use"} & set(a.classes)]
    # "rez" once, though used thrice; "hidden zone" (two words); "Stack" written as a
    # name.  Not "full" or "trash" (everyday English), not "stacks" written as a word,
    # not "checkpoint" (the book never links it), not the "rez" inside "Rezzing".
    assert linked == ["rez", "hidden zone", "Stack"]


def test_print_shows_no_number_after_a_term(site: Path) -> None:
    html = (site / "rules" / "book" / "c.html").read_text(encoding="utf-8")
    assert 'class="rr-term-use"' in html and "rr-print-target" not in html
