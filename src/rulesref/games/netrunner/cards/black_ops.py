"""Weyland's meat damage: black ops, and an identity that punishes stealing."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import (
    Announced,
    CardBehaviour,
    CardConditional,
    Instruction,
    implements,
)
from rulesref.games.netrunner.procedures.choices import choose_name
from rulesref.games.netrunner.procedures.costs import Clicks
from rulesref.games.netrunner.procedures.damage import damage
from rulesref.games.netrunner.procedures.traces import give_tags, trace
from rulesref.games.netrunner.state.events import Steal, TurnBegins
from rulesref.games.netrunner.timing.abilities import Ability
from rulesref.games.netrunner.timing.costs import CostPart
from rulesref.games.netrunner.timing.events import Event


@implements
class Boom(CardBehaviour):
    """Only against a Runner with at least 2 tags; an extra click to play it; 7 meat
    damage."""

    title = "BOOM!"

    def play_restriction(self) -> str | None:
        tags = self.game.runner.tags
        return None if tags >= 2 else f"the Runner has {tags} tags, fewer than 2"

    def additional_cost(self) -> list[CostPart]:
        return [Clicks(self.game, "corp", 1)]

    def play(self) -> Instruction:
        game = self.game

        def seven_meat(_: Announced) -> None:
            damage(game, "meat", 7, source=self.title)

        return Instruction(self.title, seven_meat)


def _runners_last_turn(history: list[Event], now: int) -> int | None:
    """The number of the Runner's most recent turn before turn ``now``."""
    turns = [
        e.turn
        for e in history
        if isinstance(e, TurnBegins) and e.player == "runner" and e.occurred and e.turn < now
    ]
    return max(turns) if turns else None


@implements
class PunitiveCounterstrike(CardBehaviour):
    """Trace 5: if successful, meat damage equal to the printed agenda points of the
    agendas the Runner stole during their last turn."""

    title = "Punitive Counterstrike"

    def play(self) -> Instruction:
        game = self.game

        def punish() -> None:
            history = list(game.history)
            last = _runners_last_turn(history, game.history.turn)
            stolen = [
                card
                for e in history
                if isinstance(e, Steal) and e.occurred and last is not None and e.turn == last
                for card in e.cards
            ]
            x = sum(card.facts.agenda_points or 0 for card in stolen)
            game.log.record(
                (), f"{self.title}: X is {x}, the points stolen in the Runner's last turn"
            )
            if x:
                damage(game, "meat", x, source=self.title)

        def run_trace(_: Announced) -> None:
            trace(game, 5, source=self.title, if_successful=punish)

        return Instruction(self.title, run_trace)


class _TagOrMeat(CardConditional):
    """Whenever the Runner steals an agenda, they take 1 tag or suffer 2 meat damage, as
    they choose."""

    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, Steal)

    def resolve(self, event: Event) -> None:
        game = self.game
        tag, meat = "take 1 tag", "suffer 2 meat damage"
        chosen = choose_name(
            game, "runner", f"{self.card.title}: which?", self.card.title, [tag, meat]
        )
        if chosen == tag:
            give_tags(game, 1, cause=self.card.title)
        else:
            damage(game, "meat", 2, source=self.card.title, by="runner")


@implements
class ArgusSecurity(CardBehaviour):
    title = "Argus Security: Protection Guaranteed"

    def abilities(self) -> list[Ability]:
        return [_TagOrMeat(self)] if self.active else []
