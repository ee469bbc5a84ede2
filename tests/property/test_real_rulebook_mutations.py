"""The real rulebook, changed one way at a time as real files differ: each
change costs at most the item it touches.

Each example takes one chapter of the real Netrunner Comprehensive Rules
(``../shared/reference/netrunner-cr-25.04/input``, read from the project's
neighbour folder and never copied; ``RULESREF_REFERENCE`` names another
folder holding ``netrunner-cr-25.04``), changes one item of it (an ID with
punctuation, an unknown ``{tag}``, an unknown, wrongly typed or missing
optional key, a block scalar at its key's indentation, an empty list, a tab, a
duplicated ID, broken YAML) or the whole file (a byte-order mark, CRLF line
endings), and proves that

* every other item of the chapter is read with the same kind, ID and words,
  in the same place (the touched one keeps its place too);
* the problem is reported at the touched item's lines by ``rulesref check``
  on the chapter as a book, which exits 2 for an error and, with
  ``--strict``, non-zero for a warning (a change that is no problem at all
  reports no error).

What is expected is derived from the files, never typed in.  Without the
folder the test is skipped, unless ``RULESREF_REQUIRE_REFERENCE=1`` (CI),
then it fails.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
from functools import cache
from typing import Any
from unittest import mock

import pytest
import yaml
from helpers import SCRATCH
from hypothesis import given, settings
from hypothesis import strategies as st
from mutated_chapters import (
    FILE_MUTATIONS,
    INPUT,
    ITEM_MUTATIONS,
    Chapter,
    chapters,
    mutations,
    shape,
)

from real_rulebook import REQUIRE
from rulesref.cli import main
from rulesref.errors import Severity
from rulesref.readers.cr_yaml import read_chapter_text


@pytest.fixture(scope="module")
def book() -> tuple[Chapter, ...]:
    found = chapters()
    if not found:
        if os.environ.get(REQUIRE) == "1":
            pytest.fail(f"the real rulebook is required ({REQUIRE}=1) but missing: {INPUT}")
        pytest.skip(f"the real rulebook is not here: {INPUT}")
    return found


def positions(source: str, name: str) -> list[Any]:
    result = read_chapter_text(source, name)
    return [(i.pos, i.text, [e.text for e in i.examples]) for i in result.chapter.walk()] + [
        str(d) for d in result.diagnostics
    ]


def check(name: str, number: int, source: str, strict: bool) -> tuple[int, str, str]:
    """``rulesref check`` of the chapter as a book of its own: exit status,
    what it printed and what it printed as errors."""
    books = SCRATCH / "real-book"
    folder = books / "cr"
    folder.mkdir(parents=True, exist_ok=True)
    (SCRATCH / "no-scenarios").mkdir(exist_ok=True)
    (folder / "book.toml").write_text(
        f'title = "CR"\nformat = "cr-yaml"\nnumbering = "cr"\n'
        f'[[chapters]]\nfile = "{name}"\nnumber = {number}\n',
        encoding="utf-8",
    )
    (folder / name).write_bytes(source.encode("utf-8"))
    out, err = io.StringIO(), io.StringIO()
    args = ["--books", str(books), "--examples", str(SCRATCH / "no-scenarios"), "--no-library",
            "check"]
    with (
        mock.patch.dict(os.environ, {"RULESREF_CACHE_DIR": str(SCRATCH / "cache")}),
        contextlib.redirect_stdout(out),
        contextlib.redirect_stderr(err),
    ):
        code = main([*args, "--strict"] if strict else args)
    for path in folder.iterdir():
        path.unlink()
    return code, out.getvalue(), err.getvalue()


@cache
def unchanged(name: str, number: int, source: str) -> tuple[int, str, str]:
    return check(name, number, source, strict=False)


def located(printed: str, name: str) -> set[int]:
    """The lines of ``name`` that printed problems point at."""
    where = re.compile(rf"(?:^|/){re.escape(name)}:(\d+):\d+: ", re.MULTILINE)
    return {int(line) for line in where.findall(printed)}


KINDS = sorted([*ITEM_MUTATIONS, *FILE_MUTATIONS])


@pytest.mark.parametrize("kind", KINDS)
@settings(max_examples=max(2, settings().max_examples // 6))
@given(data=st.data())
def test_a_change_costs_at_most_the_item_it_touches(
    book: tuple[Chapter, ...], kind: str, data: st.DataObject
) -> None:
    mutation = data.draw(mutations(kind))
    chapter, name = mutation.chapter, mutation.chapter.path.name
    source = "\n".join(mutation.lines)
    after = shape(read_chapter_text(source, name).chapter)
    assert len(after) == len(chapter.shape)
    touched = mutation.touched.index if mutation.touched else -1
    for index, (was, now) in enumerate(zip(chapter.shape, after, strict=True)):
        if index != touched:
            assert now == was, (kind, index)
            continue
        assert now[0] == was[0]  # the touched item holds its place, as the same kind
        if mutation.words_kept:
            assert now[2:4] == was[2:4]
    strict = mutation.error is False and bool(mutation.reported)
    code, out, err = check(name, chapter.number, source, strict)
    if mutation.touched is None:  # the same file, written otherwise: the same book
        assert positions(source, name) == positions(chapter.source, name)
        assert (code, out, err) == unchanged(name, chapter.number, chapter.source)
    elif not mutation.reported:  # no problem at all
        assert code != 2 and not located(err, name)
    elif mutation.error:
        assert code == 2 and located(err, name) & mutation.reported
    elif mutation.error is None:
        assert code != 0 and located(out + err, name) & mutation.reported
    else:
        assert code == 1 and not located(err, name)
        assert located(out, name) & mutation.reported


def test_the_real_rulebook_reads_without_an_error_and_loses_no_text(
    book: tuple[Chapter, ...],
) -> None:
    """Its quirks, found here independently of the reader, are warnings at the
    characters written: a ``{word}`` that is no markup, and prose that YAML
    itself reads as a mapping key (text not indented past its key), which is
    shown where it stands."""
    for chapter in book:
        result = read_chapter_text(chapter.source, chapter.path.name)
        assert all(d.severity is Severity.WARNING for d in result.diagnostics)
        warned = {(d.pos.line, d.pos.col) for d in result.diagnostics}
        for number, line in enumerate(chapter.lines, 1):
            for found in re.finditer(r"\{([^{}:]*)\}", line):
                if found.group(1) not in ("n", "/n", "lbrace", "rbrace"):
                    assert (number, found.start() + 1) in warned
        starts = {
            (nodes[0].pos.line, nodes[0].pos.col)
            for item in result.chapter.walk()
            for nodes in [item.text, *(example.text for example in item.examples)]
            if nodes
        }
        for key in prose_keys(yaml.compose(chapter.source, Loader=yaml.SafeLoader)):
            assert (key.start_mark.line + 1, key.start_mark.column + 1) in starts
            assert (key.start_mark.line + 1, key.start_mark.column + 1) in warned


def prose_keys(root: yaml.Node | None) -> list[yaml.ScalarNode]:
    """Mapping keys that are words with spaces between them, as YAML reads them."""
    found: list[yaml.ScalarNode] = []
    stack = [root] if root is not None else []
    while stack:
        node = stack.pop()
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                if isinstance(key, yaml.ScalarNode) and " " in str(key.value).strip():
                    found.append(key)
                stack.append(value)
        elif isinstance(node, yaml.SequenceNode):
            stack.extend(node.value)
    return found
