"""Technomancy: a small rules engine for the Technomancy Game Rules seed rulebook.

Every step it takes is logged with the rule it applies, so ``print(game.log)`` reads as a
trace citing rules. Start from :class:`Game` (``Game.start`` or ``Game.given``).
"""

from rulesref.engine.log import Log, LogEntry
from rulesref.games.technomancy.cards import CardDefinition, CardType, Zone
from rulesref.games.technomancy.catalog import CardCatalog
from rulesref.games.technomancy.errors import CannotPay, IllegalAction, IllegalDeck, RulesError
from rulesref.games.technomancy.game import Game
from rulesref.games.technomancy.layers import Layer
from rulesref.games.technomancy.modes import MATRIX, GameMode, deck_level
from rulesref.games.technomancy.phases import Phase
from rulesref.games.technomancy.rules import RULES
from rulesref.games.technomancy.sample_cards import SAMPLE_CARDS, STARTER_DECK
from rulesref.games.technomancy.scrip import Scrip, Scrips
from rulesref.games.technomancy.setup import PlayerSetup
from rulesref.games.technomancy.views import CardInfo

__all__ = [
    "MATRIX",
    "RULES",
    "SAMPLE_CARDS",
    "STARTER_DECK",
    "CannotPay",
    "CardCatalog",
    "CardDefinition",
    "CardInfo",
    "CardType",
    "Game",
    "GameMode",
    "IllegalAction",
    "IllegalDeck",
    "Layer",
    "Log",
    "LogEntry",
    "Phase",
    "PlayerSetup",
    "RulesError",
    "Scrip",
    "Scrips",
    "Zone",
    "deck_level",
]
