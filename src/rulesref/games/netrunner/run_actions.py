"""What a scenario does during a run: make it, act in its windows, pass, jack out.

Mixed into :class:`~rulesref.games.netrunner.game.Game`, so ``game.run_on("HQ")``
reads like the game; each method is a public action (refused if the game is over,
settled after, undone as a whole if refused: see
:func:`~rulesref.games.netrunner.action.action`).  The rules live in
:mod:`~rulesref.games.netrunner.runs` and :mod:`~rulesref.games.netrunner.breaking`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, cast

from rulesref.engine.errors import IllegalAction, IllegalChoice
from rulesref.games.netrunner import arguments, breaking, runs
from rulesref.games.netrunner.action import action
from rulesref.games.netrunner.memory import memory_in_use, memory_limit
from rulesref.games.netrunner.objects import CardLike, NetrunnerCard
from rulesref.games.netrunner.runs import Run

if TYPE_CHECKING:
    from rulesref.games.netrunner.game import Game


class RunActions:
    @property
    def _game(self) -> Game:
        return cast("Game", self)

    @action
    def run_on(self, server: str, *, as_action: bool = True) -> None:
        """Make a run on ``server`` (as an action, spending a click, unless ``as_action``
        is false); it stops in its first paid ability window."""
        game = self._game
        runs.initiate(game, arguments.text(server, "server"), as_action=as_action is True)

    @action
    def play_run(self, event: str | NetrunnerCard, *, on: str) -> None:
        """Play an event that makes a run, choosing the server ``on`` as it is played."""
        from rulesref.games.netrunner.cards.run_events import RunEvent

        game = self._game
        on = arguments.text(on, "on")
        card = game.card(event)
        if not isinstance(card.behaviour, RunEvent):
            raise IllegalChoice(f"{card.title} is not an event that makes a run")
        card.behaviour.server = on
        try:
            game.play(card)
        finally:
            card.behaviour.server = None

    @action
    def proceed(self, targets: Mapping[int, object] | None = None) -> None:
        """Both players pass in the current window of the run, which goes on to its next
        window.  ``targets`` answers the Corp's choices for the subroutines that resolve
        now: ``{1: "Corroder"}`` for subroutine 1."""
        game = self._game
        if targets is not None and not isinstance(targets, Mapping):
            raise IllegalChoice(
                f"targets must map subroutine numbers to targets, not {targets!r}", "targets"
            )
        chosen = {arguments.count(k, "targets", least=1): v for k, v in (targets or {}).items()}
        runs.proceed(game, chosen)

    @action
    def proceed_to_end(self) -> None:
        """Both players pass in every window until the run ends (no subroutine may need a
        choice on the way)."""
        game = self._game
        while game.run is not None and game.run.phased and game.winner is None:
            game.proceed()

    @action
    def jack_out(self) -> None:
        game = self._game
        runs.jack_out(game)

    @action
    def break_subroutines(self, breaker: str | NetrunnerCard, *numbers: int) -> None:
        """Use ``breaker`` to break the subroutines ``numbers`` (1 is the first) of the ice
        the Runner is encountering."""
        game = self._game
        if not numbers:
            raise IllegalChoice("say which subroutines to break (1 is the first)", "numbers")
        wanted = [arguments.count(n, "numbers", least=1) for n in numbers]
        breaking.break_subroutines(game, game.card(breaker), wanted)

    # -- a run set up by hand, step by step ---------------------------------------------

    @action
    def start_run(self, server: str) -> None:
        game = self._game
        if game.run is not None:
            raise IllegalAction(f"a run on {game.run.server} is already in progress")
        game.server(server)
        game.run = Run(server)
        game.log.record((), f"the Runner runs on {server}")

    @action
    def encounter(self, ice: CardLike) -> None:
        game = self._game
        game.require_run()
        runs.encounter(game, game.card(ice))

    @action
    def successful_run(self, server: str | None = None) -> None:
        """The run becomes successful, the Runner breaches the server, and the run ends.
        Starts a run on ``server`` first if none is in progress."""
        game = self._game
        if game.run is None:
            if server is None:
                raise IllegalAction("there is no run in progress")
            game.start_run(server)
        runs.successful_run(game)
        if game.run is not None and game.winner is None:
            runs.end_run(game)

    @action
    def end_run(self) -> None:
        game = self._game
        runs.end_run(game)

    @property
    def memory(self) -> str:
        """The Runner's memory units in use, and their memory limit ("3 of 4 MU")."""
        game = self._game
        return f"{memory_in_use(game)} of {memory_limit(game)} MU"

    @property
    def window(self) -> str | None:
        """The paid ability window the run is waiting in, if any."""
        game = self._game
        run = game.run
        return None if run is None or run.window is None else str(run.window)
