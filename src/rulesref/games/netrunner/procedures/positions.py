"""Positions: the sequence of places that orders the ice protecting each server, and the
place the Runner occupies during a run (the rulebook's section on position).

A position is created when a piece of ice is installed (as its destination is
declared) or moved; a swap creates none.  A position whose ice left it is empty
until the next checkpoint, when it ceases to exist, unless the Runner is in it:
then it lasts until the Runner leaves it.  "The same position" on two servers is
counted from the innermost.  How a run reacts to a change of the ice in the
Runner's position is :mod:`~rulesref.games.netrunner.procedures.progress`.
"""

from __future__ import annotations

from rulesref.engine.errors import IllegalChoice
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.table import Table
from rulesref.games.netrunner.state.zones import Position, Server

#: Where a new position goes: outward from every other (the default), inward from
#: every other, or directly inward from a piece of ice.
OUTERMOST = "outermost"
INNERMOST = "innermost"


def create(game: Table, server: Server, where: str | NetrunnerCard = OUTERMOST) -> Position:
    """A new, empty position protecting ``server``."""
    if isinstance(where, NetrunnerCard):
        held = server.position_of(where)
        if held is None:
            raise IllegalChoice(f"{where.title} does not protect {server.name}")
        position = server.new_position(held.index)
        rule, how = "rule_create_position_directly_inward", f"directly inward from {where.title}"
    elif where == INNERMOST:
        position = server.new_position(0)
        rule, how = "rule_create_position_innermost", "inward from every other position"
    elif where == OUTERMOST:
        position = server.new_position(len(server.positions))
        rule, how = "rule_create_position_outermost", "outward from every other position"
    else:
        raise IllegalChoice(
            f"a position is created outermost, innermost or inward of ice, not {where!r}"
        )
    game.log.record(
        ("rule_create_position", rule),
        f"a new position is created protecting {server.name}, {how} "
        f"(position {position.index + 1} of {len(server.positions)})",
    )
    return position


def occupy(position: Position, card: NetrunnerCard) -> None:
    position.ice = card
    position.installing = False
    card.server = position.server


def runner_position(game: Table) -> Position | None:
    run = game.run
    return None if run is None else run.position


def destroy_vacant(game: Table) -> None:
    """At a checkpoint: every empty position ceases to exist, except the Runner's own and
    one whose ice is still being installed."""
    held = runner_position(game)
    for server in game.servers.values():
        if any(p.installing for p in server.positions):
            continue  # ice is being installed protecting it: no position of it ceases
        for position in list(server.positions):
            if position.ice is not None or position is held:
                continue
            server.positions.remove(position)
            which = f" ({position.former}'s)" if position.former else ""
            game.log.record(
                ("step_checkpoint_vacant_position", "rule_destroy_position"),
                f"checkpoint: an empty position protecting {server.name}{which} ceases to exist",
            )


def same_position(a: Position, b: Position) -> bool:
    """Two positions are the same if as many positions are inward from each."""
    return a.index == b.index


def ice_in_same_position(
    game: Table, position: Position, *, central_only: bool = False
) -> list[NetrunnerCard]:
    """The ice of every server whose position has as many positions inward of it."""
    found: list[NetrunnerCard] = []
    for server in game.servers.values():
        if central_only and not server.is_central:
            continue
        for other in server.positions:
            if other.ice is not None and same_position(other, position):
                found.append(other.ice)
    return found


def next_inward(position: Position) -> Position | None:
    """The next position inward from ``position`` as the sequence is now, if any."""
    if not position.exists:
        return None
    index = position.index
    return position.server.positions[index - 1] if index > 0 else None
