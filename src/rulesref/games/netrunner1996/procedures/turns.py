"""The Corp's and the Runner's turns: actions are the unit of a turn (Corp 3, Runner 4).

Advancing is the Corp's basic action; ending a turn gives the other side its actions.
"""

from __future__ import annotations

from rulesref.engine.errors import IllegalAction
from rulesref.games.netrunner1996.procedures.costs import pay
from rulesref.games.netrunner1996.state.costs import Cost
from rulesref.games.netrunner1996.state.objects import Card, Side
from rulesref.games.netrunner1996.state.table import ACTIONS_PER_TURN, Table


def advance(game: Table, card: Card) -> None:
    """The Corp's basic action: one action and one bit for one advancement counter."""
    if not card.definition.can_be_advanced:
        raise IllegalAction(f"{card.title} cannot be advanced")
    pay(game, Side.CORP, Cost(actions=1, bits=1), f"advancing {card.title}")
    card.counters["advancement"] += 1
    game.log.record((), f"the Corp advances {card.title} ({card.advancement} counters)")


def end_turn(game: Table) -> None:
    ending = game.turn
    starting = Side.RUNNER if ending is Side.CORP else Side.CORP
    game.sides[ending].actions = 0
    game.turn = starting
    game.sides[starting].actions = ACTIONS_PER_TURN[starting]
    game.stolen_this_turn = []
    game.log.record(
        (),
        f"the {ending}'s turn ends; the {starting}'s turn begins with "
        f"{ACTIONS_PER_TURN[starting]} actions",
    )
