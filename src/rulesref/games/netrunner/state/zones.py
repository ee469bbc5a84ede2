"""Netrunner's eight zone types, their names for each side, and the servers.

Each player has a deck, hand, discard pile and score area; the play area, the
bank, the set-aside zone and the removed-from-game zone are shared.  Decks are
hidden, hands secret, everything else public.  Servers are locations inside
the play area: ice protecting the server (position 1 is innermost) and the
cards in its root.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING

from rulesref.engine.errors import IllegalChoice
from rulesref.engine.objects import ObjectIds
from rulesref.engine.zones import Visibility, Zone, Zones
from rulesref.games.netrunner.state import arguments

if TYPE_CHECKING:
    from rulesref.games.netrunner.state.objects import NetrunnerCard


class ZoneType(StrEnum):
    DECK = "deck"
    HAND = "hand"
    DISCARD = "discard pile"
    SCORE_AREA = "score area"
    PLAY_AREA = "play area"
    BANK = "bank"
    SET_ASIDE = "set aside"
    REMOVED = "removed from the game"


PLAYER_ZONES = (ZoneType.DECK, ZoneType.HAND, ZoneType.DISCARD, ZoneType.SCORE_AREA)
SHARED_ZONES = (ZoneType.PLAY_AREA, ZoneType.BANK, ZoneType.SET_ASIDE, ZoneType.REMOVED)
SIDES = ("corp", "runner")

ZONE_NAMES: dict[tuple[ZoneType, str | None], str] = {
    (ZoneType.DECK, "corp"): "R&D",
    (ZoneType.HAND, "corp"): "HQ",
    (ZoneType.DISCARD, "corp"): "Archives",
    (ZoneType.SCORE_AREA, "corp"): "the Corp's score area",
    (ZoneType.DECK, "runner"): "the stack",
    (ZoneType.HAND, "runner"): "the grip",
    (ZoneType.DISCARD, "runner"): "the heap",
    (ZoneType.SCORE_AREA, "runner"): "the Runner's score area",
    (ZoneType.PLAY_AREA, None): "the play area",
    (ZoneType.BANK, None): "the bank",
    (ZoneType.SET_ASIDE, None): "the set-aside zone",
    (ZoneType.REMOVED, None): "the removed-from-game zone",
}

VISIBILITY = {
    ZoneType.DECK: Visibility.HIDDEN,
    ZoneType.HAND: Visibility.SECRET,
}

#: What setup and scenarios may call a zone.
ZONE_ALIASES: dict[str, tuple[ZoneType, str | None]] = {
    "r&d": (ZoneType.DECK, "corp"),
    "rnd": (ZoneType.DECK, "corp"),
    "hq": (ZoneType.HAND, "corp"),
    "archives": (ZoneType.DISCARD, "corp"),
    "stack": (ZoneType.DECK, "runner"),
    "grip": (ZoneType.HAND, "runner"),
    "heap": (ZoneType.DISCARD, "runner"),
    "set aside": (ZoneType.SET_ASIDE, None),
    "removed": (ZoneType.REMOVED, None),
}


def build_zones(ids: ObjectIds) -> Zones[NetrunnerCard]:
    zones: Zones[NetrunnerCard] = Zones(ids)
    for side in SIDES:
        for kind in PLAYER_ZONES:
            zones.add(
                Zone(
                    kind,
                    ZONE_NAMES[(kind, side)],
                    VISIBILITY.get(kind, Visibility.PUBLIC),
                    owner=side,
                    ordered=kind is ZoneType.DECK,
                )
            )
    for kind in SHARED_ZONES:
        zones.add(Zone(kind, ZONE_NAMES[(kind, None)], Visibility.PUBLIC))
    return zones


CENTRAL_SERVERS = ("HQ", "R&D", "Archives")


class Position:
    """One element of a server's sequence of positions: the place a piece of ice protecting
    that server occupies, and the place the Runner is in during a run.

    A position is a thing, not a number: positions added or removed elsewhere in the
    sequence do not change it, a position may be empty for a while (its ice left it, or
    the ice that will occupy it is still being installed), and the Runner can stay in a
    position after its ice is gone.  Positions are counted from the innermost.
    """

    def __init__(self, server: Server) -> None:
        self.server = server
        self.ice: NetrunnerCard | None = None
        #: Created for a piece of ice still being installed, which will occupy it.
        self.installing = False
        #: The title of the last ice that left it (an empty position is told apart by it).
        self.former: str | None = None

    @property
    def index(self) -> int:
        """How many positions are inward from this one (0: the innermost)."""
        for number, position in enumerate(self.server.positions):
            if position is self:
                return number
        raise ValueError(f"{self!r} no longer exists")

    @property
    def exists(self) -> bool:
        return any(p is self for p in self.server.positions)

    def __repr__(self) -> str:
        held = self.ice.title if self.ice is not None else "empty"
        if self.ice is None and self.former is not None:
            held += f", {self.former} left it"
        where = f"position {self.index + 1}" if self.exists else "a former position"
        return f"<{where} of {self.server.name}: {held}>"


class Server:
    """A server: its sequence of positions (index 0 = position 1 = innermost), each
    occupied by the ice protecting it, and its root."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.positions: list[Position] = []
        self.root: list[NetrunnerCard] = []
        #: How many installs under way have this server as their destination.
        self.receiving = 0

    @property
    def is_central(self) -> bool:
        return self.name in CENTRAL_SERVERS

    @property
    def ice(self) -> list[NetrunnerCard]:
        """The ice protecting the server, innermost first."""
        return [p.ice for p in self.positions if p.ice is not None]

    def position_of(self, card: NetrunnerCard) -> Position | None:
        for position in self.positions:
            if position.ice is card:
                return position
        return None

    def ice_position(self, card: NetrunnerCard) -> int:
        """The position ``card`` occupies, counted from 1 at the innermost."""
        position = self.position_of(card)
        if position is None:
            raise ValueError(f"{card!r} does not protect {self.name}")
        return position.index + 1

    def new_position(self, index: int) -> Position:
        """Create a position with ``index`` positions inward from it."""
        position = Position(self)
        self.positions.insert(index, position)
        return position

    def outermost(self) -> Position | None:
        return self.positions[-1] if self.positions else None

    def remove(self, card: NetrunnerCard) -> Position | None:
        """``card`` leaves the server; the position it occupied is left empty (it ceases to
        exist at a later checkpoint, see :mod:`~rulesref.games.netrunner.procedures.positions`)."""
        self.root[:] = [c for c in self.root if c is not card]
        position = self.position_of(card)
        if position is not None:
            position.ice = None
            position.former = card.title
        return position

    def __repr__(self) -> str:
        return f"<server {self.name}: ice {self.ice}, root {self.root}>"


def zone_by_name(name: str) -> tuple[ZoneType, str | None]:
    """The zone the rules call ``name`` ("HQ", "heap", "set aside" ...) and its owner."""
    arguments.text(name, "zone")
    try:
        return ZONE_ALIASES[name.casefold()]
    except KeyError:
        raise IllegalChoice(
            f"no zone called {name!r}; try one of {', '.join(sorted(ZONE_ALIASES))}",
            "rule_zone_types",
        ) from None


def deck_owner(name: str) -> str:
    """Whose deck ``name`` ("R&D", "stack") is; any other zone is refused."""
    kind, owner = zone_by_name(name)
    if kind is not ZoneType.DECK or owner is None:
        raise IllegalChoice(
            f"{name} is not a deck: the Corp's deck is R&D, the Runner's the stack",
            ", ".join(("rule_deck_name", "rule_rnd_name", "rule_stack_name")),
        )
    return owner
