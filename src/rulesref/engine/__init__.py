"""A small, explicit rules kernel that knows no particular game, shared by every game.

Games (see :mod:`rulesref.games`) build on it: each defines its zones, cards,
procedures and timing.  The kernel supplies only what every game's engine uses:

* :mod:`~rulesref.engine.objects` - cards as objects whose identity changes when
  they move, and references that notice this;
* :mod:`~rulesref.engine.zones` - zones with a visibility, each card in exactly one;
* :mod:`~rulesref.engine.decisions` - the choices the rules ask a player, asked at
  that moment and answered by a script;
* :mod:`~rulesref.engine.transactions` - the one decorator that makes a public
  action all or nothing, given the game's refusals and the step that settles it;
* :mod:`~rulesref.engine.log` - the one trace, in which every step cites the rules
  it applies;
* :mod:`~rulesref.engine.setup` - the board descriptions ``Game.given`` reads;
* :mod:`~rulesref.engine.errors` - the rules' refusals, each naming its rule.

Timing mechanisms belong to the game whose rules have them: Netrunner's events,
interrupts, checkpoints, costs and targets are in :mod:`rulesref.games.netrunner.timing`,
Technomancy's stack and priority in its own procedures.
"""

from rulesref.engine.errors import (
    BadSetup,
    CannotPay,
    IllegalAction,
    IllegalChoice,
    InvalidTarget,
    RulesViolation,
)
from rulesref.engine.log import Log, LogEntry

__all__ = [
    "BadSetup",
    "CannotPay",
    "IllegalAction",
    "IllegalChoice",
    "InvalidTarget",
    "Log",
    "LogEntry",
    "RulesViolation",
]
