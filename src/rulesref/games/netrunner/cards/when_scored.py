"""Agendas with "when scored" abilities, and the operation that resolves one of them
without a score.

A "when scored" ability is a conditional ability met as its agenda is scored
(rule_when_scored).  24/7 News Cycle makes one pending as though its agenda had just
been scored; any other requirement of its trigger condition (Market Research's tag)
must still hold (rule_instructed_to_resolve_conditional_ability)."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import (
    Announced,
    CardBehaviour,
    CardConditional,
    Instruction,
    PaidAbility,
    implements,
)
from rulesref.games.netrunner.procedures.choices import choose_card
from rulesref.games.netrunner.procedures.costs import CountersOnCard
from rulesref.games.netrunner.procedures.scoring import forfeit
from rulesref.games.netrunner.procedures.targeting import card_slot, cards_of, still_valid
from rulesref.games.netrunner.state.events import Score
from rulesref.games.netrunner.state.targets import Slot
from rulesref.games.netrunner.timing.abilities import Ability
from rulesref.games.netrunner.timing.costs import Cost, CostPart
from rulesref.games.netrunner.timing.events import Event


class WhenScored(CardConditional):
    """Met as its own agenda is scored, if ``requirement`` holds then."""

    def requirement(self) -> str | None:
        """Why the rest of the trigger condition is not met now (``None``: it is)."""
        return None

    def is_met_by(self, event: Event) -> bool:
        return (
            isinstance(event, Score)
            and any(c is self.card for c in event.cards)
            and self.requirement() is None
        )


class _ScoredAgenda(CardBehaviour):
    def when_scored(self) -> WhenScored | None:
        return None

    def abilities(self) -> list[Ability]:
        ability = self.when_scored() if self.active else None
        return [ability] if ability is not None else []

    def place_agenda_counter(self) -> None:
        self.card.counters["agenda"] += 1
        self.game.log.record(
            (), f"{self.title} gets 1 agenda counter ({self.card.counters['agenda']} in all)"
        )


class _OneCounter(WhenScored):
    def resolve(self, event: Event) -> None:
        behaviour = self.behaviour
        assert isinstance(behaviour, _ScoredAgenda)
        behaviour.place_agenda_counter()


class _OneCounterIfTagged(_OneCounter):
    def requirement(self) -> str | None:
        return None if self.game.runner.tags else "the Runner is not tagged"


@implements
class AstroScriptPilotProgram(_ScoredAgenda):
    title = "AstroScript Pilot Program"

    def when_scored(self) -> WhenScored | None:
        return _OneCounter(self)

    def paid_abilities(self) -> list[PaidAbility]:
        game, card = self.game, self.card

        def slots() -> dict[str, Slot]:
            return {
                "card": card_slot(
                    "installed card you can advance",
                    1,
                    lambda c: (
                        c.installed and c.behaviour is not None and c.behaviour.can_be_advanced()
                    ),
                )
            }

        def place(announced: Announced) -> None:
            for target in cards_of(still_valid(game, announced["card"])):
                target.counters["advancement"] += 1
                game.log.record(
                    "rule_placing_advancement_counter",
                    f"{card.title} places 1 advancement counter on {target.title} (it is not "
                    "advanced)",
                )

        return [
            PaidAbility(
                card.title,
                lambda: Cost((CountersOnCard(card, "agenda", 1),)),
                Instruction(card.title, place, slots, chooser="corp"),
            )
        ]


@implements
class MarketResearch(_ScoredAgenda):
    title = "Market Research"

    def when_scored(self) -> WhenScored | None:
        return _OneCounterIfTagged(self)

    def agenda_points(self) -> int:
        return super().agenda_points() + (1 if self.card.counters["agenda"] else 0)


class ForfeitAnAgenda(CostPart):
    """Forfeiting an agenda of the Corp's choice, chosen as it is paid."""

    def __init__(self, behaviour: CardBehaviour) -> None:
        self.game, self.title = behaviour.game, behaviour.title

    def describe(self) -> str:
        return "forfeiting an agenda"

    def obstacle(self) -> str | None:
        return None if self.game.corp.score_area else "the Corp has no agenda to forfeit"

    def pay(self) -> None:
        question = f"{self.title}: forfeit which agenda?"
        agenda = choose_card(self.game, "corp", question, self.title, self.game.corp.score_area)
        forfeit(self.game, agenda)


@implements
class NewsCycle(CardBehaviour):
    title = "24/7 News Cycle"

    def additional_cost(self) -> list[CostPart]:
        return [ForfeitAnAgenda(self)]

    def play(self) -> Instruction:
        game, card = self.game, self.card

        def resolve_when_scored(_: Announced) -> None:
            agendas = [
                a
                for a in game.corp.score_area
                if isinstance(a.behaviour, _ScoredAgenda) and a.behaviour.when_scored()
            ]
            if not agendas:
                game.log.record((), f"{card.title}: no agenda in the score area has one")
                return
            question = f"{card.title}: resolve the 'when scored' ability of which agenda?"
            agenda = choose_card(game, "corp", question, card.title, agendas)
            assert isinstance(agenda.behaviour, _ScoredAgenda)
            ability = agenda.behaviour.when_scored()
            assert ability is not None
            unmet = ability.requirement()
            if unmet is not None:
                game.log.record(
                    "rule_instructed_to_resolve_conditional_ability",
                    f"{card.title}: {agenda.title}'s 'when scored' ability cannot become "
                    f"pending: {unmet}",
                )
                return
            game.log.record(
                "rule_instructed_to_resolve_conditional_ability",
                f"{card.title}: {agenda.title}'s 'when scored' ability becomes pending as "
                "though it had been scored",
            )
            game.timing.mark_pending(ability, Score("corp", [agenda]))

        return Instruction(card.title, resolve_when_scored, chooser="corp")
