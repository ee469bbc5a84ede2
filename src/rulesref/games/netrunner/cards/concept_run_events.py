"""Runner events of the chapter on game concepts: a run event that counts, as its run
ends, the ice passed during it (each object passed counts, even one that has since
ceased to exist), and an event that trashes every installed Corp card."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import (
    Announced,
    CardBehaviour,
    CardConditional,
    Instruction,
    implements,
)
from rulesref.games.netrunner.cards.run_events import RunEvent
from rulesref.games.netrunner.procedures.costs import gain_credits
from rulesref.games.netrunner.procedures.facedown import turn_facedown
from rulesref.games.netrunner.procedures.movements import trash
from rulesref.games.netrunner.state.run_events import PassIce, RunEnds, SuccessfulRun
from rulesref.games.netrunner.state.runs import Run
from rulesref.games.netrunner.timing.events import Event


class _PaidForIcePassed(CardConditional):
    def __init__(self, behaviour: Bravado, run: Run) -> None:
        super().__init__(behaviour)
        self.run = run

    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, RunEnds) and event.run is self.run

    def resolve(self, event: Event) -> None:
        game = self.game
        passed = game.history.occurred_this_turn(PassIce, lambda e: e.run is self.run)
        objects = {(id(e.ref.card), e.ref.object_id) for e in passed}
        gone = sum(1 for e in passed if e.ref.current is None)
        game.log.record(
            ("rule_previous_object",),
            f"{self.card.title}: the Runner passed {len(objects)} piece"
            f"{'' if len(objects) == 1 else 's'} of ice during the run "
            f"({gone} of them no longer that object, remembered from the game's history)",
        )
        gain_credits(game, "runner", 6 + len(objects), cause=self.card.title)


@implements
class Bravado(RunEvent):
    """Runs a server protected by ice; as the run ends, 6 credits and 1 per ice passed."""

    title = "Bravado"
    may_run = "a server protected by ice"

    def allowed(self, server: str) -> bool:
        return bool(self.game.server(server).ice)

    def prepare(self, run: Run) -> None:
        self.game.timing.add_delayed(_PaidForIcePassed(self, run))


CENTRALS = ("HQ", "R&D", "Archives")


@implements
class Apocalypse(CardBehaviour):
    """Played after successful runs on HQ, R&D and Archives this turn: every installed Corp
    card is trashed (by the Runner, since no one else is named), and every installed Runner
    card is turned facedown."""

    title = "Apocalypse"

    def play_restriction(self) -> str | None:
        runs = self.game.history.occurred_this_turn(SuccessfulRun)
        missing = [s for s in CENTRALS if not any(e.server == s for e in runs)]
        if missing:
            return f"no successful run on {', '.join(missing)} this turn"
        return None

    def play(self) -> Instruction:
        game = self.game

        def destroy(_: Announced) -> None:
            corp = [c for c in game.corp.installed if c.host is None]
            if corp:
                trash(game, corp, by="runner", cause=self.title)
            for card in game.runner.installed:
                if card.faceup:
                    turn_facedown(game, card)

        return Instruction(self.title, destroy, chooser="runner")
