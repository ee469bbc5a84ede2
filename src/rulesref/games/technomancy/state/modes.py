"""Game modes (rule 2) and the deck rules checked before a game starts (rules 1.4, 1.5)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from rulesref.games.technomancy.errors import IllegalDeck
from rulesref.games.technomancy.state.catalog import CardCatalog


@dataclass(frozen=True)
class GameMode:
    """The numbers a mode fixes; each field cites the rule that sets it."""

    name: str
    deck_size: int
    max_copies: int
    starting_health: int
    hand_size: int
    rule: str
    deck_size_rule: str
    max_copies_rule: str
    starting_health_rule: str
    hand_size_rule: str

    def check_deck(self, player: str, deck: Sequence[str], catalog: CardCatalog) -> None:
        """Refuse a deck this mode does not allow, naming the rule it breaks."""
        if len(deck) != self.deck_size:
            raise IllegalDeck(
                f"{self.name} mode is played with {self.deck_size} card decks: "
                f"{player}'s deck has {len(deck)}",
                self.deck_size_rule,
            )
        for name, copies in Counter(deck).items():
            if catalog[name].created_only:
                raise IllegalDeck(f"{name} is only ever created during a game", "tm_5_2_1")
            if copies > self.max_copies:
                raise IllegalDeck(
                    f"each card may only have {self.max_copies} copies in a {self.name} deck: "
                    f"{player}'s deck has {copies} {name}",
                    self.max_copies_rule,
                )


#: The Matrix game mode: 50-card decks, at most four copies, 20 health, six cards in hand.
MATRIX = GameMode(
    name="Matrix",
    deck_size=50,
    max_copies=4,
    starting_health=20,
    hand_size=6,
    rule="tm_2_1",
    deck_size_rule="tm_2_1_1",
    max_copies_rule="tm_2_1_2",
    starting_health_rule="tm_2_1_3",
    hand_size_rule="tm_2_1_4",
)


def deck_level(deck: Sequence[str], catalog: CardCatalog) -> int:
    """A deck's level is its highest card level.

    The rulebook gives a maximum deck level (rule 1.5) without saying how a deck's level is
    found; the highest level among its cards is the reading that makes the maximum a cap on
    which cards may be played, so that is the one implemented.
    """
    return max((catalog[name].level for name in deck), default=0)
