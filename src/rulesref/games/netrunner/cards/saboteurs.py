"""Runner cards that sabotage the Corp."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import CardBehaviour, CardConditional, implements
from rulesref.games.netrunner.cards.run_events import RunEvent, _InsteadOfBreaching
from rulesref.games.netrunner.procedures.drawing import draw
from rulesref.games.netrunner.procedures.sabotage import sabotage
from rulesref.games.netrunner.state.events import Damage
from rulesref.games.netrunner.state.runs import Run
from rulesref.games.netrunner.timing.abilities import Ability
from rulesref.games.netrunner.timing.events import Event


@implements
class Chastushka(RunEvent):
    """A run on HQ; once it is successful, the Runner may, rather than breach HQ,
    sabotage 4."""

    title = "Chastushka"
    may_run = "HQ"

    def allowed(self, server: str) -> bool:
        return server == "HQ"

    def when_successful(self, run: Run) -> None:
        game = self.game

        def sabotage_four(server: str) -> None:
            sabotage(game, 4, cause=self.title)

        self.for_the_run(run, _InsteadOfBreaching(self, run, "sabotage 4", sabotage_four))


def _core_damage(event: Damage) -> bool:
    return event.player == "runner" and event.damage_type == "core"


class _DrawAndSabotage(CardConditional):
    """The first time in a turn the Runner suffers core damage, they may draw 1 card and
    sabotage 2."""

    def is_met_by(self, event: Event) -> bool:
        return (
            isinstance(event, Damage)
            and _core_damage(event)
            and self.game.history.is_first_this_turn(event, _core_damage)
        )

    def resolve(self, event: Event) -> None:
        draw(self.game, {"runner": 1})
        sabotage(self.game, 2, cause=self.card.title)


@implements
class EsaAfontov(CardBehaviour):
    title = "Esâ Afontov: Eco-Insurrectionist"

    def abilities(self) -> list[Ability]:
        return [_DrawAndSabotage(self, optional=True)] if self.active else []
