"""The numbers offered for one that does not exist (``rulesref show``/``search``):
its neighbours in book order and the number that heads it."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rulesref.numbering import nearest_numbers, number_key


def numbers() -> st.SearchStrategy[str]:
    digits = st.lists(st.integers(1, 12).map(str), min_size=1, max_size=3)
    letter = st.sampled_from(["", "a", "b", "e"])
    return st.builds(lambda ds, x: ".".join(ds) + (x if len(ds) == 3 else ""), digits, letter)


def test_book_order_puts_ten_after_nine_and_a_rule_before_its_letters() -> None:
    ordered = sorted(["10.1", "9.9", "8.1.2e", "8.1.2", "8.1.10", "8.1.2a", "8"], key=number_key)
    assert ordered == ["8", "8.1.2", "8.1.2a", "8.1.2e", "8.1.10", "9.9", "10.1"]


@given(st.lists(numbers(), min_size=1, max_size=40), numbers())
def test_the_nearest_are_numbers_of_the_book_around_the_missing_one(
        book: list[str], missing: str) -> None:
    existing = sorted(set(book), key=number_key)
    near = nearest_numbers(book, missing)
    assert set(near) <= set(existing)
    assert near == sorted(near, key=number_key)
    if missing in existing:
        return
    before = [n for n in existing if number_key(n) < number_key(missing)]
    after = [n for n in existing if number_key(n) > number_key(missing)]
    # the two on each side of where it would be …
    assert set(before[-2:]) | set(after[:2]) <= set(near)
    # … and the deepest number that heads it, when the book has one
    heads = [h for h in (".".join(missing.split(".")[:d]) for d in (2, 1)) if h in existing]
    if heads:
        assert heads[0] in near
    assert len(near) <= 5
