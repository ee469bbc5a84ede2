"""The board-description reader every game's ``Game.given`` shares."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulesref.engine.errors import BadSetup
from rulesref.engine.setup import check_keys, count, parse_entry, titles


def test_flags_and_numbers_either_way_round() -> None:
    entry = parse_entry(
        "Street Samurai (tapped, health 3, 2 counters)",
        flags={"tapped"},
        numbers={"health", "counter"},
    )
    assert entry.title == "Street Samurai"
    assert entry.flags == {"tapped"}
    assert entry.number("health") == 3 and entry.number("counter") == 2
    assert parse_entry("Ice Wall", flags={"rezzed"}).flags == frozenset()
    assert parse_entry("Nightfall (1 counter)", numbers={"counter"}).number("counter") == 1


@pytest.mark.parametrize(
    "bad", ["Data Wall (rezed)", "Data Wall (3 bits)", "(rezzed)", "Data Wall (a (b))"]
)
def test_unknown_words_are_refused_naming_the_key(bad: str) -> None:
    with pytest.raises(BadSetup) as refused:
        parse_entry(bad, flags={"rezzed"}, numbers={"counter"}, key="ice")
    assert refused.value.rule == "ice"


def test_keys_lists_and_counts() -> None:
    assert titles("Ice Wall", "hq") == ["Ice Wall"]
    with pytest.raises(BadSetup):
        titles(3, "hq")
    with pytest.raises(BadSetup) as refused:
        check_keys("Corp", {"hq": [], "cerdits": 3}, {"hq", "credits"})
    assert refused.value.rule == "cerdits"
    assert count({"bits": 2}, "bits", 5) == 2 and count({}, "bits", 5) == 5
    for wrong in (-1, True, "3"):
        with pytest.raises(BadSetup):
            count({"bits": wrong}, "bits", 5)


@given(st.text(max_size=40))
def test_any_text_is_read_or_refused_never_crashes(text: str) -> None:
    try:
        entry = parse_entry(text, flags={"rezzed"}, numbers={"counter"})
    except BadSetup:
        return
    assert entry.title and "(" not in entry.title
