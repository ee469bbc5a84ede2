"""Runner cards with paid abilities that act on the ice being encountered, usable only
during such an encounter."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import Announced, Instruction, PaidAbility, implements
from rulesref.games.netrunner.cards.icebreakers import _Boosting
from rulesref.games.netrunner.procedures.breaking import BreakAbility
from rulesref.games.netrunner.procedures.costs import Credits, TrashSelf
from rulesref.games.netrunner.procedures.encounter_abilities import (
    REFERS_TO_ENCOUNTERED_ICE,
    encountered_ice,
    while_encountering,
)
from rulesref.games.netrunner.procedures.encounters import bypass
from rulesref.games.netrunner.procedures.movements import trash
from rulesref.games.netrunner.procedures.strength import boost, current_strength
from rulesref.games.netrunner.state.behaviour import CardBehaviour
from rulesref.games.netrunner.state.boosts import Until
from rulesref.games.netrunner.state.events import TakeTags
from rulesref.games.netrunner.timing.costs import Cost, CostPart


@implements
class Abagnale(_Boosting):
    title = "Abagnale"
    breaks = (BreakAbility("code_gate", 1),)
    boost_credits = 2
    boost_amount = 2

    def paid_abilities(self) -> list[PaidAbility]:
        game, card = self.game, self.card

        def bypass_code_gate(_: Announced) -> None:
            bypass(game, card.title)

        return [
            *super().paid_abilities(),
            PaidAbility(
                f"{card.title}: bypass the code gate",
                lambda: Cost((TrashSelf(game, card),)),
                Instruction(card.title, bypass_code_gate, chooser="runner"),
                restriction=while_encountering(game, "code_gate"),
                restriction_rule=REFERS_TO_ENCOUNTERED_ICE,
            ),
        ]


class TakeTag(CostPart):
    """Taking tags as a cost."""

    def __init__(self, behaviour: CardBehaviour, amount: int) -> None:
        self.game, self.amount = behaviour.game, amount

    def describe(self) -> str:
        return f"taking {self.amount} tag{'' if self.amount == 1 else 's'}"

    def obstacle(self) -> str | None:
        return None  # there is no limit to the tags a Runner can take

    def pay(self) -> None:
        game, event = self.game, TakeTags(self.amount)
        event.as_cost = True

        def take() -> None:
            game.runner.tags += event.amount

        game.timing.perform(event, take, rules=("rule_tag",))


@implements
class ArruaceirasCrew(CardBehaviour):
    title = "Arruaceiras Crew"

    def paid_abilities(self) -> list[PaidAbility]:
        game, card = self.game, self.card

        def weaken(_: Announced) -> None:
            ice = encountered_ice(game)
            if ice is not None:
                boost(game, ice, -2, Until.ENCOUNTER, card.title)

        def trash_if_weak(_: Announced) -> None:
            ice = encountered_ice(game)
            if ice is None:
                return
            strength = current_strength(game, ice) or 0
            if strength > 0:
                game.log.record((), f"{card.title}: {ice.title} has strength {strength}: kept")
                return
            trash(game, [ice], by="runner", cause=card.title)

        return [
            PaidAbility(
                f"{card.title}: -2 strength",
                lambda: Cost((TakeTag(self, 1),)),
                Instruction(card.title, weaken, chooser="runner"),
                once_per_turn=True,
                restriction=while_encountering(game),
                restriction_rule=REFERS_TO_ENCOUNTERED_ICE,
            ),
            PaidAbility(
                f"{card.title}: trash the ice",
                lambda: Cost((TrashSelf(game, card), Credits(game, "runner", 2))),
                Instruction(card.title, trash_if_weak, chooser="runner"),
                restriction=while_encountering(game),
                restriction_rule=REFERS_TO_ENCOUNTERED_ICE,
            ),
        ]
