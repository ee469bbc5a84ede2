"""Placing advancement counters is not advancing: an operation that installs a card with
3 counters already on it, and an agenda that pays the Corp only when it is advanced."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import (
    Announced,
    CardBehaviour,
    CardConditional,
    CardStatic,
    Instruction,
    implements,
)
from rulesref.games.netrunner.procedures.choices import choose_card
from rulesref.games.netrunner.procedures.costs import Clicks, gain_credits
from rulesref.games.netrunner.procedures.installing import install
from rulesref.games.netrunner.state.advance_events import Advance
from rulesref.games.netrunner.state.events import Rez, Score, TurnBegins
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.timing.abilities import Ability
from rulesref.games.netrunner.timing.costs import CostPart
from rulesref.games.netrunner.timing.events import Event


class _GainWhenAdvanced(CardConditional):
    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, Advance) and any(c is self.card for c in event.cards)

    def resolve(self, event: Event) -> None:
        amount = 3 if self.card.counters["advancement"] >= 5 else 2
        gain_credits(self.game, "corp", amount, cause=f"{self.card.title} is advanced")


@implements
class OaktownRenovation(CardBehaviour):
    """Installed only faceup; each time it is advanced the Corp gains 2 credits, or 3 once
    it hosts 5 advancement counters."""

    title = "Oaktown Renovation"
    installs_faceup = True

    def abilities(self) -> list[Ability]:
        return [_GainWhenAdvanced(self)] if self.active else []


class _NotUntilNextTurn(CardStatic):
    """The card it installed cannot be scored or rezzed until the Corp's next turn begins."""

    def __init__(self, behaviour: CardBehaviour, target: NetrunnerCard) -> None:
        super().__init__(behaviour)
        self.target = target.ref()

    def forbids(self, event: Event) -> bool:
        card = self.target.current
        return isinstance(event, Score | Rez) and card is not None and card in event.cards


@implements
class MushinNoShin(CardBehaviour):
    """A click more to play: installs an asset, agenda or upgrade from HQ in a new remote
    server with 3 advancement counters placed on it, which cannot be scored or rezzed until
    the Corp's next turn begins."""

    title = "Mushin No Shin"

    def additional_cost(self) -> list[CostPart]:
        return [Clicks(self.game, "corp", 1)]

    def play(self) -> Instruction:
        game = self.game

        def install_with_counters(_: Announced) -> None:
            eligible = [c for c in game.corp.hq if c.is_a("asset", "agenda", "upgrade")]
            if not eligible:
                game.log.record((), f"{self.title}: there is no card to install")
                return
            card = choose_card(
                game, "corp", f"{self.title}: install which card?", self.title, eligible
            )
            before = card.ref()
            if not install(game, card, by="corp", server="new", cause=self.title):
                return
            installed = before.follow().current
            if installed is None:
                return
            installed.counters["advancement"] += 3
            game.log.record(
                ("rule_placing_advancement_counter",),
                f"{self.title} places 3 advancement counters on {installed.title}: placed, "
                "not advanced",
            )
            turn = game.history.turn
            game.linger(
                _NotUntilNextTurn(self, installed),
                lambda: (
                    not any(
                        isinstance(e, TurnBegins) and e.player == "corp" and e.turn > turn
                        for e in game.history
                    )
                ),
            )

        return Instruction(self.title, install_with_counters)
