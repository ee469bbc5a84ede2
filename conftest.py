"""Run every scenario of the library with pytest: one test item per scenario.

The library is package data (``src/rulesref/data/scenarios/<family>/*.md``, so
an installed rulesref has it); this test machinery is not, so it lives here,
at the root, and collects only below the library's folder.

A scenario backs one example, so it is one test: Sybil's stock MyST doctest
parser would make an item per ``>>>`` line.  Here the scenario's
``{doctest}`` fences form one region, run in order in one fresh namespace by
the standard library's doctest runner, and a failure cites the file's own line
numbers, whichever fence it is in.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from sybil import Document, Example, Region, Sybil

from rulesref.scenarios import DoctestBlock, doctest_blocks, run_doctest_block


def evaluate_blocks(example: Example) -> str | None:
    blocks: list[DoctestBlock] = example.parsed
    reports = []
    for block in blocks:
        failed, report = run_doctest_block(block, Path(example.path), example.namespace)
        if failed:
            reports.append(report)
    return "".join(reports) or None


def parse_doctest_fences(document: Document) -> Iterable[Region]:
    blocks = doctest_blocks(document.text)
    if blocks:
        yield Region(blocks[0].start, blocks[-1].end, blocks, evaluate_blocks)


pytest_collect_file = Sybil(
    parsers=[parse_doctest_fences],
    patterns=["*/*.md"],
    path="src/rulesref/data/scenarios",
).pytest()
