"""Searching a deck: the found card is not a target; the deck is shuffled after."""

from __future__ import annotations

from collections.abc import Callable

from rulesref.games.netrunner.procedures.choices import choose_card
from rulesref.games.netrunner.procedures.movements import add, relocate, side_label
from rulesref.games.netrunner.state.events import Search
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.table import Table
from rulesref.games.netrunner.state.zones import ZoneType


def search(game: Table, deck_owner: str, title: str, *, by: str) -> None:
    """Search a deck for a card by title, add it to the hand, shuffle the deck."""
    deck = game.zones.get(ZoneType.DECK, deck_owner)
    found = next((c for c in deck.cards if c.title.casefold() == title.casefold()), None)
    event = Search(by, [found] if found else [])

    def effect() -> None:
        game.log.record(
            "tc_1_1_1a",
            f"{side_label(by)} looks through {deck.name}; the card "
            "found is not a target and needs no announcement",
        )
        if found is not None:
            relocate(game, found, ZoneType.SET_ASIDE, None, faceup=True)

    game.timing.perform(
        event,
        effect,
        rules=Search.rules,
        announce=f"{side_label(by)} searches {deck.name} for {title}",
    )
    if found is not None:
        add(game, found, ZoneType.HAND, by, by=by)
    game.rng.shuffle(deck.cards)
    for card in deck.cards:
        game.zones.renew(card)
    game.log.record(
        "rule_deck_order_while_searching",
        f"{side_label(by)} shuffles {deck.name}: the order of the searched cards was not kept",
    )


def shuffle_deck(game: Table, deck_owner: str, *, by: str) -> None:
    """Shuffle a deck: every card in it becomes a new object in a random order."""
    deck = game.zones.get(ZoneType.DECK, deck_owner)
    game.rng.shuffle(deck.cards)
    for card in deck.cards:
        game.zones.renew(card)
    game.log.record((), f"{side_label(by)} shuffles {deck.name}")


def search_for(
    game: Table,
    deck_owner: str,
    wanted: str,
    matches: Callable[[NetrunnerCard], bool],
    *,
    by: str,
    cause: str,
) -> NetrunnerCard | None:
    """Search a deck for one card that ``matches`` (``wanted`` says which, in words): the
    searcher looks through the deck and chooses one, if there is any; it is set aside for
    the instruction to go on with (install it, add it ...), and the deck is shuffled
    first.  An instruction that goes on to install or play the card found says so in
    ``matches``: only a card it could install or play can be found."""
    deck = game.zones.get(ZoneType.DECK, deck_owner)
    found: list[NetrunnerCard] = []

    def effect() -> None:
        candidates = [c for c in deck.cards if matches(c)]
        game.log.record(
            "tc_1_1_1a",
            f"{side_label(by)} looks through {deck.name} for {wanted}; the card found is not a "
            "target and needs no announcement",
        )
        if candidates:
            game.player(by).learn(candidates)
            chosen = choose_card(game, by, f"{cause}: which {wanted}?", cause, candidates)
            relocate(game, chosen, ZoneType.SET_ASIDE, None, faceup=True)
            found.append(chosen)

    game.timing.perform(
        Search(by, []),
        effect,
        rules=Search.rules,
        announce=f"{side_label(by)} searches {deck.name} for {wanted} ({cause})",
    )
    game.rng.shuffle(deck.cards)
    for card in deck.cards:
        game.zones.renew(card)
    game.log.record(
        ("rule_shuffle_deck_after_search", "rule_deck_order_while_searching"),
        f"{side_label(by)} shuffles {deck.name} as soon as the search is complete, before "
        f"anything is done with {'the card found' if found else 'what was found'}",
    )
    return found[0] if found else None
