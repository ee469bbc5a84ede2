"""Moving installed Corp cards within the play area: ice to another position (a new
position is created for it at once, and the one it left is empty: see
:mod:`~rulesref.games.netrunner.procedures.positions`), an upgrade to another server's
root.  Not a movement: the card stays installed, and is the same object."""

from __future__ import annotations

from rulesref.games.netrunner.procedures.positions import OUTERMOST, create, occupy
from rulesref.games.netrunner.procedures.progress import ice_moved
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.table import Table


def move_ice(
    game: Table, ice: NetrunnerCard, server: str, *, cause: str, where: str = OUTERMOST
) -> bool:
    """Move ``ice`` to a new position protecting ``server``; return whether it moved."""
    old = None if ice.server is None else ice.server.position_of(ice)
    if old is None:
        game.log.record((), f"{cause}: {ice.title} is not protecting a server, so it does not move")
        return False
    target = game.server(server)
    new = create(game, target, where)
    old.ice = None
    old.former = ice.title
    occupy(new, ice)
    game.log.record(
        "rule_create_position",
        f"{cause}: {ice.title} moves to position {new.index + 1} of {target.name}; the position "
        "it left is empty",
    )
    ice_moved(game, ice, old, new)
    return True


def move_to_root(game: Table, card: NetrunnerCard, server: str, *, cause: str) -> bool:
    """Move an installed card from the root of its server to the root of ``server``."""
    here = card.server
    if here is None or not any(c is card for c in here.root):
        game.log.record((), f"{cause}: {card.title} is not in the root of a server")
        return False
    target = game.server(server)
    here.root.remove(card)
    target.root.append(card)
    card.server = target
    game.log.record(
        (), f"{cause}: {card.title} moves from the root of {here.name} to the root of {target.name}"
    )
    return True
