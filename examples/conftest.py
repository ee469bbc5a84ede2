"""Run every scenario's doctests with pytest: one test item per ``{doctest}`` fence.

Sybil's stock MyST doctest parser makes one item per ``>>>`` line; a scenario's
fence is one story, so here each fence is one region, run by the standard
library's doctest runner with the file's own line numbers.  Each document gets
a fresh namespace (Sybil's per-document namespace).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from sybil import Document, Example, Region, Sybil

from rulesref.scenarios import DoctestBlock, doctest_blocks, run_doctest_block


def evaluate_block(example: Example) -> str | None:
    block: DoctestBlock = example.parsed
    failed, report = run_doctest_block(block, Path(example.path), example.namespace)
    return report if failed else None


def parse_doctest_fences(document: Document) -> Iterable[Region]:
    for block in doctest_blocks(document.text):
        yield Region(block.start, block.end, block, evaluate_block)


pytest_collect_file = Sybil(
    parsers=[parse_doctest_fences],
    patterns=["*.md"],
).pytest()
