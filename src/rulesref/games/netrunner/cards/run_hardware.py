"""Hardware whose abilities act on runs: consoles (limit 1 per player)."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import CardBehaviour, CardConditional, implements
from rulesref.games.netrunner.procedures.drawing import draw
from rulesref.games.netrunner.procedures.encounters import bypass
from rulesref.games.netrunner.procedures.hand_size import HandSizeSource
from rulesref.games.netrunner.procedures.memory import MemorySource
from rulesref.games.netrunner.procedures.progress import end_the_run
from rulesref.games.netrunner.procedures.traces import LinkSource, give_tags, trace
from rulesref.games.netrunner.state.run_events import Encounter, RunEnds
from rulesref.games.netrunner.state.runs import Run
from rulesref.games.netrunner.timing.abilities import Ability
from rulesref.games.netrunner.timing.events import Event


class _TraceToGetPast(CardConditional):
    """Once per turn, as an encounter begins, the Runner may call for a trace of strength 5:
    if successful, the Runner takes a tag and the run ends; if not, they bypass the ice."""

    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, Encounter)

    def resolve(self, event: Event) -> None:
        game, label = self.game, self.card.title

        def tag_and_end() -> None:
            give_tags(game, 1, cause=label)
            end_the_run(game, cause=label)

        trace(
            game,
            5,
            source=label,
            if_successful=tag_and_end,
            if_unsuccessful=lambda: bypass(game, label),
        )


@implements
class SecurityNexus(CardBehaviour, MemorySource, LinkSource):
    """+1 memory unit and +1 link; once per turn a trace that either ends the run or lets
    the Runner bypass the ice they encounter."""

    title = "Security Nexus"

    def memory_units(self) -> int:
        return 1

    def link(self) -> int:
        return 1

    def abilities(self) -> list[Ability]:
        if not self.active:
            return []
        return [_TraceToGetPast(self, optional=True, once_per_turn=True)]


def _successful_central_run(event: RunEnds) -> bool:
    return event.successful and event.server in ("HQ", "R&D")


class _DrawPerAccess(CardConditional):
    """When the turn's first successful run against HQ or R&D is over, the Runner draws a card
    per access that took place in it."""

    def is_met_by(self, event: Event) -> bool:
        return (
            isinstance(event, RunEnds)
            and _successful_central_run(event)
            and self.game.history.is_first_this_turn(event, _successful_central_run)
        )

    def resolve(self, event: Event) -> None:
        assert isinstance(event, RunEnds) and isinstance(event.run, Run)
        accesses = len(event.run.accessed)
        self.game.log.record(
            "rule_counting_candidates_after_breach",
            f"{self.card.title}: the Runner accessed {accesses} card"
            f"{'' if accesses == 1 else 's'} during the run",
        )
        if accesses:
            draw(self.game, {"runner": accesses})


@implements
class Obelus(CardBehaviour, MemorySource, HandSizeSource):
    """One more memory unit; one more card of hand size per tag; after the turn's first successful
    run against HQ or R&D, a card drawn per access in it."""

    title = "Obelus"

    def memory_units(self) -> int:
        return 1

    def hand_size_change(self, side: str) -> int:
        return self.game.runner.tags if side == "runner" else 0

    def abilities(self) -> list[Ability]:
        return [_DrawPerAccess(self)] if self.active else []
