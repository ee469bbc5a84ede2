"""Cards whose replacement effects ("instead") apply to what would happen, and the
choices such cards remember for them."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import (
    CardBehaviour,
    CardConditional,
    CardInterrupt,
    implements,
)
from rulesref.games.netrunner.procedures.choices import choose_name
from rulesref.games.netrunner.procedures.costs import gain_credits
from rulesref.games.netrunner.state.events import TurnBegins
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.run_events import Breach, SuccessfulRun
from rulesref.games.netrunner.state.table import Table
from rulesref.games.netrunner.timing.abilities import Ability
from rulesref.games.netrunner.timing.events import Event


class _ChooseAServer(CardConditional):
    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, TurnBegins) and event.player == "runner"

    def resolve(self, event: Event) -> None:
        game, behaviour = self.game, self.behaviour
        assert isinstance(behaviour, SecurityTesting)
        names = list(game.servers)
        question = f"{self.label}: choose which server?"
        chosen = choose_name(game, "runner", question, self.label, names)
        behaviour.choice = (game.history.turn, chosen)
        game.log.record(
            "rule_lingering_effect_maintaining_choice_turn_begins_duration",
            f"{self.label}: {chosen} is the chosen server until this turn ends or "
            f"{self.card.title} is no longer active",
        )


class _GainInsteadOfBreaching(CardInterrupt):
    replaces = True

    def applies_to(self, event: Event) -> bool:
        behaviour = self.behaviour
        assert isinstance(behaviour, SecurityTesting)
        server = behaviour.chosen_server()
        run = self.game.run
        if not isinstance(event, Breach) or server is None or event.server != server:
            return False
        if run is None or not run.successful or run.server != server:
            return False
        runs = self.game.history.occurred_this_turn(SuccessfulRun, lambda e: e.server == server)
        return len(runs) == 1

    def interrupt(self, event: Event) -> None:
        game, label = self.game, self.label
        event.replace_entirely(label, lambda: gain_credits(game, "runner", 2, cause=label))


@implements
class SecurityTesting(CardBehaviour):
    """https://netrunnerdb.com/en/card/05048 - as the Runner's turn begins they may choose a
    server; their first successful run on it that turn gains 2 credits instead of a breach.
    The choice is remembered for that turn only, and only while the card is active."""

    title = "Security Testing"

    def __init__(self, game: Table, card: NetrunnerCard) -> None:
        super().__init__(game, card)
        #: The turn the server was chosen in, and the server.
        self.choice: tuple[int, str] | None = None

    def chosen_server(self) -> str | None:
        """The server chosen this turn, while the card is active; otherwise none."""
        if self.choice is None or not self.active:
            return None
        turn, server = self.choice
        return server if turn == self.game.history.turn else None

    def abilities(self) -> list[Ability]:
        if not self.active:
            return []
        return [_ChooseAServer(self, optional=True), _GainInsteadOfBreaching(self)]
