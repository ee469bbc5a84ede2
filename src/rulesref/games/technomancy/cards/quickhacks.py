"""Quickhacks: the invented quickhacks, played whenever their player has priority."""

from __future__ import annotations

from rulesref.games.technomancy.cards.effects import (
    QUICKHACK,
    add_damage,
    add_health,
    add_scrip,
    become_corp5,
    cost,
    deal,
    gain_control,
    itself,
    lose_abilities,
    patch_job,
    reboot,
    set_damage,
    until_end_of_turn,
)
from rulesref.games.technomancy.state.abilities import EventKind, TriggeredAbility
from rulesref.games.technomancy.state.effects import Layer
from rulesref.games.technomancy.state.objects import CardDefinition
from rulesref.games.technomancy.state.scrip import Scrip

QUICKHACKS: tuple[CardDefinition, ...] = (
    CardDefinition(
        "Short Circuit",
        QUICKHACK,
        cost(CORP1=1),
        text="Deal 2 damage to target agent.",
        target="agent",
        resolve=deal(2),
    ),
    CardDefinition(
        "Nanoweave",
        QUICKHACK,
        cost(CORP2=1),
        text="Target agent gets +2 health until end of turn.",
        target="agent",
        resolve=until_end_of_turn(Layer.POWER_HEALTH, "+2 health", add_health(2)),
    ),
    CardDefinition(
        "Patch Job",
        QUICKHACK,
        cost(CORP2=1),
        text="Target agent regains 3 health.",
        target="agent",
        resolve=patch_job,
    ),
    CardDefinition(
        "Reboot",
        QUICKHACK,
        cost(CORP3=1),
        text="Target card recovers.",
        target="card",
        resolve=reboot,
    ),
    CardDefinition(
        "Overclock",
        QUICKHACK,
        cost(CORP1=1),
        text="Target agent gets +2 damage until end of turn.",
        target="agent",
        resolve=until_end_of_turn(Layer.POWER_HEALTH, "+2 damage", add_damage(2)),
    ),
    CardDefinition(
        "Dampener",
        QUICKHACK,
        cost(CORP4=1),
        text="Target agent's damage becomes 0 until end of turn.",
        target="agent",
        resolve=until_end_of_turn(Layer.POWER_HEALTH, "damage becomes 0", set_damage(0)),
    ),
    CardDefinition(
        "Hijack",
        QUICKHACK,
        cost(CORP4=2),
        level=2,
        text="Gain control of target agent until end of turn.",
        target="agent",
        resolve=gain_control,
    ),
    CardDefinition(
        "Ghost Protocol",
        QUICKHACK,
        cost(CORP5=1),
        level=2,
        text="Target agent loses all abilities until end of turn.",
        target="agent",
        resolve=until_end_of_turn(Layer.CARD_PROPERTIES, "loses all abilities", lose_abilities),
    ),
    CardDefinition(
        "Defector",
        QUICKHACK,
        cost(CORP5=1),
        text="Target agent's faction becomes CORP5 until end of turn.",
        target="agent",
        resolve=until_end_of_turn(Layer.ALLEGIANCE, "faction becomes CORP5", become_corp5),
    ),
    CardDefinition(
        "Dead Drop",
        QUICKHACK,
        cost(CORP3=1),
        text="Deal 1 damage to target agent. When Dead Drop is discarded from your hand, "
        "add one CORP3 to your scrip pool.",
        target="agent",
        resolve=deal(1),
        abilities=(
            TriggeredAbility(
                "When Dead Drop is discarded from your hand, add one CORP3 to your scrip pool.",
                EventKind.DISCARDED_FROM_HAND,
                add_scrip(Scrip.CORP3),
                itself,
            ),
        ),
    ),
)
