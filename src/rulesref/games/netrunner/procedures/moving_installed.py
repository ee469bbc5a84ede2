"""Moving installed Corp cards within the play area: ice to another position (a new
position is created for it at once, and the one it left is empty: see
:mod:`~rulesref.games.netrunner.procedures.positions`), an upgrade to another server's
root.  Not a movement: the card stays installed, and is the same object.

Only installed cards are moved: the card that moves them (Bullfrog, Georgia Emelyov) moves
itself, and checks that it is still installed before it asks where to."""

from __future__ import annotations

from rulesref.games.netrunner.procedures.positions import OUTERMOST, create, occupy
from rulesref.games.netrunner.procedures.progress import ice_moved
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.table import Table


def move_ice(
    game: Table, ice: NetrunnerCard, server: str, *, cause: str, where: str = OUTERMOST
) -> None:
    """Move ``ice``, which protects a server, to a new position protecting ``server``."""
    old = None if ice.server is None else ice.server.position_of(ice)
    assert old is not None, f"{ice.title} is not protecting a server"
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


def move_to_root(game: Table, card: NetrunnerCard, server: str, *, cause: str) -> None:
    """Move a card installed in the root of its server to the root of ``server``."""
    here = card.server
    assert here is not None, f"{card.title} is not installed"
    target = game.server(server)
    # A card that is not in the root of its server is an error (ValueError).
    here.root.remove(card)
    target.root.append(card)
    card.server = target
    game.log.record(
        (), f"{cause}: {card.title} moves from the root of {here.name} to the root of {target.name}"
    )
