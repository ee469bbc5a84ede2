"""Virus programs that live on the Corp's cards."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import CardBehaviour, CardConditional, implements
from rulesref.games.netrunner.procedures.hosting import HostedOnly
from rulesref.games.netrunner.procedures.movements import trash
from rulesref.games.netrunner.procedures.state_checks import StateWatcher
from rulesref.games.netrunner.procedures.strength import StrengthSource, current_strength
from rulesref.games.netrunner.state.events import TurnBegins
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.timing.abilities import Ability
from rulesref.games.netrunner.timing.events import Event


class _GrowVirus(CardConditional):
    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, TurnBegins) and event.player == "runner"

    def resolve(self, event: Event) -> None:
        self.card.counters["virus"] += 1
        self.game.log.record(
            (), f"{self.card.title} gets 1 virus counter ({self.card.counters['virus']} in all)"
        )


@implements
class Parasite(CardBehaviour, HostedOnly, StrengthSource, StateWatcher):
    """Installed on a rezzed piece of ice, whose strength its virus counters lower; the
    ice is trashed once its strength is 0, and Parasite with it."""

    title = "Parasite"

    def host_refusal(self, host: NetrunnerCard) -> str | None:
        if host.installed and host.is_a("ice") and host.rezzed:
            return None
        return "it is installed only on a rezzed piece of ice"

    def abilities(self) -> list[Ability]:
        return [_GrowVirus(self)] if self.active else []

    def strength_bonus(self, card: NetrunnerCard) -> int:
        return -self.card.counters["virus"] if card is self.card.host else 0

    def at_checkpoint(self) -> None:
        host, game = self.card.host, self.game
        if host is None or not host.installed:
            return
        strength = current_strength(game, host)
        if strength is not None and strength <= 0:
            game.log.record((), f"{self.title}: {host.title} has {strength} strength")
            with game.log.nested():
                trash(game, [host], by="runner", cause=self.title)
