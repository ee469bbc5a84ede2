"""How the trace names a card: by its name, with its owner when two players have one.

Every procedure and card effect names cards the same way, so a reader can tell whose
Street Samurai dies when both players have one.
"""

from __future__ import annotations

from rulesref.games.technomancy.state.table import Table


def label(game: Table, card_id: int) -> str:
    """A card's name, with its owner when another player has a card of the same name."""
    return labels(game)[card_id]


def labels(game: Table) -> dict[int, str]:
    """:func:`label` of every card, in one pass over the cards: the views name
    every card on each look at the battlefield, and a label per card, each
    scanning every card, made three starter decks cost a second."""
    owners: dict[str, set[str]] = {}
    for card in game.state.cards.values():
        owners.setdefault(card.name, set()).add(card.owner)
    return {
        card.id: card.name if len(owners[card.name]) == 1 else f"{card.owner}'s {card.name}"
        for card in game.state.cards.values()
    }
