"""Everyday English verbs and adjectives, which the site never links as terms.

A rulebook defines "take", "full" or "pays" as terms; linking every use of
such a word to its definition is noise a judge learns to ignore, and then
the links that matter are ignored too.  So a one-word term's use is linked
only when the word, as written, is not in this list (built from maintained
lexicons by ``tools/build_everyday_words.py`` and shipped as data), or when
it is written as a name (a capital in the middle of a sentence: "Archives").
"""

from __future__ import annotations

from functools import cache
from importlib import resources


@cache
def everyday_words() -> frozenset[str]:
    text = resources.files("rulesref").joinpath("data/everyday_words.txt").read_text("utf-8")
    return frozenset(
        line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")
    )


def written_as_a_name(text: str, start: int) -> bool:
    """The word at ``start`` has a capital and does not begin a sentence."""
    if not text[start:start + 1].isupper():
        return False
    before = text[:start].rstrip()
    return bool(before) and before[-1] not in ".!?:\"“(["


def is_everyday(word: str) -> bool:
    return word.casefold().replace("\u2019", "'") in everyday_words()
