"""Android: Netrunner on the :mod:`rulesref.engine` kernel.

>>> from rulesref.games.netrunner import Game
>>> game = Game.given(runner={"rig": ["Harbinger", "Wasteland"], "credits": 0})
>>> game.trash("Harbinger", by="runner")
>>> game.card("Harbinger")
<Harbinger: rig, facedown>

The game has four layers, each importing only the ones below it (checked by
``lint-imports``): :mod:`~rulesref.games.netrunner.timing` (events, abilities,
checkpoints, costs, targets), :mod:`~rulesref.games.netrunner.state` (cards,
zones, players, the run, the table), :mod:`~rulesref.games.netrunner.procedures`
(one module per section of the rules, each taking the table) and
:mod:`~rulesref.games.netrunner.cards` (one behaviour per card, made of the
shared vocabulary), with :mod:`~rulesref.games.netrunner.game` on top: the
facade a scenario drives.
"""

from rulesref.engine.errors import (
    BadSetup,
    CannotPay,
    IllegalAction,
    IllegalChoice,
    InvalidTarget,
    RulesViolation,
)
from rulesref.games.netrunner.errors import UnimplementedCard
from rulesref.games.netrunner.game import Game
from rulesref.games.netrunner.procedures.decks import DeckReport, check_deck
from rulesref.games.netrunner.state.events import MOVEMENT_EVENTS
from rulesref.games.netrunner.state.zones import ZoneType

__all__ = [
    "MOVEMENT_EVENTS",
    "BadSetup",
    "CannotPay",
    "DeckReport",
    "Game",
    "IllegalAction",
    "IllegalChoice",
    "InvalidTarget",
    "RulesViolation",
    "UnimplementedCard",
    "ZoneType",
    "check_deck",
]
