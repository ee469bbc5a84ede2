"""What makes a method of the game a public action: the rules' all-or-nothing.

A public action is refused when the game is over, settles after it is done (a
checkpoint, then the pending abilities), and if the rules refuse any part of it the
game is put back exactly as it was (:mod:`rulesref.engine.transactions`).  An action
called from inside another joins the outer one's rollback.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesref.engine.errors import IllegalAction, RulesViolation
from rulesref.engine.transactions import transactional
from rulesref.games.netrunner.cards import base

if TYPE_CHECKING:
    from rulesref.games.netrunner.game import Game

#: The errors after which an action is undone: the rules refused it, or it needs a card
#: behaviour the engine does not have.
REFUSALS = (RulesViolation, base.UnimplementedCard)

def _refuse_when_over(game: Game) -> None:
    if game.winner is not None:
        raise IllegalAction(f"the game is over: the {game.winner.title()} has won")


def _settle(game: Game) -> None:
    if game.winner is None:
        game.timing.settle()


#: A public action: refused if the game is over, settled after, and undone as a whole if
#: anything in it is refused.
action = transactional(
    refusals=REFUSALS,
    settle=_settle,
    guard=_refuse_when_over,
    shared=lambda game: game._shared(),
)
