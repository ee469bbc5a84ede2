"""Damage to the Runner: cards trashed from the grip (at random, unless an ability lets a
player choose), flatline when too few."""

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
    by: str = "corp",
) -> bool:
    """Do ``amount`` damage; ``unpreventable``: why none of it can be prevented (the card
    says so), a property the value keeps however interrupts change it.  ``by``: who does
    it (the Runner, for damage they suffer as a cost or from their own cards)."""
    event = Damage("runner", damage_type, amount, as_cost=as_cost, source=source)
    event.unpreventable = unpreventable
    event.by = "runner" if as_cost else by
    event.during = game.run
    if by == "runner" and not as_cost:
        game.log.record(
            "rule_suffer_or_take_damage",
            f"the Runner suffers this damage by their own choice: they and "
            f"{source or 'its source'} are responsible for it, not the Corp",
        )

    def effect() -> None:
        done, damage_type = event.amount, event.damage_type
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
        if event.damage_type == "core":
            game.runner.core_damage += done
            game.log.record(
                "rule_core_damage",
                f"the Runner takes {done} core damage counter{'s' if done > 1 else ''}: their "
                f"maximum hand size is {game.runner.core_damage} lower for good",
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


def prevent_damage(game: Table, event: Damage, amount: int, by: str) -> None:
    """An interrupt prevents ``amount`` of an imminent damage value, which may go to 0 or
    below while the damage is imminent; only a value above 0 that it lowers counts as
    damage prevented."""
    before = event.amount
    event.amount -= amount
    event.modified_by.append(by)
    game.log.record(
        ("rule_modifiable_value_damage", "rule_negative_values_imminent"),
        f"{by} prevents {amount} {event.damage_type} damage: {event.amount} is now expected",
    )
    if before > 0:
        game.timing.perform(
            DamagePrevented("runner", min(before, amount), by),
            lambda: None,
            rules=("rule_prevent_as_trigger_condition",),
            announce=f"{by} has prevented damage",
        )


def increase_damage(game: Table, event: Damage, amount: int, by: str) -> None:
    """An interrupt adds ``amount`` to an imminent damage value."""
    event.amount += amount
    event.modified_by.append(by)
    kept = event.unpreventable is not None
    game.log.record(
        ("rule_modify_value_relevant", "rule_negative_values_imminent")
        + (("rule_static_modification_keep_restrictions",) if kept else ()),
        f"{by} increases the damage by {amount}: {event.amount} {event.damage_type} damage "
        "is now expected" + ("; all of it still cannot be prevented" if kept else ""),
    )


def damage_for_each(
    game: Table, damage_type: str, count: int, what: str, *, source: str
) -> None:
    """"1 damage for each ...": the quantity is calculated first and done as one instance of
    that much damage, not as that many instances of 1; a quantity of 0 is no damage."""
    if count <= 0:
        game.log.record(
            "rule_calculated_quantity",
            f"{source}: 1 {damage_type} damage for each {what} counts {count}: no damage "
            "takes place at all",
        )
        return
    game.log.record(
        ("rule_calculated_quantity", "rule_aggregated_instructions"),
        f"{source}: 1 {damage_type} damage for each {what} ({count}) is one instance of "
        f"{count} {damage_type} damage",
    )
    damage(game, damage_type, count, source=source)


def replace_damage(game: Table, event: Damage, damage_type: str, amount: int, by: str) -> None:
    """An interrupt's replacement effect applies at once to the imminent damage: from now on
    the damage expected is ``amount`` ``damage_type`` damage, and the interrupts relevant
    to it are those relevant to the new damage."""
    before = f"{event.amount} {event.damage_type} damage"
    event.damage_type, event.amount = damage_type, amount
    event.replaced_by.append(by)
    event.modified_by.append(by)
    game.log.record(
        "rule_replace_imminent_effects",
        f"{by} replaces {before} with {amount} {damage_type} damage: that is now expected",
    )


def first_imminent_this_run(game: Table, damage_type: str) -> Damage | None:
    """The first damage of ``damage_type`` that became imminent during the run in progress,
    whether or not it then took place ("the first time you would ...")."""
    run = game.run
    if run is None:
        return None
    seen = game.history.imminent_this_turn(
        Damage, lambda e: e.imminent_type == damage_type and e.during is run
    )
    return seen[0] if seen else None
