"""Runner cards whose abilities wait for a turn to begin.

Several of them are pending at once when the Runner's turn begins, so the Runner
orders them; what one does can change what another finds (a card trashed, link
gained) by the time it resolves.
"""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import CardBehaviour, CardConditional, implements
from rulesref.games.netrunner.procedures.choices import choose_card
from rulesref.games.netrunner.procedures.costs import gain_credits, lose_credits
from rulesref.games.netrunner.procedures.drawing import draw
from rulesref.games.netrunner.procedures.movements import trash
from rulesref.games.netrunner.procedures.traces import give_tags
from rulesref.games.netrunner.state.events import TurnBegins
from rulesref.games.netrunner.state.turn_events import TurnEnds
from rulesref.games.netrunner.timing.abilities import Ability
from rulesref.games.netrunner.timing.events import Event


class WhenTurnBegins(CardConditional):
    """ "When <side>'s turn begins": ``side`` is whose turn (the controller's by default)."""

    side: str | None = None

    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, TurnBegins) and event.player == (self.side or self.controller)


class _PawnAnotherCard(WhenTurnBegins):
    def resolve(self, event: Event) -> None:
        game, card = self.game, self.card
        others = [
            c for c in game.zones.cards() if c.installed and c.owner == "runner" and c is not card
        ]
        if not others:
            game.log.record((), f"{card.title}: the Runner has no other installed card")
            return
        question = f"{card.title}: trash which of your other installed cards?"
        chosen = choose_card(game, "runner", question, card.title, others)
        if trash(game, [chosen], by="runner", cause=card.title):
            gain_credits(game, "runner", 3, cause=card.title)


@implements
class AesopsPawnshop(CardBehaviour):
    title = "Aesop\u2019s Pawnshop"

    def abilities(self) -> list[Ability]:
        return [_PawnAnotherCard(self, optional=True)] if self.active else []


class _DealerCharges(WhenTurnBegins):
    def resolve(self, event: Event) -> None:
        lose_credits(self.game, "runner", 1, cause=self.card.title)


class _DealerDelivers(WhenTurnBegins):
    side = "corp"

    def resolve(self, event: Event) -> None:
        draw(self.game, {"runner": 1})


@implements
class DrugDealer(CardBehaviour):
    title = "Drug Dealer"

    def abilities(self) -> list[Ability]:
        return [_DealerCharges(self), _DealerDelivers(self)] if self.active else []


class _TagWhenThisTurnEnds(CardConditional):
    """Created by Joshua B. and independent of it: met once, when this turn ends."""

    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, TurnEnds) and event.player == self.controller

    def resolve(self, event: Event) -> None:
        give_tags(self.game, 1, cause=self.label)


class _ExtraClick(WhenTurnBegins):
    def resolve(self, event: Event) -> None:
        game = self.game
        game.runner.clicks += 1
        game.log.record((), f"{self.card.title}: the Runner gains 1 click")
        later = _TagWhenThisTurnEnds(self.behaviour, label=f"{self.card.title} (this turn ends)")
        game.timing.add_delayed(later)


@implements
class JoshuaB(CardBehaviour):
    title = "Joshua B."

    def abilities(self) -> list[Ability]:
        return [_ExtraClick(self, optional=True)] if self.active else []
