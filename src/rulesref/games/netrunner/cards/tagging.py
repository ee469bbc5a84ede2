"""Cards that give the Runner tags, or keep tags off them."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import (
    CardBehaviour,
    CardConditional,
    CardInterrupt,
    implements,
)
from rulesref.games.netrunner.procedures.traces import avoid_tags, give_tags
from rulesref.games.netrunner.state.events import Steal, TakeTags
from rulesref.games.netrunner.state.run_events import RunBegins, RunEnds
from rulesref.games.netrunner.timing.abilities import Ability
from rulesref.games.netrunner.timing.events import Event


class _FirstTagsOfTheRun(CardInterrupt):
    prevents = True

    def __init__(self, behaviour: JesminderSareen) -> None:
        super().__init__(behaviour)
        self.jesminder = behaviour

    def applies_to(self, event: Event) -> bool:
        run = self.game.run
        return (
            isinstance(event, TakeTags)
            and event.amount >= 1
            and run is not None
            and self.jesminder.used_in is not run
        )

    def interrupt(self, event: Event) -> None:
        assert isinstance(event, TakeTags)
        self.jesminder.used_in = self.game.run
        avoid_tags(self.game, event, 1, by=self.label)


@implements
class JesminderSareen(CardBehaviour):
    """The first time in each run the Runner would take tags, 1 of them is avoided."""

    title = "Jesminder Sareen: Girl Behind the Curtain"
    #: The run in which the ability was used.
    used_in: object | None = None

    def abilities(self) -> list[Ability]:
        return [_FirstTagsOfTheRun(self)] if self.active else []


def stole_during(history: list[Event], ended: RunEnds) -> bool:
    """Whether an agenda was stolen between the beginning of the run and its end."""
    for event in reversed(history[: history.index(ended)]):
        if isinstance(event, RunBegins) and event.occurred:
            return False
        if isinstance(event, Steal) and event.occurred:
            return True
    return False


class _TagsAfterAStealingRun(CardConditional):
    def is_met_by(self, event: Event) -> bool:
        return (
            isinstance(event, RunEnds)
            and event.server == self.behaviour.server_name()
            and stole_during(list(self.game.history), event)
        )

    def resolve(self, event: Event) -> None:
        give_tags(self.game, 2, cause=self.label)


@implements
class AmazeAmusements(CardBehaviour):
    """Persistent: whenever a run on its server ends, if the Runner stole an agenda during
    it, they take 2 tags (even if they trashed it while accessing it in that run)."""

    title = "AMAZE Amusements"
    persistent = True

    def abilities(self) -> list[Ability]:
        persists = self.persisted_in is not None and not self.card.installed
        return [_TagsAfterAStealingRun(self)] if self.active or persists else []
