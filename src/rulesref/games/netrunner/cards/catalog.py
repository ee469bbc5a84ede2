"""The card catalog: every card module, imported so that each registers its behaviours,
and the lookup the game hands its table (a title becomes its behaviour class)."""

import rulesref.games.netrunner.cards.agendas
import rulesref.games.netrunner.cards.assets
import rulesref.games.netrunner.cards.breach_events
import rulesref.games.netrunner.cards.currents
import rulesref.games.netrunner.cards.damage_choosers
import rulesref.games.netrunner.cards.damage_values
import rulesref.games.netrunner.cards.events
import rulesref.games.netrunner.cards.hardware
import rulesref.games.netrunner.cards.hq_size
import rulesref.games.netrunner.cards.ice
import rulesref.games.netrunner.cards.ice_access
import rulesref.games.netrunner.cards.ice_chapter9
import rulesref.games.netrunner.cards.ice_instructions
import rulesref.games.netrunner.cards.ice_runs
import rulesref.games.netrunner.cards.icebreakers
import rulesref.games.netrunner.cards.identities
import rulesref.games.netrunner.cards.operations
import rulesref.games.netrunner.cards.programs
import rulesref.games.netrunner.cards.programs_chapter9
import rulesref.games.netrunner.cards.replacements
import rulesref.games.netrunner.cards.resources
import rulesref.games.netrunner.cards.run_events
import rulesref.games.netrunner.cards.run_hardware
import rulesref.games.netrunner.cards.run_programs
import rulesref.games.netrunner.cards.run_resources
import rulesref.games.netrunner.cards.run_upgrades
import rulesref.games.netrunner.cards.shields
import rulesref.games.netrunner.cards.tag_values
import rulesref.games.netrunner.cards.upgrades
import rulesref.games.netrunner.cards.viruses  # noqa: F401  (registration by import)
from rulesref.games.netrunner.cards.base import REGISTRY
from rulesref.games.netrunner.errors import UnimplementedCard
from rulesref.games.netrunner.state.behaviour import CardBehaviour

__all__ = ["REGISTRY", "behaviour_class"]


def behaviour_class(title: str) -> type[CardBehaviour]:
    """The behaviour of the card called ``title``; a title with none is refused."""
    try:
        return REGISTRY[title]
    except KeyError:
        raise UnimplementedCard(title) from None
