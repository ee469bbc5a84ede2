"""Cards whose interrupts change how many tags the Runner would take."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import CardBehaviour, CardInterrupt, implements
from rulesref.games.netrunner.procedures.costs import TrashSelf
from rulesref.games.netrunner.procedures.traces import avoid_tags
from rulesref.games.netrunner.state.events import TakeTags
from rulesref.games.netrunner.timing.abilities import Ability
from rulesref.games.netrunner.timing.costs import Cost
from rulesref.games.netrunner.timing.events import Event


class _AvoidOneTag(CardInterrupt):
    prevents = True
    paid = True

    def applies_to(self, event: Event) -> bool:
        return isinstance(event, TakeTags) and not event.prevented

    def cost(self, event: Event | None) -> Cost | None:
        return Cost((TrashSelf(self.game, self.card),))

    def interrupt(self, event: Event) -> None:
        assert isinstance(event, TakeTags)
        avoid_tags(self.game, event, 1, self.card.title)


@implements
class Decoy(CardBehaviour):
    """https://netrunnerdb.com/en/card/01032 - a paid interrupt: trash it to avoid 1 tag."""

    title = "Decoy"

    def abilities(self) -> list[Ability]:
        return [_AvoidOneTag(self, optional=True)] if self.active else []
