"""What "this server" means for a card, wherever it is now.

An installed card's server is the one it is in.  A Corp card in HQ, R&D or
Archives is in the central server of that zone.  And while an ability that was
initiated by the card's own move out of a server resolves (a cost that trashes
the card, a trigger that its leaving meets), "this server" is still the one it
left, though the card no longer protects it or sits in its root.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.table import Table
from rulesref.games.netrunner.state.zones import ZoneType

#: The central server each of the Corp's zones corresponds to.
CENTRAL_OF_ZONE = {ZoneType.HAND: "HQ", ZoneType.DECK: "R&D", ZoneType.DISCARD: "Archives"}


class ThisServer:
    """Mixed into a behaviour whose abilities say "this server"."""

    #: While an ability initiated by the card's move out of a server resolves: that server.
    moved_from: str | None = None


@contextmanager
def after_leaving(card: NetrunnerCard, server: str) -> Iterator[None]:
    """Resolve an ability that ``card``'s move out of ``server`` initiated."""
    behaviour = card.behaviour
    if not isinstance(behaviour, ThisServer):
        yield
        return
    before, behaviour.moved_from = behaviour.moved_from, server
    try:
        yield
    finally:
        behaviour.moved_from = before


def this_server(game: Table, card: NetrunnerCard) -> str | None:
    behaviour = card.behaviour
    if isinstance(behaviour, ThisServer) and behaviour.moved_from is not None:
        game.log.record(
            "rule_this_server",
            f'{card.title} left {behaviour.moved_from} to initiate this ability: "this server" '
            f"is still {behaviour.moved_from} ({card.title} is in {card.location} now)",
        )
        return behaviour.moved_from
    if card.server is not None:
        return card.server.name
    central = CENTRAL_OF_ZONE.get(card.zone_type) if card.side == "corp" else None
    if central is not None:
        game.log.record(
            "rule_this_server",
            f'{card.title} is in {card.location}: "this server" is {central}, the central '
            "server of that zone",
        )
    return central
