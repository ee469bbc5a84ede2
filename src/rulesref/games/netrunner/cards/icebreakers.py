"""Icebreakers: programs that break subroutines and raise their own strength.

Each links to its NetrunnerDB page through the card table; only what the card
does is here.  A strength boost with no stated duration lasts until the end of
the encounter; Gordian Blade's and Pipeline's last for the remainder of the run.
"""

from __future__ import annotations

from rulesref.engine.costs import Cost
from rulesref.engine.errors import IllegalAction
from rulesref.games.netrunner.breaking import BreakAbility, Icebreaker
from rulesref.games.netrunner.cards.base import Announced, Instruction, PaidAbility, implements
from rulesref.games.netrunner.costs import Credits
from rulesref.games.netrunner.strength import Until


class _Boosting(Icebreaker):
    """An icebreaker with a paid ability "N credits: +M strength"."""

    boost_credits: int = 1
    boost_amount: int = 1
    boost_until: Until = Until.ENCOUNTER

    def paid_abilities(self) -> list[PaidAbility]:
        if not self.boost_credits:
            return []
        game, card = self.game, self.card

        def boost(_: Announced) -> None:
            game.boosts.add(game, card, self.boost_amount, self.boost_until, card.title)

        return [
            PaidAbility(
                f"{card.title}: +{self.boost_amount} strength",
                lambda: Cost((Credits(game, "runner", self.boost_credits),)),
                Instruction(card.title, boost, chooser="runner"),
            )
        ]


@implements
class Corroder(_Boosting):
    title = "Corroder"
    breaks = (BreakAbility("barrier", 1),)


@implements
class GordianBlade(_Boosting):
    title = "Gordian Blade"
    breaks = (BreakAbility("code_gate", 1),)
    boost_until = Until.RUN


@implements
class Mimic(_Boosting):
    """Breaks sentry subroutines; it has no ability that raises its strength."""

    title = "Mimic"
    breaks = (BreakAbility("sentry", 1),)
    boost_credits = 0


@implements
class BatteringRam(_Boosting):
    """Breaks up to 2 barrier subroutines per use; uses 2 memory units."""

    title = "Battering Ram"
    breaks = (BreakAbility("barrier", 2, count=2),)


@implements
class Pipeline(_Boosting):
    """Breaks sentry subroutines; its boost lasts for the remainder of the run."""

    title = "Pipeline"
    breaks = (BreakAbility("sentry", 1),)
    boost_credits = 2
    boost_until = Until.RUN


@implements
class Wyrm(_Boosting):
    """An AI breaker: it breaks subroutines of any ice, but only ice weakened to strength 0
    or less, which its second ability does for the encounter."""

    title = "Wyrm"
    breaks = (BreakAbility(None, 3, ice_strength_at_most=0),)

    def paid_abilities(self) -> list[PaidAbility]:
        game, card = self.game, self.card

        def weaken(_: Announced) -> None:
            run = game.require_run()
            ice = None if run.encounter is None else run.encounter.ice.current
            if ice is None:
                raise IllegalAction(f"{card.title}: the Runner is not encountering ice")
            game.boosts.add(game, ice, -1, Until.ENCOUNTER, card.title)

        weakening = PaidAbility(
            f"{card.title}: the encountered ice has -1 strength",
            lambda: Cost((Credits(game, "runner", 1),)),
            Instruction(card.title, weaken, chooser="runner"),
        )
        return [weakening, *super().paid_abilities()]
