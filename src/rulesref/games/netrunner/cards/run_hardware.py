"""Hardware whose abilities act on runs: consoles (limit 1 per player)."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import CardBehaviour, CardConditional, implements
from rulesref.games.netrunner.procedures.encounters import bypass
from rulesref.games.netrunner.procedures.memory import MemorySource
from rulesref.games.netrunner.procedures.progress import end_the_run
from rulesref.games.netrunner.procedures.traces import LinkSource, give_tags, trace
from rulesref.games.netrunner.state.events import Encounter
from rulesref.games.netrunner.timing.abilities import Ability
from rulesref.games.netrunner.timing.events import Event


class _TraceToGetPast(CardConditional):
    """Once per turn, when the Runner encounters ice, they may have the Corp trace [5]:
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
