"""Runner cards that host other cards: a location that connections can be installed on,
and a daemon that hosts programs whose memory does not count."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import CardConditional, implements
from rulesref.games.netrunner.procedures.drawing import draw
from rulesref.games.netrunner.procedures.hosting import Host
from rulesref.games.netrunner.state.events import Install
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.timing.abilities import Ability
from rulesref.games.netrunner.timing.events import Event


class _DrawForAConnection(CardConditional):
    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, Install) and any(
            c.host is self.card and c.has_subtype("connection") for c in event.cards
        )

    def resolve(self, event: Event) -> None:
        draw(self.game, {"runner": 1})


@implements
class OffCampusApartment(Host):
    """Can host any number of connections, installed on it; each one installed on it
    draws a card."""

    title = "Off-Campus Apartment"

    def can_host(self, card: NetrunnerCard) -> str | None:
        return None if card.has_subtype("connection") else "it hosts only connections"

    def abilities(self) -> list[Ability]:
        return [_DrawForAConnection(self)] if self.active else []


@implements
class Leprechaun(Host):
    """Hosts up to 2 programs, whose memory does not count."""

    title = "Leprechaun"
    hosting_limit = 2

    def can_host(self, card: NetrunnerCard) -> str | None:
        return None if card.is_a("program") else "it hosts only programs"

    def frees_memory(self, card: NetrunnerCard) -> bool:
        return True
