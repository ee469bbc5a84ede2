"""A small, explicit, event-driven rules kernel that knows no particular game.

Games (see :mod:`rulesref.games`) build on it: they define their zones, the
events that count as movements, their procedures and their cards.  The kernel
supplies what every card game's rules lean on:

* :mod:`~rulesref.engine.objects` - cards as objects whose identity changes when
  they move, and references that notice this;
* :mod:`~rulesref.engine.zones` - zones with a visibility, each card in exactly one;
* :mod:`~rulesref.engine.events` - events with an imminent / occurred / prevented
  life, and the turn's history that "first time each turn" conditions read;
* :mod:`~rulesref.engine.timing` - interrupts, conditions, checkpoints and
  pending abilities;
* :mod:`~rulesref.engine.costs` and :mod:`~rulesref.engine.targets` - paying all at
  once or not at all, and announcing targets;
* :mod:`~rulesref.engine.log` - a trace in which every step cites the rules it applies.
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
