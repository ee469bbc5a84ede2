"""Technomancy: a small rules engine for the Technomancy Game Rules seed rulebook.

Every step it takes is logged with the rule it applies, so ``print(game.log)`` reads as a
trace citing rules. Start from :class:`Game` (``Game.start`` or ``Game.given``).

The game has the shape of every game here: ``state`` (cards, abilities, scrip, effects,
the game state and the table), ``procedures`` (one module per rules section: turns,
priority and the stack, playing, layers, actions, setup), ``cards`` (the sample cards,
built from the ability kinds in ``state``) and the ``game`` facade, each importing only
the ones before it.
"""

from rulesref.engine.log import Log, LogEntry
from rulesref.games.technomancy.cards.sample_cards import SAMPLE_CARDS, STARTER_DECK
from rulesref.games.technomancy.errors import CannotPay, IllegalAction, IllegalDeck, RulesError
from rulesref.games.technomancy.game import Game, deck_level
from rulesref.games.technomancy.procedures.setup import PlayerSetup
from rulesref.games.technomancy.procedures.views import CardInfo
from rulesref.games.technomancy.rules import RULES
from rulesref.games.technomancy.state.catalog import CardCatalog
from rulesref.games.technomancy.state.effects import Layer
from rulesref.games.technomancy.state.modes import MATRIX, GameMode
from rulesref.games.technomancy.state.objects import CardDefinition, CardType, Zone
from rulesref.games.technomancy.state.phases import Phase
from rulesref.games.technomancy.state.scrip import Scrip, Scrips

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
