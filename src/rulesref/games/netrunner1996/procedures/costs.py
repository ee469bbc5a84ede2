"""Paying costs: actions and bits, all of a cost or none of it (rule 1.1).

Every part of a cost must be payable before any is paid; actions can only come from the
current turn of the side paying, and never from a later one.
"""

from __future__ import annotations

from rulesref.engine.errors import CannotPay
from rulesref.games.netrunner1996.state.costs import Cost, plural
from rulesref.games.netrunner1996.state.objects import Side
from rulesref.games.netrunner1996.state.table import Table

COSTS = "nr96_card_effects_and_costs_1"


def check_can_pay(game: Table, side: Side, cost: Cost, what: str, rule: str = COSTS) -> None:
    """Refuse unless every part of ``cost`` can be paid now (the action rolls back)."""
    if cost.actions:
        if game.turn is not side:
            raise CannotPay(
                f"{what} costs an action, and the {side} can only take actions on its own "
                f"turn (it is the {game.turn}'s turn)",
                COSTS,
            )
        left = game.actions(side)
        if left < cost.actions:
            raise CannotPay(
                f"{what} costs {cost}; the {side} has {plural(left, 'action')} left and "
                "cannot borrow future actions",
                COSTS,
            )
    bits = game.bits(side)
    if bits < cost.bits:
        raise CannotPay(
            f"{what} costs {cost}; the {side} has {plural(bits, 'bit')}: all costs must be "
            "satisfied",
            rule,
        )


def pay(game: Table, side: Side, cost: Cost, what: str, rule: str = COSTS) -> None:
    """Pay all of ``cost`` or nothing; ``rule`` is cited when bits are short (a rez cost
    an effect brings cites rule 1.2)."""
    check_can_pay(game, side, cost, what, rule)
    s = game.sides[side]
    s.actions -= cost.actions
    s.bits -= cost.bits
    game.log.record(
        COSTS,
        f"the {side} pays {cost} for {what} "
        f"({plural(s.actions, 'action')}, {plural(s.bits, 'bit')} left)",
    )
