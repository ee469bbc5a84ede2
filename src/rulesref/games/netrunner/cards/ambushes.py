"""Ambushes the Corp springs on the Runner who accesses them, and Runner cards that avoid
part of what they do."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import (
    CardBehaviour,
    CardInterrupt,
    WhenAccessedOutsideArchives,
    implements,
)
from rulesref.games.netrunner.procedures.costs import Credits, TrashSelf
from rulesref.games.netrunner.procedures.damage import damage
from rulesref.games.netrunner.procedures.traces import avoid_tags, give_tags
from rulesref.games.netrunner.state.events import TakeTags
from rulesref.games.netrunner.timing.abilities import Ability
from rulesref.games.netrunner.timing.costs import Cost
from rulesref.games.netrunner.timing.events import Event


class _SpringWhenAccessed(WhenAccessedOutsideArchives):
    """When accessed anywhere but in Archives, the Corp may pay to tag and damage."""

    def cost(self, event: Event | None) -> Cost | None:
        return Cost((Credits(self.game, "corp", 4),))

    def resolve(self, event: Event) -> None:
        give_tags(self.game, 1, cause=self.card.title)
        self.game.timing.checkpoint(("rule_resolve_ability",), note=" between two instructions")
        damage(self.game, "net", 3, source=self.card.title)


@implements
class Snare(CardBehaviour):
    title = "Snare!"
    revealed_when_accessed_in_rnd = True

    def abilities(self) -> list[Ability]:
        if self.card in self.game.accessing:
            return [_SpringWhenAccessed(self, optional=True)]
        return []


class _PreventOneTag(CardInterrupt):
    """A paid interrupt (https://netrunnerdb.com/en/card/01032): trash it to avoid 1 tag."""

    prevents = True
    paid = True

    def applies_to(self, event: Event) -> bool:
        return isinstance(event, TakeTags) and event.amount > 0

    def cost(self, event: Event | None) -> Cost | None:
        return Cost((TrashSelf(self.game, self.card),))

    def interrupt(self, event: Event) -> None:
        assert isinstance(event, TakeTags)
        avoid_tags(self.game, event, 1, by=self.card.title)


@implements
class Decoy(CardBehaviour):
    title = "Decoy"

    def abilities(self) -> list[Ability]:
        return [_PreventOneTag(self, optional=True)] if self.active else []
