"""Agents: the invented agents, each with its damage, health and the abilities a
scenario needs."""

from __future__ import annotations

from rulesref.games.technomancy.cards.effects import (
    AGENT,
    add_health,
    cost,
    draw,
    itself,
    samurai_strike,
    volatile_blast,
)
from rulesref.games.technomancy.state.abilities import (
    ActivatedAbility,
    CostModifier,
    EventKind,
    StaticAbility,
    TriggeredAbility,
)
from rulesref.games.technomancy.state.effects import Layer
from rulesref.games.technomancy.state.objects import CardDefinition

AGENTS: tuple[CardDefinition, ...] = (
    CardDefinition(
        "Street Samurai",
        AGENT,
        cost(CORP1=2),
        damage=3,
        health=3,
        text="Tap: Street Samurai deals damage equal to its damage to target agent.",
        abilities=(
            ActivatedAbility(
                "Tap: deal damage equal to this agent's damage to target agent.",
                samurai_strike,
                target="agent",
            ),
        ),
    ),
    CardDefinition("Netrunner Kid", AGENT, cost(CORP2=1), damage=1, health=2),
    CardDefinition(
        "Netwatch Agent",
        AGENT,
        cost(CORP2=1, CORP4=1),
        damage=2,
        health=4,
        text="When Netwatch Agent recovers, draw a card.",
        abilities=(
            TriggeredAbility(
                "When Netwatch Agent recovers, draw a card.",
                EventKind.RECOVERS,
                draw(1),
                itself,
            ),
        ),
    ),
    CardDefinition(
        "Squad Leader",
        AGENT,
        cost(CORP1=1, CORP2=1),
        damage=1,
        health=2,
        text="Other agents you control get +1 health.",
        abilities=(
            StaticAbility(
                "Other agents you control get +1 health.",
                Layer.POWER_HEALTH,
                lambda src, v: (
                    v.type is AGENT and v.card_id != src.card_id and v.controller == src.controller
                ),
                add_health(1),
            ),
        ),
    ),
    CardDefinition(
        "Ripperdoc",
        AGENT,
        cost(CORP3=1),
        damage=1,
        health=2,
        text="Agents you play cost one CORP1 less.",
        abilities=(
            CostModifier(
                "Agents you play cost one CORP1 less.",
                "reduction",
                cost(CORP1=1),
                lambda src, player, d: d.type is AGENT and player == src.controller,
            ),
        ),
    ),
    CardDefinition(
        "Volatile Drone",
        AGENT,
        cost(CORP5=1),
        damage=1,
        health=1,
        text="When Volatile Drone dies, it deals 1 damage to each agent.",
        abilities=(
            TriggeredAbility(
                "When Volatile Drone dies, it deals 1 damage to each agent.",
                EventKind.DIES,
                volatile_blast,
                itself,
            ),
        ),
    ),
    CardDefinition("Drone", AGENT, damage=1, health=1, created_only=True),
)
