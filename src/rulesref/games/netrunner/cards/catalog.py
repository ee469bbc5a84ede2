"""The card catalog: every card module, imported so that each registers its behaviours,
and the lookup the game hands its table (a title becomes its behaviour class)."""

import rulesref.games.netrunner.cards.agendas
import rulesref.games.netrunner.cards.ambush_ice
import rulesref.games.netrunner.cards.ambushes
import rulesref.games.netrunner.cards.assets
import rulesref.games.netrunner.cards.barriers
import rulesref.games.netrunner.cards.black_ops
import rulesref.games.netrunner.cards.breach_events
import rulesref.games.netrunner.cards.code_gates
import rulesref.games.netrunner.cards.currents
import rulesref.games.netrunner.cards.daemons
import rulesref.games.netrunner.cards.damage_values
import rulesref.games.netrunner.cards.deck_events
import rulesref.games.netrunner.cards.encounter_tools
import rulesref.games.netrunner.cards.events
import rulesref.games.netrunner.cards.exposure
import rulesref.games.netrunner.cards.first_install
import rulesref.games.netrunner.cards.gray_ops
import rulesref.games.netrunner.cards.hardware
import rulesref.games.netrunner.cards.heap_abilities
import rulesref.games.netrunner.cards.hosted_payloads
import rulesref.games.netrunner.cards.hq_size
import rulesref.games.netrunner.cards.ice
import rulesref.games.netrunner.cards.ice_access
import rulesref.games.netrunner.cards.ice_chapter9
import rulesref.games.netrunner.cards.ice_instructions
import rulesref.games.netrunner.cards.ice_runs
import rulesref.games.netrunner.cards.icebreakers
import rulesref.games.netrunner.cards.identities
import rulesref.games.netrunner.cards.link_hardware
import rulesref.games.netrunner.cards.loaded
import rulesref.games.netrunner.cards.locations
import rulesref.games.netrunner.cards.meat_damage
import rulesref.games.netrunner.cards.naming
import rulesref.games.netrunner.cards.net_damage
import rulesref.games.netrunner.cards.net_damage_ice
import rulesref.games.netrunner.cards.new_remotes
import rulesref.games.netrunner.cards.operations
import rulesref.games.netrunner.cards.oppo_research
import rulesref.games.netrunner.cards.programs
import rulesref.games.netrunner.cards.programs_chapter9
import rulesref.games.netrunner.cards.pumped_breakers
import rulesref.games.netrunner.cards.regions
import rulesref.games.netrunner.cards.replacements
import rulesref.games.netrunner.cards.resolving_events
import rulesref.games.netrunner.cards.resources
import rulesref.games.netrunner.cards.run_events
import rulesref.games.netrunner.cards.run_hardware
import rulesref.games.netrunner.cards.run_identities
import rulesref.games.netrunner.cards.run_programs
import rulesref.games.netrunner.cards.run_resources
import rulesref.games.netrunner.cards.run_upgrades
import rulesref.games.netrunner.cards.saboteurs
import rulesref.games.netrunner.cards.shields
import rulesref.games.netrunner.cards.swappers
import rulesref.games.netrunner.cards.sysops
import rulesref.games.netrunner.cards.tag_agendas
import rulesref.games.netrunner.cards.tag_values
import rulesref.games.netrunner.cards.tagging
import rulesref.games.netrunner.cards.this_turn_events
import rulesref.games.netrunner.cards.tracers
import rulesref.games.netrunner.cards.trash_triggers
import rulesref.games.netrunner.cards.trojans
import rulesref.games.netrunner.cards.tucana
import rulesref.games.netrunner.cards.turn_begins
import rulesref.games.netrunner.cards.upgrades
import rulesref.games.netrunner.cards.viruses
import rulesref.games.netrunner.cards.when_scored  # noqa: F401  (registration by import)
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
