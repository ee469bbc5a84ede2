"""Programs: the invented programs, played by the active player with an empty stack."""

from __future__ import annotations

from rulesref.games.technomancy.cards.effects import (
    PROGRAM,
    cost,
    draw,
    drone_swarm,
    time_dilation,
    urban_sprawl,
)
from rulesref.games.technomancy.state.objects import CardDefinition

PROGRAMS: tuple[CardDefinition, ...] = (
    CardDefinition(
        "Data Mine", PROGRAM, cost(CORP1=1, CORP3=1), text="Draw two cards.", resolve=draw(2)
    ),
    CardDefinition(
        "Time Dilation",
        PROGRAM,
        cost(CORP3=2),
        level=3,
        text="Take an extra turn after this one.",
        resolve=time_dilation,
    ),
    CardDefinition(
        "Drone Swarm",
        PROGRAM,
        cost(CORP5=1),
        level=2,
        text="Create two Drones (1 damage, 1 health agents).",
        resolve=drone_swarm,
    ),
    CardDefinition(
        "Urban Sprawl",
        PROGRAM,
        cost(CORP2=1),
        text="You may play an additional Building this turn.",
        resolve=urban_sprawl,
    ),
)
