"""Ice of the rulebook's sections on costs: nested costs, one of which is taking a tag."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import (
    Announced,
    CardConditional,
    Instruction,
    implements,
)
from rulesref.games.netrunner.cards.ice import IceBehaviour
from rulesref.games.netrunner.procedures.costs import Credits, gain_credits
from rulesref.games.netrunner.procedures.nested_costs import unless
from rulesref.games.netrunner.procedures.runs import end_the_run
from rulesref.games.netrunner.procedures.traces import TakeTag, give_tags
from rulesref.games.netrunner.state.payments import Payment, Use
from rulesref.games.netrunner.state.run_events import Encounter
from rulesref.games.netrunner.timing.abilities import Ability
from rulesref.games.netrunner.timing.costs import Cost
from rulesref.games.netrunner.timing.events import Event


class _EncounterUnlessTag(CardConditional):
    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, Encounter) and event.ice is self.card

    def resolve(self, event: Event) -> None:
        game, label = self.game, self.card.title
        unless(
            game,
            "runner",
            Cost((TakeTag(game, 1),)),
            source=label,
            otherwise=lambda: end_the_run(game, cause=label),
        )


@implements
class Funhouse(IceBehaviour):
    """Encountered, it ends the run unless the Runner takes a tag; its subroutine gives a tag
    unless they pay 4 credits."""

    title = "Funhouse"

    def abilities(self) -> list[Ability]:
        return [_EncounterUnlessTag(self)] if self.active else []

    def subroutines(self) -> list[Instruction]:
        game, card, label = self.game, self.card, f"{self.title} subroutine 1"

        def tag_unless_paid(_: Announced) -> None:
            price = Cost((Credits(game, "runner", 4, Payment(Use.OTHER, card)),))
            unless(
                game,
                "runner",
                price,
                source=label,
                otherwise=lambda: give_tags(game, 1, cause=label),
            )

        return [Instruction(label, tag_unless_paid)]


class _GainOnEncounter(CardConditional):
    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, Encounter) and event.ice is self.card

    def resolve(self, event: Event) -> None:
        gain_credits(self.game, "corp", 1, cause=self.card.title)


@implements
class PopUpWindow(IceBehaviour):
    """Encountered, the Corp gains 1 credit; its subroutine ends the run unless the Runner
    pays 1 credit."""

    title = "Pop-up Window"

    def abilities(self) -> list[Ability]:
        return [_GainOnEncounter(self)] if self.active else []

    def subroutines(self) -> list[Instruction]:
        game, card, label = self.game, self.card, f"{self.title} subroutine 1"

        def end_unless_paid(_: Announced) -> None:
            price = Cost((Credits(game, "runner", 1, Payment(Use.OTHER, card)),))
            unless(
                game,
                "runner",
                price,
                source=label,
                otherwise=lambda: end_the_run(game, cause=label),
            )

        return [Instruction(label, end_unless_paid)]
