"""Android: Netrunner on the :mod:`rulesref.engine` kernel.

>>> from rulesref.games.netrunner import Game
>>> game = Game.given(runner={"rig": ["Harbinger", "Wasteland"], "credits": 0})
>>> game.trash("Harbinger", by="runner")
>>> game.card("Harbinger")
<Harbinger: rig, facedown>
"""

from rulesref.engine.errors import (
    BadSetup,
    CannotPay,
    IllegalAction,
    IllegalChoice,
    InvalidTarget,
    RulesViolation,
)
from rulesref.games.netrunner.cards.base import UnimplementedCard
from rulesref.games.netrunner.game import Game
from rulesref.games.netrunner.zones import ZoneType

__all__ = [
    "BadSetup",
    "CannotPay",
    "Game",
    "IllegalAction",
    "IllegalChoice",
    "InvalidTarget",
    "RulesViolation",
    "UnimplementedCard",
    "ZoneType",
]
