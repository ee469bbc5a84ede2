"""Currents: operations and events that stay in the play area after they resolve, their
abilities active there, until a different current is played or (for an operation) the Runner
steals an agenda, or (for an event) the Corp scores one; then they are trashed at the
next checkpoint, as the lingering effect keeping them in play expires."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import Announced, CardBehaviour, Instruction, implements
from rulesref.games.netrunner.procedures.costs import Clicks
from rulesref.games.netrunner.procedures.movements import trash
from rulesref.games.netrunner.procedures.runs import RunCost
from rulesref.games.netrunner.procedures.state_checks import StateWatcher
from rulesref.games.netrunner.state.events import Play, Score, Steal
from rulesref.games.netrunner.state.run_events import RunBegins
from rulesref.games.netrunner.state.table import Table
from rulesref.games.netrunner.state.zones import ZoneType
from rulesref.games.netrunner.timing.costs import CostPart
from rulesref.games.netrunner.timing.events import Event


class Current(CardBehaviour, StateWatcher):
    @property
    def active(self) -> bool:
        card = self.card
        return card.zone is not None and card.zone_type is ZoneType.PLAY_AREA and card.faceup

    def play(self) -> Instruction:
        """A current has no instruction of its own to resolve: its abilities are active
        while it stays in the play area."""
        game = self.game

        def nothing(_: Announced) -> None:
            game.log.record((), f"{self.title} has no instruction to resolve")

        return Instruction(self.title, nothing, chooser=self.card.owner)

    def not_trashed_until(self) -> str | None:
        ender = "the Runner steals an agenda" if self.card.side == "corp" else "the Corp scores one"
        return f"another current is played or {ender}"

    def _ends_it(self, event: Event) -> bool:
        if isinstance(event, Play):
            return any(c is not self.card and c.has_subtype("current") for c in event.cards)
        return isinstance(event, Steal if self.card.side == "corp" else Score)

    def at_checkpoint(self) -> None:
        events = [e for e in self.game.history if e.occurred]
        played = [i for i, e in enumerate(events) if isinstance(e, Play) and self.card in e.cards]
        if played and any(self._ends_it(e) for e in events[played[-1] + 1 :]):
            self.game.log.record(
                ("step_checkpoint_duration_abilities", "rule_play_not_trashed_until"),
                f"checkpoint: what kept {self.title} in the play area has expired",
            )
            trash(self.game, [self.card], by=self.card.owner, cause=f"{self.title} expired")


@implements
class EnhancedLoginProtocol(Current, RunCost):
    """A current: on the turn's first run the Runner makes with the basic action (on any
    server, they must also spend a click."""

    title = "Enhanced Login Protocol"

    def cost_to_run(self, game: Table, server: str, *, basic_action: bool) -> list[CostPart]:
        if not basic_action:
            return []
        earlier = game.history.occurred_this_turn(RunBegins, lambda e: e.basic_action)
        return [] if earlier else [Clicks(game, "runner", 1)]
