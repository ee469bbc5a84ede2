"""Buildings: the invented buildings (the Relays are made by
:func:`~rulesref.games.technomancy.sample.effects.relay`)."""

from __future__ import annotations

from rulesref.games.technomancy.cards.effects import (
    AGENT,
    BUILDING,
    QUICKHACK,
    add_damage,
    add_health,
    add_scrip,
    cost,
    draw,
    no_recovery,
    recover_your_agents,
    yours,
)
from rulesref.games.technomancy.state.abilities import (
    CostModifier,
    EventKind,
    PlayerRule,
    PlayerRuleKind,
    StaticAbility,
    TriggeredAbility,
)
from rulesref.games.technomancy.state.effects import Layer
from rulesref.games.technomancy.state.objects import CardDefinition
from rulesref.games.technomancy.state.scrip import Scrip

BUILDINGS: tuple[CardDefinition, ...] = (
    CardDefinition(
        "Feedback Grid",
        BUILDING,
        cost(CORP5=1),
        text="While an ability is on the stack, agents get -1 health.",
        abilities=(
            StaticAbility(
                "While an ability is on the stack, agents get -1 health.",
                Layer.POWER_HEALTH,
                lambda src, v: v.type is AGENT and v.abilities_on_stack > 0,
                add_health(-1),
            ),
        ),
    ),
    CardDefinition(
        "Black Wall",
        BUILDING,
        cost(CORP4=1),
        text="Quickhacks your opponents play cost one additional CORP4.",
        abilities=(
            CostModifier(
                "Quickhacks your opponents play cost one additional CORP4.",
                "additional",
                cost(CORP4=1),
                lambda src, player, d: d.type is QUICKHACK and player != src.controller,
            ),
        ),
    ),
    CardDefinition(
        "Zoning Board",
        BUILDING,
        cost(CORP2=1),
        text="Players can't play more than one Building each turn.",
        abilities=(
            PlayerRule(
                "Players can't play more than one Building each turn.",
                PlayerRuleKind.ONE_BUILDING_LIMIT,
                lambda src, player: True,
            ),
        ),
    ),
    CardDefinition(
        "Cryo Vault",
        BUILDING,
        cost(CORP3=1),
        text="Agents your opponents control don't recover.",
        abilities=(
            StaticAbility(
                "Agents your opponents control don't recover.",
                Layer.OTHER,
                lambda src, v: v.type is AGENT and v.controller != src.controller,
                no_recovery,
            ),
        ),
    ),
    CardDefinition(
        "Zeta Rally",
        BUILDING,
        cost(CORP5=1),
        text="CORP5 agents get +1 damage.",
        abilities=(
            StaticAbility(
                "CORP5 agents get +1 damage.",
                Layer.POWER_HEALTH,
                lambda src, v: v.type is AGENT and Scrip.CORP5 in v.factions,
                add_damage(1),
            ),
        ),
    ),
    CardDefinition(
        "Cloud Server",
        BUILDING,
        cost(CORP5=1),
        text="At the beginning of your turn, add one CORP5 to your scrip pool.",
        abilities=(
            TriggeredAbility(
                "At the beginning of your turn, add one CORP5 to your scrip pool.",
                EventKind.BEGINNING_OF_TURN,
                add_scrip(Scrip.CORP5),
                yours,
            ),
        ),
    ),
    CardDefinition(
        "Newsfeed",
        BUILDING,
        cost(CORP1=1),
        text="At the beginning of your draw phase, draw a card.",
        abilities=(
            TriggeredAbility(
                "At the beginning of your draw phase, draw a card.",
                EventKind.BEGINNING_OF_DRAW_PHASE,
                draw(1),
                yours,
            ),
        ),
    ),
    CardDefinition(
        "Ops Center",
        BUILDING,
        cost(CORP3=1),
        text="At the beginning of your main phase, add one CORP3 to your scrip pool.",
        abilities=(
            TriggeredAbility(
                "At the beginning of your main phase, add one CORP3 to your scrip pool.",
                EventKind.BEGINNING_OF_MAIN_PHASE,
                add_scrip(Scrip.CORP3),
                yours,
            ),
        ),
    ),
    CardDefinition(
        "Night Shift",
        BUILDING,
        cost(CORP2=1),
        text="At the end of your turn, recover each agent you control.",
        abilities=(
            TriggeredAbility(
                "At the end of your turn, recover each agent you control.",
                EventKind.END_OF_TURN,
                recover_your_agents,
                yours,
            ),
        ),
    ),
)
