"""Searching and shuffling a deck: every card left in it becomes a new object, and the
order is random (rule_deck_order_while_searching, rule_shuffle_deck_after_search).  The
new objects' ids tell nothing of the order the deck was in before: a player who noted
where each card was cannot follow it through the shuffle by its new id."""

from __future__ import annotations

from collections.abc import Callable

from rulesref.games.netrunner import Game
from rulesref.games.netrunner.state.objects import NetrunnerCard

SEEDS = range(4)
#: Runner cards with distinct titles, so that a deck's order can be told by title.
STACK = [
    "Corroder",
    "Gordian Blade",
    "Cache",
    "Kati Jones",
    "Mimic",
    "Femme Fatale",
    "Wyrm",
    "Fall Guy",
    "Diesel",
    "Akamatsu Mem Chip",
    "Caldera",
    "Cyberfeeder",
    "Decoy",
    "Dyson Mem Chip",
    "Gbahali",
    "Inside Job",
]


def _titles(cards: list[NetrunnerCard]) -> list[str]:
    return [c.title for c in cards]


def _by_new_id(cards: list[NetrunnerCard]) -> list[str]:
    return [c.title for c in sorted(cards, key=lambda c: c.object_id)]


def _shuffled(play: Callable[[int], Game], before: list[str]) -> tuple[set[tuple[str, ...]], bool]:
    """Play ``play(seed)`` for a few seeds: the orders the stack ends in, and whether its
    new ids ever fail to follow ``before`` (the order its cards were in before the
    shuffle).  Each time, every card left in the stack is a new object."""
    orders: set[tuple[str, ...]] = set()
    ids_hide_the_old_order = False
    for seed in SEEDS:
        game = play(seed)
        stack = game.runner.stack
        orders.add(tuple(_titles(stack)))
        kept = [t for t in before if t in _titles(stack)]
        ids_hide_the_old_order |= _by_new_id(stack) != kept
    return orders, ids_hide_the_old_order


def _old_ids(game: Game) -> set[int]:
    return {c.object_id for c in game.runner.stack}


def test_searching_renews_the_stack_in_an_order_its_new_ids_do_not_give_away() -> None:
    def play(seed: int) -> Game:
        game = Game.given(runner={"stack": STACK}, turn="runner", seed=seed)
        old = _old_ids(game)
        game.search("stack", "Cache", by="runner")
        assert not old & _old_ids(game)
        return game

    orders, hidden = _shuffled(play, STACK)
    assert len(orders) > 1
    assert hidden, "the new ids follow the order the stack was in before the search"


def test_a_shuffled_stack_is_renewed_in_an_order_its_new_ids_do_not_give_away() -> None:
    """Ashen Epilogue shuffles the stack (shuffle_deck), then removes its top 5 cards and
    draws 5: which cards are left, and in which order, depends on the shuffle."""

    def play(seed: int) -> Game:
        game = Game.given(
            runner={"grip": ["Ashen Epilogue"], "stack": STACK}, turn="runner", seed=seed
        )
        old = _old_ids(game)
        game.play("Ashen Epilogue")
        assert len(game.runner.stack) == len(STACK) - 10
        assert not old & _old_ids(game)
        return game

    orders, hidden = _shuffled(play, STACK)
    assert len(orders) > 1
    assert hidden, "the new ids follow the order the stack was in before the shuffle"


def test_a_search_for_a_kind_of_card_renews_the_stack_it_shuffles() -> None:
    """Test Run searches the stack for a program (search_for): the Runner chooses
    Corroder, and the rest of the stack is shuffled into new objects."""

    def play(seed: int) -> Game:
        game = Game.given(
            runner={"grip": ["Test Run"], "stack": STACK, "credits": 3},
            turn="runner",
            seed=seed,
        )
        old = _old_ids(game)
        game.runner.answers("stack", "Corroder")
        game.play("Test Run")
        assert game.card("Corroder").installed
        assert not old & _old_ids(game)
        return game

    orders, hidden = _shuffled(play, STACK)
    assert len(orders) > 1
    assert hidden, "the new ids follow the order the stack was in before the search"
