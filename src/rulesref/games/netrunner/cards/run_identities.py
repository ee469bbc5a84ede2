"""Runner identities whose abilities wait for a run to end or for a card to be used."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import CardBehaviour, CardConditional, implements
from rulesref.games.netrunner.procedures.costs import gain_credits
from rulesref.games.netrunner.procedures.drawing import draw
from rulesref.games.netrunner.state.run_events import RunEnds
from rulesref.games.netrunner.state.runs import Run
from rulesref.games.netrunner.state.uses import AbilityUsed
from rulesref.games.netrunner.timing.abilities import Ability
from rulesref.games.netrunner.timing.events import Event


class _PaidPerAccess(CardConditional):
    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, RunEnds) and event.server in ("HQ", "R&D")

    def resolve(self, event: Event) -> None:
        assert isinstance(event, RunEnds) and isinstance(event.run, Run)
        gain_credits(self.game, "runner", len(event.run.accessed), cause=self.card.title)


@implements
class ZahyaSadeghi(CardBehaviour):
    title = "Zahya Sadeghi: Versatile Smuggler"

    def abilities(self) -> list[Ability]:
        if not self.active:
            return []
        return [_PaidPerAccess(self, optional=True, once_per_turn=True)]


class _DrawOnTrashAbility(CardConditional):
    def is_met_by(self, event: Event) -> bool:
        return (
            isinstance(event, AbilityUsed)
            and event.player == self.controller
            and event.trash_ability
        )

    def resolve(self, event: Event) -> None:
        assert isinstance(event, AbilityUsed)
        self.game.log.record(
            ("rule_paid_ability_used_condition", "step_paid_ability_condition"),
            f"{self.card.title}: the trigger cost of {event.label} is paid, a [trash] ability "
            "is used",
        )
        draw(self.game, {"runner": 1})


@implements
class ArmandGeistWalker(CardBehaviour):
    title = 'Armand "Geist" Walker: Tech Lord'

    def abilities(self) -> list[Ability]:
        return [_DrawOnTrashAbility(self)] if self.active else []
