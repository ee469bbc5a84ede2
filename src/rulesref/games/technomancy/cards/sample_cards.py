"""Invented cards for the scenarios: each one exists to exercise a rule.

Names say what the cards do. "Corp1 Relay" … "Corp5 Relay" are free, factionless Buildings
that tap for one scrip of their kind, the way the rest of the cards get paid for.  Each
family of cards is defined in its own module of :mod:`rulesref.games.technomancy.sample`;
this module puts them together into the catalog.
"""

from __future__ import annotations

from rulesref.games.technomancy.cards.agents import AGENTS
from rulesref.games.technomancy.cards.buildings import BUILDINGS
from rulesref.games.technomancy.cards.effects import relay
from rulesref.games.technomancy.cards.programs import PROGRAMS
from rulesref.games.technomancy.cards.quickhacks import QUICKHACKS
from rulesref.games.technomancy.state.catalog import CardCatalog
from rulesref.games.technomancy.state.scrip import Scrip

#: The cards the engine knows, by title: what scenarios may put in hands, decks and play.
SAMPLE_CARDS = CardCatalog(
    [
        *(relay(kind) for kind in Scrip),
        *AGENTS,
        *BUILDINGS,
        *QUICKHACKS,
        *PROGRAMS,
    ]
)

#: A legal Matrix-mode deck of level 1 cards: 50 cards, no more than four copies of any.
STARTER_DECK: tuple[str, ...] = (
    *("Corp1 Relay", "Corp2 Relay", "Corp3 Relay") * 4,
    *("Street Samurai", "Netrunner Kid", "Netwatch Agent", "Squad Leader") * 4,
    *("Short Circuit", "Nanoweave", "Patch Job", "Reboot", "Data Mine") * 4,
    "Overclock",
    "Dampener",
)
