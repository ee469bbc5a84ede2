"""Damage to the Runner: cards trashed at random from the grip, flatline when too few."""

from __future__ import annotations

from rulesref.games.netrunner.procedures.movements import trash
from rulesref.games.netrunner.state.events import Damage, DamagePrevented
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.table import Table


class DamageSelector:
    """Mixed into a behaviour whose active ability lets a player select a card that damage
    trashes, instead of its being chosen at random."""

    def selects(self, event: Damage) -> NetrunnerCard | None:
        """The card selected for ``event`` (asking whoever selects it), or ``None``."""
        return None


def _selected(game: Table, event: Damage, count: int) -> list[NetrunnerCard]:
    chosen: list[NetrunnerCard] = []
    for card in game.zones.cards():
        behaviour = card.behaviour
        if len(chosen) < count and isinstance(behaviour, DamageSelector) and behaviour.active:
            pick = behaviour.selects(event)
            if pick is not None and pick not in chosen:
                chosen.append(pick)
    return chosen


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
        count = min(done, len(grip))
        selected = _selected(game, event, count) if count else []
        rest = [c for c in grip if c not in selected]
        hit = selected + game.rng.sample(rest, count - len(selected))
        if selected:
            game.log.record(
                "rule_multiple_damage_selected_sequentially",
                f"{', '.join(c.title for c in selected)} selected first, then "
                f"{count - len(selected)} more at random; all {count} are trashed at once",
            )
        elif count > 1:
            game.log.record(
                "rule_multiple_damage_taken_simultaneously",
                f"{count} cards of the grip are chosen at random and trashed at once",
            )
        how = "the rest at random" if selected else "at random"
        if hit:
            trash(
                game,
                hit,
                by="runner",
                cause=f"{done} {damage_type} damage, {how}",
                damage_type=damage_type,
            )
        if done > len(grip):
            flatline = ("rule_flatline_damage_reference", "rule_flatline")
            game.win("corp", flatline, "the Runner is flatlined")

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
