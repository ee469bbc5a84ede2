"""Damage to the Runner: cards trashed at random from the grip, flatline when too few."""

from __future__ import annotations

from rulesref.games.netrunner.procedures.movements import trash
from rulesref.games.netrunner.state.events import Damage, DamagePrevented
from rulesref.games.netrunner.state.table import Table


def damage(
    game: Table,
    damage_type: str,
    amount: int,
    *,
    as_cost: bool = False,
    source: str | None = None,
    unpreventable: str | None = None,
) -> bool:
    """``unpreventable``: what the damage is, when it "cannot be prevented" (for the
    trace)."""
    event = Damage("runner", damage_type, amount, as_cost=as_cost, source=source)
    event.unpreventable = unpreventable

    def effect() -> None:
        done = event.amount
        grip = game.runner.grip
        hit = game.rng.sample(grip, min(done, len(grip)))
        if hit:
            trash(
                game,
                hit,
                by="runner",
                cause=f"{done} {damage_type} damage, at random",
                damage_type=damage_type,
            )
        if done > len(grip):
            game.win("corp", (), "the Runner is flatlined")

    return game.timing.perform(event, effect)


def prevent_all(game: Table, event: Damage, by: str) -> None:
    """An ability prevents all of an imminent damage event."""
    event.prevent(by)
    game.timing.perform(
        DamagePrevented("runner", event.amount, by),
        lambda: None,
        rules=("rule_prevent_all",),
        announce=f"{by} prevents all {event.amount} {event.damage_type} damage",
    )
