"""Daemons: programs that host other programs."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import implements
from rulesref.games.netrunner.procedures.hosting import Host
from rulesref.games.netrunner.state.objects import NetrunnerCard


@implements
class Dhegdheer(Host):
    """Hosts 1 program, installed onto it for 1 credit less, whose memory does not count
    against the limit."""

    title = "Dhegdheer"
    hosting_limit = 1

    def can_host(self, card: NetrunnerCard) -> str | None:
        return None if card.is_a("program") else "it hosts only programs"

    def frees_memory(self, card: NetrunnerCard) -> bool:
        return True

    def install_discount(self, card: NetrunnerCard) -> int:
        return 1 if card.is_a("program") else 0
