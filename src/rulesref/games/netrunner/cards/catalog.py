"""Every card module, imported so that each registers its behaviours."""

import rulesref.games.netrunner.cards.agendas
import rulesref.games.netrunner.cards.assets
import rulesref.games.netrunner.cards.events
import rulesref.games.netrunner.cards.hardware
import rulesref.games.netrunner.cards.ice
import rulesref.games.netrunner.cards.icebreakers
import rulesref.games.netrunner.cards.identities
import rulesref.games.netrunner.cards.operations
import rulesref.games.netrunner.cards.programs
import rulesref.games.netrunner.cards.resources
import rulesref.games.netrunner.cards.run_events
import rulesref.games.netrunner.cards.shields
import rulesref.games.netrunner.cards.upgrades
import rulesref.games.netrunner.cards.viruses  # noqa: F401  (registration by import)
from rulesref.games.netrunner.cards.base import REGISTRY

__all__ = ["REGISTRY"]
