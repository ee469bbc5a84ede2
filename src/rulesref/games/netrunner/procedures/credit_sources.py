"""Credits hosted on cards: which may pay what, how a payment is divided, and recurring
credits placed and refilled.

By default credits are spent from the credit pool.  A card hosting credits may let
them pay some uses (its behaviour says which, and why); when any may, the player
divides the payment between the pool and those cards.  Credits on cards are never
lost, only spent.  A card with N recurring credits gets N as it becomes active and is
refilled up to N, never beyond, before its controller's turn begins.
"""

from __future__ import annotations

from rulesref.games.netrunner.procedures.choices import choose_number
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.payments import Payment
from rulesref.games.netrunner.state.table import Table

CREDIT = "credit"


def hosted_sources(game: Table, side: str, payment: Payment) -> list[tuple[NetrunnerCard, str]]:
    """``side``'s active cards whose hosted credits may pay ``payment``, each with the
    rule that lets them."""
    found = []
    for card in game.player(side).installed:
        behaviour = card.behaviour
        if behaviour is None or not behaviour.active or not card.counters[CREDIT]:
            continue
        rule = behaviour.hosted_credits_for(payment)
        if rule is not None:
            found.append((card, rule))
    return found


def available(game: Table, side: str, payment: Payment) -> int:
    """The credits ``side`` can spend on ``payment``: the pool and the allowed cards."""
    hosted = sum(card.counters[CREDIT] for card, _ in hosted_sources(game, side, payment))
    return game.player(side).credits + hosted


def spend(game: Table, side: str, amount: int, payment: Payment) -> int:
    """Spend ``amount`` credits on ``payment``; the player divides them between the
    allowed cards and the pool.  Returns how many came from the pool."""
    sources = hosted_sources(game, side, payment)
    player = game.player(side)
    left = amount
    for index, (card, rule) in enumerate(sources):
        others = player.credits + sum(c.counters[CREDIT] for c, _ in sources[index + 1 :])
        low, high = max(0, left - others), min(card.counters[CREDIT], left)
        count = choose_number(
            game,
            side,
            f"{payment}: spend how many of the {card.counters[CREDIT]} credits hosted on "
            f"{card.title} ({left} to pay)?",
            "rule_spend_credits",
            low,
            high,
        )
        if count:
            card.counters[CREDIT] -= count
            left -= count
            game.log.record(
                ("rule_spend_credits", rule),
                f"{side.title()} spends {count} of the credits hosted on {card.title} ({payment})",
            )
    player.credits -= left
    return left


def place_recurring(game: Table, card: NetrunnerCard) -> None:
    """A card with recurring credits becomes active: its credits are placed on it."""
    behaviour = card.behaviour
    if behaviour is None or not behaviour.recurring_credits:
        return
    card.counters[CREDIT] += behaviour.recurring_credits
    game.log.record(
        ("rule_recurring_credits", "rule_placing_recurring_credits"),
        f"{card.title} becomes active: {behaviour.recurring_credits} recurring "
        f"credit{'' if behaviour.recurring_credits == 1 else 's'} "
        "placed on it",
    )


def refill_recurring(game: Table, side: str, step: str) -> None:
    """Before ``side``'s turn begins, each of their active cards with N recurring credits
    gets credits up to N (they do not accumulate)."""
    for card in game.player(side).installed:
        behaviour = card.behaviour
        if behaviour is None or not behaviour.recurring_credits or not behaviour.active:
            continue
        missing = behaviour.recurring_credits - card.counters[CREDIT]
        if missing > 0:
            card.counters[CREDIT] += missing
        game.log.record(
            ("rule_refill_recurring_credits", "rule_recurring_credits_do_not_accumulate", step),
            f"{card.title}'s recurring credits are refilled up to "
            f"{behaviour.recurring_credits}: {max(missing, 0)} placed",
        )
