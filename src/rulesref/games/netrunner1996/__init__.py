"""Netrunner 1996: a minimal engine for the excerpt "Card Effects and Costs" and "Keywords".

It runs on the rules kernel (:mod:`rulesref.engine`): the kernel's log, errors, zones,
board-description reader, decisions and rollback.  Actions are the unit of a turn (Corp 3,
Runner 4). Every step is logged with the excerpt rule it applies, so ``print(game.log)``
reads as a trace. Start from :meth:`Game.given`.

The game has the shape of every game here: ``state`` (cards, costs, the table),
``procedures`` (paying costs, resolving effects, keywords, runs, turns, setup),
``cards`` (the sample cards) and the ``game`` facade, each importing only the ones
before it.
"""

from rulesref.engine.errors import BadSetup, CannotPay, IllegalAction, IllegalChoice
from rulesref.engine.log import Log, LogEntry
from rulesref.games.netrunner1996.cards.sample_cards import SAMPLE_CARDS
from rulesref.games.netrunner1996.game import ACTIONS_PER_TURN, CorpSetup, Game, RunnerSetup
from rulesref.games.netrunner1996.rules import RULES
from rulesref.games.netrunner1996.state.costs import Cost
from rulesref.games.netrunner1996.state.objects import (
    Ability,
    Breaker,
    Card,
    CardDefinition,
    CardType,
    Side,
    Zone,
)

__all__ = [
    "ACTIONS_PER_TURN",
    "RULES",
    "SAMPLE_CARDS",
    "Ability",
    "BadSetup",
    "Breaker",
    "CannotPay",
    "Card",
    "CardDefinition",
    "CardType",
    "CorpSetup",
    "Cost",
    "Game",
    "IllegalAction",
    "IllegalChoice",
    "Log",
    "LogEntry",
    "RunnerSetup",
    "Side",
    "Zone",
]
