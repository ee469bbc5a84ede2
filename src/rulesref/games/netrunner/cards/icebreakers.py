"""Icebreakers: programs that break subroutines and raise their own strength.

Each links to its NetrunnerDB page through the card table; only what the card
does is here.  A strength boost with no stated duration lasts until the end of
the encounter; Gordian Blade's and Pipeline's last for the remainder of the run.
"""

from __future__ import annotations

from typing import Literal

from rulesref.engine.errors import IllegalAction
from rulesref.engine.objects import ObjectRef
from rulesref.games.netrunner.cards.base import (
    Announced,
    CardConditional,
    Instruction,
    PaidAbility,
    implements,
)
from rulesref.games.netrunner.procedures.arranging import swap
from rulesref.games.netrunner.procedures.breaking import BreakAbility, Icebreaker
from rulesref.games.netrunner.procedures.choices import choose_card
from rulesref.games.netrunner.procedures.costs import Credits
from rulesref.games.netrunner.procedures.encounters import bypass
from rulesref.games.netrunner.procedures.strength import boost, breaker_boost
from rulesref.games.netrunner.state.boosts import Until
from rulesref.games.netrunner.state.events import Install
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.payments import Payment, Use
from rulesref.games.netrunner.state.run_events import Encounter, PassIce
from rulesref.games.netrunner.state.table import Table
from rulesref.games.netrunner.timing.abilities import Ability
from rulesref.games.netrunner.timing.costs import Cost
from rulesref.games.netrunner.timing.events import Event


class _Boosting(Icebreaker):
    """An icebreaker with a paid ability "N credits: +M strength"."""

    boost_credits: int = 1
    boost_amount: int = 1
    #: The duration the boost states, if any (it lasts for the encounter anyway).
    boost_until: Literal[Until.RUN] | None = None

    def paid_abilities(self) -> list[PaidAbility]:
        if not self.boost_credits:
            return []
        game, card = self.game, self.card

        def raise_strength(_: Announced) -> None:
            breaker_boost(game, card, self.boost_amount, self.boost_until, card.title)

        return [
            PaidAbility(
                f"{card.title}: +{self.boost_amount} strength",
                lambda: Cost((Credits(game, "runner", self.boost_credits),)),
                Instruction(card.title, raise_strength, chooser="runner"),
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
            boost(game, ice, -1, Until.ENCOUNTER, card.title)

        weakening = PaidAbility(
            f"{card.title}: the encountered ice has -1 strength",
            lambda: Cost((Credits(game, "runner", 1),)),
            Instruction(card.title, weaken, chooser="runner"),
        )
        return [weakening, *super().paid_abilities()]


class _ChooseIce(CardConditional):
    """When Femme Fatale is installed, the Runner chooses the piece of ice it targets."""

    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, Install) and any(c is self.card for c in event.cards)

    def resolve(self, event: Event) -> None:
        behaviour = self.behaviour
        assert isinstance(behaviour, FemmeFatale)
        ice = [c for c in self.game.zones.cards() if c.installed and c.is_a("ice")]
        if not ice:
            self.game.log.record((), f"{self.card.title}: there is no installed ice to choose")
            return
        chosen = choose_card(
            self.game,
            "runner",
            f"which piece of ice does {self.card.title} choose?",
            self.card.title,
            ice,
        )
        behaviour.chosen, behaviour.chosen_by = chosen.ref(), self.card.ref()
        self.game.log.record(
            "rule_lingering_effect_maintaining_choice_duration_other_cases",
            f"{self.card.title} chooses {chosen.title} ({chosen.location}), remembered for as "
            f"long as this {self.card.title} stays active",
        )


class _PayToBypass(CardConditional):
    """Whenever the Runner encounters the chosen ice, they may pay 1 credit per subroutine
    it has to bypass it."""

    def is_met_by(self, event: Event) -> bool:
        behaviour = self.behaviour
        assert isinstance(behaviour, FemmeFatale)
        chosen = None if behaviour.chosen is None else behaviour.chosen.current
        remembered = behaviour.chosen_by is not None and behaviour.chosen_by.current is not None
        met = isinstance(event, Encounter) and chosen is not None and event.ice is chosen
        return met and remembered

    def cost(self, event: Event | None) -> Cost | None:
        assert isinstance(event, Encounter) and event.ice.behaviour is not None
        count = len(event.ice.behaviour.subroutines())
        return Cost((Credits(self.game, "runner", count, Payment(Use.ABILITY, self.card)),))

    def resolve(self, event: Event) -> None:
        bypass(self.game, self.card.title)


@implements
class FemmeFatale(_Boosting):
    """Breaks sentry subroutines, and can buy its way past one chosen piece of ice."""

    title = "Femme Fatale"
    breaks = (BreakAbility("sentry", 1),)
    boost_credits = 2

    def __init__(self, game: Table, card: NetrunnerCard) -> None:
        super().__init__(game, card)
        #: The piece of ice chosen as it was installed (a new object is not the chosen one).
        self.chosen: ObjectRef[NetrunnerCard] | None = None
        #: This card as the object that chose: once it leaves play the choice is gone.
        self.chosen_by: ObjectRef[NetrunnerCard] | None = None

    def abilities(self) -> list[Ability]:
        if not self.active:
            return []
        return [_ChooseIce(self), _PayToBypass(self, optional=True)]


class _SwapAfterFullBreak(CardConditional):
    """On the turn's first pass of ice straight after an encounter in
    which this program fully broke it, the Runner may exchange it with other installed ice."""

    def _after_full_break(self, event: PassIce) -> bool:
        encounter = event.after
        return (
            encounter is not None
            and isinstance(encounter.fully_broken_by, ObjectRef)
            and encounter.fully_broken_by.card is self.card
            and encounter.ice.card is event.ice
        )

    def is_met_by(self, event: Event) -> bool:
        return (
            isinstance(event, PassIce)
            and self._after_full_break(event)
            and self.game.history.is_first_this_turn(event, self._after_full_break)
        )

    def resolve(self, event: Event) -> None:
        assert isinstance(event, PassIce)
        game, passed = self.game, event.ice
        others = [
            c for c in game.zones.cards() if c.installed and c.is_a("ice") and c is not passed
        ]
        if not passed.installed or not others:
            game.log.record((), f"{self.card.title}: there is no other installed ice to swap with")
            return
        other = choose_card(
            game,
            "runner",
            f"{self.card.title}: swap {passed.title} with which ice?",
            self.card.title,
            others,
        )
        swap(game, passed, other, by="runner", cause=self.card.title)


@implements
class Inversificator(_Boosting):
    """Breaks code gate subroutines; after passing ice it fully broke, it may swap that
    ice with another (the first time each turn)."""

    title = "Inversificator"
    breaks = (BreakAbility("code_gate", 1),)

    def abilities(self) -> list[Ability]:
        return [_SwapAfterFullBreak(self, optional=True)] if self.active else []
