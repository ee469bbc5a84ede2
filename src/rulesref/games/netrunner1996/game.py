"""A minimal 1996 Netrunner game on the rules kernel: enough to play out the excerpt.

Actions are the unit of a turn: the Corp has 3 per turn and the Runner 4. Playing an
operation or prep, advancing, and making a run are basic actions costing one each; rezzing
costs bits but no action. Card abilities cost what they print, nothing more. Every public
action is all or nothing: if the rules refuse any part of it, the game is put back exactly
as it was (:func:`rulesref.engine.transactions.transactional`).  The game is a
:class:`~rulesref.games.netrunner1996.state.table.Table` (what the procedures act on) with
these actions, each handing a card to the procedure named after the rule it follows.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from rulesref.engine.transactions import fingerprint, transactional
from rulesref.games.netrunner1996.cards.sample_cards import SAMPLE_CARDS
from rulesref.games.netrunner1996.procedures import effects, runs, setup, turns
from rulesref.games.netrunner1996.procedures.setup import CorpSetup, RunnerSetup
from rulesref.games.netrunner1996.state.objects import CardDefinition, Side
from rulesref.games.netrunner1996.state.table import ACTIONS_PER_TURN, Table, side_named

__all__ = ["ACTIONS_PER_TURN", "CorpSetup", "Game", "RunnerSetup", "action"]

#: A public action: undone as a whole if the rules refuse any part of it.
action = transactional(shared=Table._shared)


class Game(Table):
    """Build one with :meth:`given`; act with :meth:`play`, :meth:`use`, :meth:`advance`,
    :meth:`run`, :meth:`rez` and :meth:`end_turn`; answer decisions with
    ``game.corp.answers(...)`` and ``game.runner.answers(...)``."""

    def __init__(
        self, *, turn: Side, seed: int = 0, catalog: Mapping[str, CardDefinition] = SAMPLE_CARDS
    ) -> None:
        super().__init__(turn=turn, catalog=catalog, seed=seed)

    @classmethod
    def given(
        cls,
        *,
        turn: str | Side = Side.CORP,
        corp: CorpSetup | None = None,
        runner: RunnerSetup | None = None,
        seed: int = 0,
        catalog: Mapping[str, CardDefinition] = SAMPLE_CARDS,
    ) -> Game:
        """A game in the middle of ``turn``'s turn (``"corp"`` or ``"runner"``); by default
        the side whose turn it is has all its actions left and the other has none."""
        side = side_named(turn)
        game = cls(turn=side, seed=seed, catalog=catalog)
        for each, given in ((Side.CORP, corp), (Side.RUNNER, runner)):
            default = ACTIONS_PER_TURN[each] if each is side else 0
            setup.set_up(game, each, cast(Mapping[str, Any], given or {}), default)
        return game

    def state(self) -> object:
        """Everything about the game now, as a value two moments compare by."""
        return fingerprint(self, self._shared())

    @action
    def play(self, title: str) -> None:
        """Play an operation (Corp) or prep (Runner) from hand: a basic action plus its cost."""
        effects.play(self, self.card(title))

    @action
    def use(self, title: str) -> None:
        """Use a "cost(s): effect" ability of an installed card (rule 1.1)."""
        effects.use(self, self.card(title))

    @action
    def advance(self, title: str) -> None:
        """The Corp's basic action: one action and one bit for one advancement counter."""
        turns.advance(self, self.installed_card(title))

    @action
    def run(self, server: str) -> None:
        """The Runner's basic action: one action to make a run."""
        runs.run_as_action(self, server)

    @action
    def rez(self, title: str) -> None:
        """Rezzing costs bits, never an action, so the Corp may rez in either turn."""
        effects.rez(self, self.installed_card(title))

    @action
    def end_turn(self) -> None:
        turns.end_turn(self)
