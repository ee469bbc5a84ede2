"""Agendas that change score areas: an agenda hosting a counter, usable by the Corp from
either score area, and an operation that swaps agendas between score areas."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import (
    Announced,
    CardBehaviour,
    CardConditional,
    Instruction,
    PaidAbility,
    implements,
)
from rulesref.games.netrunner.procedures.arranging import swap
from rulesref.games.netrunner.procedures.choices import choose_card, choose_card_or_none
from rulesref.games.netrunner.procedures.costs import Clicks, CountersOnCard
from rulesref.games.netrunner.procedures.drawing import draw
from rulesref.games.netrunner.procedures.movements import add
from rulesref.games.netrunner.procedures.searching import shuffle_deck
from rulesref.games.netrunner.state.events import Score, Steal
from rulesref.games.netrunner.state.zones import ZoneType
from rulesref.games.netrunner.timing.abilities import Ability
from rulesref.games.netrunner.timing.costs import Cost
from rulesref.games.netrunner.timing.events import Event


class _AgendaCounterWhenTaken(CardConditional):
    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, Score | Steal) and any(c is self.card for c in event.cards)

    def resolve(self, event: Event) -> None:
        self.card.counters["agenda"] += 1
        self.game.log.record((), f"{self.card.title} gets 1 agenda counter")


@implements
class NextBigThing(CardBehaviour):
    """Scored or stolen, it gets an agenda counter; a click and that counter: the Corp draws
    4 and shuffles any number of cards of HQ into R&D, from either score area."""

    title = "Next Big Thing"

    def abilities(self) -> list[Ability]:
        return [_AgendaCounterWhenTaken(self)] if self.active else []

    def paid_abilities(self) -> list[PaidAbility]:
        game, card = self.game, self.card

        def draw_and_shuffle(_: Announced) -> None:
            draw(game, {"corp": 4})
            while game.corp.hq:
                back = choose_card_or_none(
                    game,
                    "corp",
                    f"{card.title}: shuffle which card of HQ into R&D?",
                    card.title,
                    game.corp.hq,
                    none="no more",
                )
                if back is None:
                    break
                add(game, back, ZoneType.DECK, "corp", by="corp")
            shuffle_deck(game, "corp", by="corp")

        return [
            PaidAbility(
                f"{card.title}: draw 4 cards",
                lambda: Cost((Clicks(game, "corp", 1), CountersOnCard(card, "agenda", 1))),
                Instruction(card.title, draw_and_shuffle),
            )
        ]


@implements
class ExchangeOfInformation(CardBehaviour):
    """Played only while the Runner is tagged: swaps an agenda of the Corp's score area with
    one of the Runner's."""

    title = "Exchange of Information"

    def play_restriction(self) -> str | None:
        return None if self.game.runner.tags else "the Runner is not tagged"

    def play(self) -> Instruction:
        game = self.game

        def exchange(_: Announced) -> None:
            ours = [c for c in game.corp.score_area if c.is_a("agenda")]
            theirs = [c for c in game.runner.score_area if c.is_a("agenda")]
            if not ours or not theirs:
                game.log.record((), f"{self.title}: a score area has no agenda to swap")
                return
            mine = choose_card(
                game, "corp", f"{self.title}: swap which of yours?", self.title, ours
            )
            other = choose_card(
                game, "corp", f"{self.title}: for which of the Runner's?", self.title, theirs
            )
            swap(game, mine, other, by="corp", cause=self.title)

        return Instruction(self.title, exchange)
