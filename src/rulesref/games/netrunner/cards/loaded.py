"""Runner cards loaded with counters, which do something when they are empty."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import CardConditional, implements
from rulesref.games.netrunner.procedures.drawing import draw
from rulesref.games.netrunner.procedures.installing import install
from rulesref.games.netrunner.procedures.loading import Loadable, is_empty, load
from rulesref.games.netrunner.procedures.movements import trash
from rulesref.games.netrunner.procedures.state_checks import StateWatcher
from rulesref.games.netrunner.state.events import Install, TurnBegins
from rulesref.games.netrunner.state.run_events import SuccessfulRun
from rulesref.games.netrunner.state.turn_events import TurnEnds
from rulesref.games.netrunner.state.zones import ZoneType
from rulesref.games.netrunner.timing.abilities import Ability
from rulesref.games.netrunner.timing.events import Event


class _LoadWhenInstalled(CardConditional):
    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, Install) and any(c is self.card for c in event.cards)

    def resolve(self, event: Event) -> None:
        load(self.game, self.card, "credit", 3, cause=self.card.title)


class _TakeOneCredit(CardConditional):
    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, TurnBegins) and event.player == "runner"

    def resolve(self, event: Event) -> None:
        game, card = self.game, self.card
        if card.counters["credit"]:
            card.counters["credit"] -= 1
            game.runner.credits += 1
            game.log.record((), f"{card.title}: the Runner takes 1 credit from it")


class _ReinstallAfterThreeRuns(CardConditional):
    def is_met_by(self, event: Event) -> bool:
        game = self.game
        return (
            isinstance(event, TurnEnds)
            and event.player == "runner"
            and self.card.zone_type is ZoneType.DISCARD
            and len(game.history.occurred_this_turn(SuccessfulRun)) >= 3
        )

    def resolve(self, event: Event) -> None:
        install(self.game, self.card, by="runner", ignoring_costs=True, cause=self.card.title)


@implements
class Crowdfunding(Loadable, StateWatcher):
    """Loaded with 3 credits as it is installed; 1 is taken as each of the Runner's turns
    begins; empty, it is trashed and the Runner draws 1 card. From the heap, it may be
    installed again, ignoring all costs, at the end of a turn with 3 successful runs."""

    title = "Crowdfunding"

    def abilities(self) -> list[Ability]:
        if self.active:
            return [_LoadWhenInstalled(self), _TakeOneCredit(self)]
        if self.card.zone_type is ZoneType.DISCARD:
            return [_ReinstallAfterThreeRuns(self, optional=True)]
        return []

    def at_checkpoint(self) -> None:
        if is_empty(self.game, self.card):
            trash(self.game, [self.card], by="runner", cause=f"{self.title} is empty")
            draw(self.game, {"runner": 1})
