"""Netrunner cards: facts from the card table, state from the game, behaviour from code.

A card's printed facts (type, cost, subtypes ...) come from
:func:`rulesref.cards.card_table`; what the card does comes from its behaviour
class in :mod:`rulesref.games.netrunner.cards`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rulesref.cards import CardFacts
from rulesref.engine.objects import Card, ObjectRef
from rulesref.games.netrunner.state.zones import Server, ZoneType

if TYPE_CHECKING:
    from rulesref.games.netrunner.state.behaviour import CardBehaviour

SHORT_ZONE_NAMES = {
    (ZoneType.DECK, "corp"): "R&D",
    (ZoneType.HAND, "corp"): "HQ",
    (ZoneType.DISCARD, "corp"): "Archives",
    (ZoneType.SCORE_AREA, "corp"): "Corp score area",
    (ZoneType.DECK, "runner"): "stack",
    (ZoneType.HAND, "runner"): "grip",
    (ZoneType.DISCARD, "runner"): "heap",
    (ZoneType.SCORE_AREA, "runner"): "Runner score area",
    (ZoneType.PLAY_AREA, None): "play area",
    (ZoneType.BANK, None): "bank",
    (ZoneType.SET_ASIDE, None): "set aside",
    (ZoneType.REMOVED, None): "removed from the game",
}

#: Corp card types that can be rezzed (agendas can be installed facedown but never rezzed).
REZZABLE = ("asset", "upgrade", "ice")


@dataclass(frozen=True)
class Location:
    """Where an object is: its zone, and within it a deck position, a server and ice
    position, or a host.  Everything else is simply in its zone."""

    zone: ZoneType
    zone_owner: str | None
    position: int | None = None
    of: int | None = None
    server: str | None = None
    ice_position: int | None = None
    in_root: bool = False
    host: str | None = None
    rig: bool = False
    identity: bool = False
    #: How a facedown installed Runner card came to be facedown: open information.
    origin: str | None = None

    @property
    def rule(self) -> str:
        """The rule that defines this kind of location."""
        if self.position is not None:
            return "rule_deck_location"
        if self.host is not None:
            return "rule_hosted_object_location"
        if self.server is not None or self.rig or self.identity:
            return "rule_play_area_location"
        return "rule_default_location"

    @property
    def rules(self) -> tuple[str, ...]:
        """Every rule behind what this location tells a player.  A card's place in a deck
        also names the deck's size ("#2 of 3"), hidden though its cards are, because any
        player may count a deck at any time."""
        if self.of is not None:
            return (self.rule, "rule_deck_size_open_information")
        if self.origin is not None:
            return (self.rule, "rule_facedown_runner_cards_are_distinct")
        return (self.rule,)

    def __str__(self) -> str:
        name = SHORT_ZONE_NAMES[(self.zone, self.zone_owner)]
        if self.position is not None:
            return f"{name} #{self.position} of {self.of}"
        if self.host is not None:
            return f"hosted on {self.host}"
        if self.ice_position is not None:
            return f"protecting {self.server} at position {self.ice_position}"
        if self.in_root:
            return f"root of {self.server}"
        if self.identity:
            return "identity"
        if self.rig:
            return "rig"
        return name


@dataclass(frozen=True)
class CardView:
    """A card as it was at one moment, so conditions judge an event by the state it
    happened in (a trashed card *was* installed)."""

    ref: ObjectRef[NetrunnerCard]
    title: str
    side: str
    owner: str
    type: str | None
    subtypes: tuple[str, ...]
    zone: ZoneType
    installed: bool
    faceup: bool
    #: The server it was installed in, if any.
    server: str | None = None

    def is_a(self, *types: str) -> bool:
        return self.type in types


class NetrunnerCard(Card):
    def __init__(self, facts: CardFacts, owner: str, serial: int, object_id: int) -> None:
        super().__init__(facts.title, owner, serial, object_id)
        self.facts = facts
        self.behaviour: CardBehaviour | None = None
        #: Set when an installation completes; cleared when the card leaves the play area.
        self.installed = False
        self.server: Server | None = None
        self.host: NetrunnerCard | None = None
        self.is_identity = False
        #: The zone the card came from into the one it is in, as abilities see it (a
        #: drawn card came from the deck, not from the set-aside zone it passed through).
        self.entered_from: str | None = None
        #: When and how this Runner card was installed facedown or turned facedown; it
        #: tells facedown cards apart even for a player who cannot see them.
        self.facedown_origin: str | None = None
        #: Which card became active most recently (a number that only grows).
        self.activated = 0
        #: What abilities in force add to (+) or take from (-) its subtypes (the table's).
        self.subtype_changes: Callable[[NetrunnerCard], Mapping[str, int]] | None = None

    # -- what the card is, as the game sees it --------------------------------------------

    @property
    def side(self) -> str:
        return self.facts.side

    @property
    def zone_type(self) -> ZoneType:
        assert self.zone is not None
        return ZoneType(self.zone.kind)

    @property
    def is_blank(self) -> bool:
        """Installed facedown Runner cards have no name, type or subtypes."""
        return self.side == "runner" and self.installed and self.facedown

    @property
    def name(self) -> str | None:
        return None if self.is_blank else self.title

    @property
    def type(self) -> str | None:
        return None if self.is_blank else self.facts.type

    @property
    def subtypes(self) -> tuple[str, ...]:
        """Its printed subtypes and those abilities give it, less those they take away,
        each counted as a running total (rule_add_remove_subtypes)."""
        if self.is_blank:
            return ()
        changes = self.subtype_changes(self) if self.subtype_changes is not None else {}
        if not changes:
            return self.facts.subtypes
        totals = dict.fromkeys(self.facts.subtypes, 1)
        for subtype, amount in changes.items():
            totals[subtype] = totals.get(subtype, 0) + amount
        return tuple(subtype for subtype, amount in totals.items() if amount > 0)

    def is_a(self, *types: str) -> bool:
        return self.type in types

    def has_subtype(self, subtype: str) -> bool:
        return subtype in self.subtypes

    @property
    def rezzed(self) -> bool | None:
        """``True``/``False`` for installed Corp cards that can be rezzed or are facedown
        agendas; ``None`` for everything else, and always for Runner cards."""
        if self.side == "runner" or not self.installed:
            return None
        if self.facts.type in REZZABLE:
            return self.faceup
        if self.facts.type == "agenda" and self.facedown:
            return False
        return None

    @property
    def location(self) -> Location:
        zone = self.zone_type
        owner = None if self.zone is None else self.zone.owner
        if zone is ZoneType.DECK:
            assert self.zone is not None
            return Location(zone, owner, position=self.zone.position(self), of=len(self.zone))
        if zone is ZoneType.PLAY_AREA:
            origin = self.facedown_origin if self.is_blank else None
            if self.host is not None:
                return Location(zone, owner, host=self.host.title, origin=origin)
            if self.is_identity:
                return Location(zone, owner, identity=True)
            if self.server is not None:
                if any(ice is self for ice in self.server.ice):
                    return Location(
                        zone,
                        owner,
                        server=self.server.name,
                        ice_position=self.server.ice_position(self),
                    )
                return Location(zone, owner, server=self.server.name, in_root=True)
            if self.side == "runner" and self.installed:
                return Location(zone, owner, rig=True, origin=origin)
        return Location(zone, owner)

    def view(self) -> CardView:
        return CardView(
            ref=self.ref(),
            title=self.title,
            side=self.side,
            owner=self.owner,
            type=self.type,
            subtypes=self.subtypes,
            zone=self.zone_type,
            installed=self.installed,
            faceup=self.faceup,
            server=self.server.name if self.server is not None else None,
        )

    def _status(self) -> str | None:
        zone = self.zone_type
        if zone in (ZoneType.DECK, ZoneType.HAND):
            return None
        if zone is ZoneType.PLAY_AREA and self.rezzed is not None:
            return "rezzed" if self.rezzed else "unrezzed"
        return "faceup" if self.faceup else "facedown"

    def __repr__(self) -> str:
        status = self._status()
        return f"<{self.title}: {self.location}{', ' + status if status else ''}>"


#: How a scenario names a card: by its title, or the card object itself.
CardLike = str | NetrunnerCard
