"""Cards that initiate traces: tracer ice, and upgrades that trace the Runner."""

from __future__ import annotations

from contextlib import nullcontext

from rulesref.games.netrunner.cards.base import (
    Announced,
    CardBehaviour,
    CardConditional,
    Instruction,
    implements,
)
from rulesref.games.netrunner.cards.ice import IceBehaviour
from rulesref.games.netrunner.procedures.choices import choose_card
from rulesref.games.netrunner.procedures.damage import damage
from rulesref.games.netrunner.procedures.movements import trash
from rulesref.games.netrunner.procedures.this_server import ThisServer, after_leaving, this_server
from rulesref.games.netrunner.procedures.traces import trace
from rulesref.games.netrunner.state.events import Trash
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.zones import ZoneType
from rulesref.games.netrunner.timing.abilities import Ability
from rulesref.games.netrunner.timing.events import Event


@implements
class Gemini(IceBehaviour):
    """Trace 2: if successful, 1 net damage; and, successful or not, 1 more net damage if
    the trace strength was 5 or greater."""

    title = "Gemini"

    def subroutines(self) -> list[Instruction]:
        game, label = self.game, f"{self.title} subroutine 1"

        def net_damage() -> None:
            damage(game, "net", 1, source=label)

        def if_strong(strength: int) -> None:
            if strength >= 5:
                net_damage()
            else:
                game.log.record((), f"{label}: trace strength {strength} is less than 5")

        def run_trace(_: Announced) -> None:
            trace(game, 2, source=label, if_successful=net_damage, either_way=if_strong)

        return [Instruction(label, run_trace)]


class _TraceWhenTrashedHere(CardConditional):
    """Whenever the Runner trashes at least 1 card from this server (its root or its ice),
    trace [4]; if successful, the Runner trashes 2 of their installed cards.  ``only``:
    the trash that took the tracker itself away, which still meets it (looking back)."""

    def __init__(self, behaviour: WarroidTracker, only: Trash | None = None) -> None:
        super().__init__(behaviour)
        self.only = only

    def _server(self, event: Trash) -> str | None:
        left = event.servers.get(self.card.serial)
        if left is not None:
            return left
        return None if self.card.server is None else self.card.server.name

    def is_met_by(self, event: Event) -> bool:
        if not isinstance(event, Trash) or event.player != "runner":
            return False
        if self.only is not None and event is not self.only:
            return False
        here = self._server(event)
        return here is not None and any(event.servers.get(c.serial) == here for c in event.cards)

    def resolve(self, event: Event) -> None:
        assert isinstance(event, Trash)
        game, card = self.game, self.card
        left = event.servers.get(card.serial)
        with after_leaving(card, left) if left is not None else nullcontext():
            here = this_server(game, card)
            game.log.record((), f"{self.label}: the Runner trashed a card from {here}")
        trace(game, 4, source=self.label, if_successful=self._runner_trashes_two)

    def _runner_trashes_two(self) -> None:
        game = self.game
        chosen: list[NetrunnerCard] = []
        for left in range(2, 0, -1):
            options = [c for c in game.runner.installed if c not in chosen]
            if not options:
                break
            chosen.append(
                choose_card(
                    game,
                    "runner",
                    f"{self.label}: trash which of your installed cards ({left} to trash)?",
                    self.label,
                    options,
                )
            )
        if chosen:
            trash(game, chosen, by="runner", cause=self.label)


@implements
class WarroidTracker(CardBehaviour, ThisServer):
    title = "Warroid Tracker"

    def abilities(self) -> list[Ability]:
        if self.active:
            return [_TraceWhenTrashedHere(self)]
        if self.card.zone_type is ZoneType.DISCARD:
            # looking back: the trash that took it from a server, while it was rezzed
            trashes = [e for e in self.game.history if isinstance(e, Trash) and e.occurred]
            for event in reversed(trashes):
                views = [v for v in event.views if v.ref.card is self.card]
                if views:
                    if views[0].installed and views[0].faceup:
                        return [_TraceWhenTrashedHere(self, only=event)]
                    break
        return []
