"""Nothing lost at model level: every word of a seed, less the markup noise,
is in the model (titles, rule text, examples, section numbers) at least as
many times as in the source."""

from __future__ import annotations

from collections import Counter

import pytest
from reader_helpers import SEEDS, seed_book

from rulesref.model import Inlines, Kind, NewText, Rulebook, Symbol, plain_text, walk_inlines
from seed_words import (
    helpndoc_source,
    markdown_outline_source,
    plain_text_source,
    words,
)


def source_text(inlines: Inlines) -> str:
    """Like plain_text, but a symbol counts as the spelling the author wrote."""
    return "".join(
        node.source if isinstance(node, Symbol) else plain_text((node,))
        for node in inlines if not isinstance(node, NewText)
    ) + "".join(plain_text(n.children) for n in walk_inlines(inlines) if isinstance(n, NewText))


def model_words(book: Rulebook) -> Counter[str]:
    bag: Counter[str] = Counter()
    for item in book.items():
        bag += words(source_text(item.text))
        if item.kind is Kind.SECTION:
            bag += words(item.number)
        for example in item.examples:
            bag += words(source_text(example.text))
    return bag


CASES = [
    ("technomancy", "technomancy_game_rules.md", markdown_outline_source),
    ("targets-and-costs", "targets_and_costs.helpndoc.md", helpndoc_source),
    ("netrunner-1996", "card_effects_and_costs.txt", plain_text_source),
]


@pytest.mark.parametrize(("book", "file", "clean"), CASES, ids=[c[0] for c in CASES])
def test_every_word_is_in_the_model(book: str, file: str, clean: object) -> None:
    assert callable(clean)
    source = (SEEDS / book / file).read_text(encoding="utf-8")
    expected = words(clean(source))
    found = model_words(seed_book(book))
    missing = {word: count - found[word] for word, count in expected.items()
               if found[word] < count}
    assert not missing, f"words of {file} missing from the model: {missing}"
    assert sum(expected.values()) > 300


def test_the_noise_is_really_gone() -> None:
    """The exemptions above are only markup: they hold no word of the rules."""
    source = (SEEDS / "targets-and-costs" / "targets_and_costs.helpndoc.md").read_text(
        encoding="utf-8")
    removed = words(source) - words(helpndoc_source(source))
    assert set(removed) <= {
        "nbsp", "1", "example", "created", "with", "the", "personal", "edition", "of",
        "helpndoc", "create", "iphone", "web", "based", "documentation", "https", "www",
        "com", "feature", "tour", "website", "generation",
    }
    assert removed["example"] == 9
