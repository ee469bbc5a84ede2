"""Tucana, which fetches ice when an agenda leaves its server, and Pharos, ice it may
fetch that can be advanced."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import (
    Announced,
    CardBehaviour,
    CardConditional,
    Instruction,
    implements,
)
from rulesref.games.netrunner.cards.ice import IceBehaviour
from rulesref.games.netrunner.procedures.install_and_rez import install_and_rez
from rulesref.games.netrunner.procedures.searching import search_for
from rulesref.games.netrunner.procedures.traces import give_tags
from rulesref.games.netrunner.state.events import Score, Steal
from rulesref.games.netrunner.state.zones import CENTRAL_SERVERS
from rulesref.games.netrunner.timing.abilities import Ability
from rulesref.games.netrunner.timing.events import Event


class _FetchIce(CardConditional):
    """Whenever an agenda is scored or stolen from the root of its server, the Corp may
    search R&D for a piece of ice, and install and rez it paying a total of 3 less."""

    def is_met_by(self, event: Event) -> bool:
        here = self.behaviour.server_name()
        return (
            isinstance(event, Score | Steal)
            and here is not None
            and any(
                c.facts.type == "agenda" and event.servers.get(c.serial) == here
                for c in event.cards
            )
        )

    def resolve(self, event: Event) -> None:
        game, title = self.game, self.card.title
        found = search_for(
            game, "corp", "a piece of ice", lambda c: c.is_a("ice"), by="corp", cause=title
        )
        if found is not None:
            install_and_rez(game, [found], cause=title, ignoring_costs=False, total_less=3)


@implements
class Tucana(CardBehaviour):
    """Remote server only; persistent."""

    title = "Tucana"
    persistent = True

    def install_refusal(self, server: str) -> str | None:
        return "remote server only" if server in CENTRAL_SERVERS else None

    def abilities(self) -> list[Ability]:
        persists = self.persisted_in is not None and not self.card.installed
        return [_FetchIce(self, optional=True)] if self.active or persists else []


@implements
class Pharos(IceBehaviour):
    """Can be advanced; +5 strength while it hosts 3 or more advancement counters."""

    title = "Pharos"
    advanceable = True

    def strength(self) -> int | None:
        printed = self.card.facts.strength or 0
        return printed + (5 if self.card.counters["advancement"] >= 3 else 0)

    def subroutines(self) -> list[Instruction]:
        game, label = self.game, f"{self.title} subroutine 1"

        def tag(_: Announced) -> None:
            give_tags(game, 1, cause=label)

        return [Instruction(label, tag), self.end_the_run(2), self.end_the_run(3)]
