"""Shared pieces of the property tests: text strategies and a scratch book folder."""

from __future__ import annotations

import atexit
import shutil
import tempfile
from pathlib import Path

from hypothesis import strategies as st

from rulesref.errors import Diagnostic, Position, RulesSourceError

#: Fragments every reader gives a meaning to, mixed with arbitrary characters.
FRAGMENTS = [
    "{", "}", "{term:", "{ref:", "{ref/through:", "{Ref:", "{card:", "{img:", "{link:",
    "{n}", "{/n}", "{curly:", "[click]", "[", "]", "|", ":", "#", "##", "1.", "   ", "\n",
    "\n\n", "- ", "* ", "**", "_", "`", "&nbsp;", "&amp;", "&#", "Example:", "KEYWORDS:",
    "A card reads:", "chapter:", "section:", "rules:", "rule:", "text:", "examples:",
    "&a ", "*a", "!!python/object", "'", '"', "\t", "\r", "\x1f", "\u2028", "\ufeff",
    "..", "/", "TODO", "sec_x", "<b>", "](", "![x](/etc/passwd)", "[t](http://x)",
]

texts = st.lists(
    st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=8)), max_size=40
).map("".join)

#: Hypothesis runs a test many times in one call of it, so the examples write
#: beside each other in one folder of the test process, removed when it exits.
SCRATCH = Path(tempfile.mkdtemp(prefix="rulesref-property-"))
atexit.register(shutil.rmtree, SCRATCH, ignore_errors=True)


def assert_located(problem: RulesSourceError | Diagnostic) -> None:
    """A problem a rules team can act on: one line, a file, a real position."""
    text = str(problem)
    assert "\n" not in text, text
    pos: Position = problem.pos
    assert pos.file, text
    assert pos.line >= 1 and pos.col >= 1, text
