"""The term finder of "first use" links against the regular expression it
replaced (kept here as the specification): the same uses, in the same places,
for any terms and any text."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from rulesref.sphinx.features.links import TermFinder

WORDS = ["run", "runs", "rez", "ice", "card", "cards", "hidden", "zone", "zones", "face",
         "down", "face-down", "Run", "ICE", "access", "accesses", "es", "s"]
SEPARATORS = [" ", "  ", "\n", ", ", ". ", "-", "(", ")", "'"]


def reference(keys: list[str], text: str) -> list[tuple[int, int]]:
    ordered = sorted(keys, key=lambda k: (-len(k), k))
    words = "|".join(r"\s+".join(map(re.escape, key.split())) for key in ordered)
    pattern = re.compile(rf"(?<![\w-])(?:{words})(?:s|es)?(?![\w-])", re.IGNORECASE)
    return [match.span() for match in pattern.finditer(text)]


terms = st.lists(
    st.lists(st.sampled_from(WORDS[:12]), min_size=1, max_size=3).map(" ".join),
    min_size=1, max_size=6, unique=True,
).map(lambda keys: [key.casefold() for key in keys])
texts = st.lists(st.tuples(st.sampled_from(WORDS), st.sampled_from(SEPARATORS)),
                 max_size=20).map(lambda parts: "".join(w + s for w, s in parts))


@given(terms, texts)
def test_the_finder_matches_the_regular_expression(keys: list[str], text: str) -> None:
    assert list(TermFinder(keys).finditer(text)) == reference(keys, text)


def test_longest_term_first_and_plurals() -> None:
    finder = TermFinder(["hidden zone", "hidden", "zone", "run"])
    text = "Hidden zones are runs of hidden cards in a zone, rezzed."
    assert [text[a:b] for a, b in finder.finditer(text)] == [
        "Hidden zones", "runs", "hidden", "zone"]
