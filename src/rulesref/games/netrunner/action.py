"""What makes a method of the game a public action: the rules' all-or-nothing.

A public action is refused when the game is over, settles after it is done (a
checkpoint, then the pending abilities), and if the rules refuse any part of it the
game is put back exactly as it was (:mod:`rulesref.engine.transactions`).  An action
called from inside another joins the outer one's rollback.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar, cast

from rulesref.engine.errors import IllegalAction, RulesViolation
from rulesref.engine.transactions import Snapshot
from rulesref.games.netrunner.cards import base

if TYPE_CHECKING:
    from rulesref.games.netrunner.game import Game

#: The errors after which an action is undone: the rules refused it, or it needs a card
#: behaviour the engine does not have.
REFUSALS = (RulesViolation, base.UnimplementedCard)

M = TypeVar("M", bound=Callable[..., Any])


def action(method: M) -> M:
    """A public action: refused if the game is over, settled after, and undone as a
    whole if anything in it is refused (:mod:`rulesref.engine.transactions`)."""

    @functools.wraps(method)
    def run(self: Game, *args: Any, **kwargs: Any) -> Any:
        if self._in_action:
            return method(self, *args, **kwargs)
        if self.winner is not None:
            raise IllegalAction(f"the game is over: the {self.winner.title()} has won")
        snapshot = Snapshot(self, self._shared())
        self._in_action = True
        try:
            result = method(self, *args, **kwargs)
            if self.winner is None:
                self.timing.settle()
        except REFUSALS:
            snapshot.restore()
            raise
        finally:
            self._in_action = False
        return result

    return cast(M, run)
