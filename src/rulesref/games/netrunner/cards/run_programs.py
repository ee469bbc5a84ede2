"""Programs whose abilities act on runs: they make a run, change what it attacks, move
across servers by positions, or act on ice the Runner has passed."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import (
    Announced,
    CardBehaviour,
    CardInterrupt,
    Instruction,
    PaidAbility,
    implements,
)
from rulesref.games.netrunner.procedures.costs import Clicks
from rulesref.games.netrunner.procedures.progress import change_attacked_server
from rulesref.games.netrunner.procedures.runs import initiate
from rulesref.games.netrunner.state.events import SuccessfulRun
from rulesref.games.netrunner.state.runs import Run
from rulesref.games.netrunner.timing.costs import Cost
from rulesref.games.netrunner.timing.events import Event


class _ToHQInstead(CardInterrupt):
    """If the run would be declared successful, the attacked server becomes HQ."""

    def __init__(self, behaviour: CardBehaviour, run: Run) -> None:
        super().__init__(behaviour, label=f"{behaviour.card.title} (its run would be successful)")
        self.run = run

    def applies_to(self, event: Event) -> bool:
        return isinstance(event, SuccessfulRun) and self.game.run is self.run

    def interrupt(self, event: Event) -> None:
        assert isinstance(event, SuccessfulRun)
        change_attacked_server(self.game, "HQ", cause=self.label)
        event.server = self.run.server


@implements
class SneakdoorBeta(CardBehaviour):
    """[click]: run Archives; if that run would be declared successful, HQ becomes the
    attacked server for the rest of it."""

    title = "Sneakdoor Beta"

    def paid_abilities(self) -> list[PaidAbility]:
        game, card = self.game, self.card

        def run_archives(_: Announced) -> None:
            run = initiate(game, "Archives", as_action=False, cause=card.title)
            game.linger(_ToHQInstead(self, run), lambda: game.run is run)

        return [
            PaidAbility(
                f"{card.title}: run Archives",
                lambda: Cost((Clicks(game, "runner", 1),)),
                Instruction(card.title, run_archives, chooser="runner"),
            )
        ]
