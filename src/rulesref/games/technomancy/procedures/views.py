"""What a scenario can see: cards as they are now, and how they came to be so.

A card's current properties are its printed ones with every continuous effect applied in
layer and timestamp order (rule 6.2); :class:`CardInfo` is that answer frozen at the moment
it was asked.  Looking cards up by name ("Bo's Street Samurai") is here too, so the facade
and the procedures resolve names the same way.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from rulesref.games.technomancy.errors import IllegalAction
from rulesref.games.technomancy.procedures.layers import current_views
from rulesref.games.technomancy.procedures.names import label
from rulesref.games.technomancy.state.effects import Application, CardView
from rulesref.games.technomancy.state.objects import Card, CardType, Zone
from rulesref.games.technomancy.state.scrip import Scrips
from rulesref.games.technomancy.state.table import Table

_WHERE = {
    Zone.BATTLEFIELD: "on the battlefield",
    Zone.HAND: "in hand",
    Zone.STACK: "on the stack",
    Zone.LIBRARY: "in the library",
    Zone.DISCARD: "in the discard pile",
    Zone.OUTSIDE: "outside the game",
}


@dataclass(frozen=True)
class CardInfo:
    """A card as it is at the moment you asked: printed facts plus its current view."""

    id: int
    name: str
    type: CardType
    owner: str
    controller: str
    zone: Zone
    tapped: bool
    damage: int | None
    health: int | None
    max_health: int | None
    factions: tuple[str, ...]
    cost: Scrips
    scrip_cost: int
    level: int
    created: bool
    abilities: tuple[str, ...]

    @property
    def faction(self) -> str:
        """'CORP2/CORP4', or 'factionless' for a card with no scrip in its cost (5.3.1)."""
        return "/".join(self.factions) if self.factions else "factionless"

    def __repr__(self) -> str:
        who = (
            self.owner
            if self.controller == self.owner
            else (f"{self.owner}, controlled by {self.controller}")
        )
        parts = [f"{self.type} {_WHERE[self.zone]}"]
        if self.zone is Zone.BATTLEFIELD and self.type is CardType.AGENT:
            parts.append(f"damage {self.damage}, health {self.health}")
            if self.health != self.max_health:
                parts[-1] += f" (printed {self.max_health})"
        if self.tapped:
            parts.append("tapped")
        return f"<{self.name} ({who}): {', '.join(parts)}>"


CardRef = str | CardInfo


def cards(
    game: Table,
    name: str | None = None,
    *,
    owner: str | None = None,
    controller: str | None = None,
    zone: str | Zone | None = None,
) -> list[CardInfo]:
    if name is not None:
        name, owner = possessive(name, owner)
    views = current_views(game)
    infos = [info(c, views.get(c.id)) for c in game.state.cards.values()]
    zone_ = Zone(zone) if zone is not None else None
    return [
        i
        for i in infos
        if (name is None or i.name == name)
        and (owner is None or i.owner == owner)
        and (controller is None or i.controller == controller)
        and (zone_ is None or i.zone is zone_)
    ]


def card(
    game: Table,
    name: str,
    *,
    owner: str | None = None,
    controller: str | None = None,
    zone: str | Zone | None = None,
) -> CardInfo:
    """The one card matching; identical copies (same owner, zone) give the first."""
    found = cards(game, name, owner=owner, controller=controller, zone=zone)
    if not found:
        raise LookupError(f"no card {name!r} matches")
    if len({(c.owner, c.controller, c.zone) for c in found}) > 1:
        where = "; ".join(repr(c) for c in found)
        raise LookupError(f"{name!r} is ambiguous: {where} (say owner=, controller= or zone=)")
    return found[0]


def resolve(
    game: Table,
    ref: CardRef,
    *,
    owner: str | None = None,
    controller: str | None = None,
    zone: Zone | None = None,
    exclude: Sequence[int] = (),
) -> int:
    """The id of the card ``ref`` names; untapped copies first."""
    if isinstance(ref, CardInfo):
        return ref.id
    name, owner = possessive(ref, owner)
    matches = [
        c
        for c in cards(game, name, owner=owner, controller=controller, zone=zone)
        if c.id not in exclude
    ]
    if not matches and zone is not None and controller is None:
        raise IllegalAction(f"{owner or 'nobody'} has no {name} in {zone}", "tm_3_6_1")
    if not matches:
        raise LookupError(f"no card {ref!r} here")
    if len({(c.owner, c.controller, c.zone) for c in matches}) > 1:
        raise LookupError(f'{ref!r} is ambiguous: say "Bo\'s {name}" or pass game.card(...)')
    return min(matches, key=lambda c: c.tapped).id


def effects(game: Table) -> list[str]:
    """Continuous effects from resolved cards, by timestamp (rule 6.1)."""
    return [
        f"t{e.timestamp}: {label(game, e.source)} → "
        f"{label(game, e.affected)}: {e.text} ({e.layer.label})"
        for e in sorted(game.state.effects, key=lambda e: e.timestamp)
    ]


def explain(game: Table, card_id: int) -> str:
    """How a card's current properties came about: each effect, in the order applied."""
    record: list[Application] = []
    current_views(game, record)
    name = game.state.cards[card_id].name
    lines = [
        f"[{a.layer.rule}] {a.layer.label}, t{a.timestamp}: {a.source}: {a.text}"
        for a in record
        if a.affected == name
    ]
    if not lines:
        return f"no effect applies to {name}"
    head = f"[tm_6_2_1] effects on {name}, by timestamp within each layer, layers in order"
    return "\n".join([head, *lines])


def possessive(name: str, owner: str | None) -> tuple[str, str | None]:
    """Read "Bo's Street Samurai" as the Street Samurai that Bo owns."""
    m = re.match(r"^(\w+)'s (.+)$", name)
    if m and owner is None:
        return m[2], m[1]
    return name, owner


def info(card: Card, view: CardView | None) -> CardInfo:
    d = card.definition
    factions = view.factions if view else d.factions
    return CardInfo(
        id=card.id,
        name=card.name,
        type=d.type,
        owner=card.owner,
        controller=view.controller if view else card.controller,
        zone=card.where,
        tapped=card.tapped,
        damage=view.damage if view else d.damage,
        health=view.health if view else d.health,
        max_health=d.health,
        factions=tuple(sorted(factions)),
        cost=d.cost,
        scrip_cost=d.scrip_cost,
        level=d.level,
        created=card.created,
        abilities=tuple(_ability_text(a) for a in (view.abilities if view else d.abilities)),
    )


def _ability_text(ability: object) -> str:
    return str(getattr(ability, "text", ability))
