"""Events that make a run, and what they change about it."""

from __future__ import annotations

from rulesref.engine.errors import IllegalChoice
from rulesref.games.netrunner.cards.base import Announced, CardBehaviour, Instruction, implements
from rulesref.games.netrunner.procedures.runs import initiate


class RunEvent(CardBehaviour):
    """An event whose play ability makes a run on a server the Runner chooses as they
    play it (``game.play_run(card, on=server)``)."""

    #: The server chosen for the run, set while the card is played.
    server: str | None = None

    def prepare(self, run_server: str) -> None:
        """What the card does to the run once it has begun."""

    def play_restriction(self) -> str | None:
        if self.game.run is not None:
            return f"a run on {self.game.run.server} is already in progress"
        if self.server is None:
            return "it makes a run: say on which server (game.play_run)"
        if self.server not in self.game.servers:
            return f"there is no server called {self.server!r}"
        return None

    def play(self) -> Instruction:
        game = self.game

        def make_run(_: Announced) -> None:
            server, self.server = self.server, None
            if server is None:
                raise IllegalChoice(f"{self.title} makes a run: say on which server")
            run = initiate(game, server, as_action=False, cause=self.title)
            self.prepare(run.server)

        return Instruction(self.title, make_run, chooser="runner")


@implements
class InsideJob(RunEvent):
    """Bypasses the first piece of ice the Runner encounters during its run."""

    title = "Inside Job"

    def prepare(self, run_server: str) -> None:
        run = self.game.require_run()
        run.bypass_next.append(self.title)
