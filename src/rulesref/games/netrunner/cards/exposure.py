"""Runner cards that expose Corp cards, and what exposing them sets off.

Satellite Uplink exposes its cards in one instruction; Blackguard's ability meets its
condition once for each card exposed, each instance about its own card."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import (
    Announced,
    CardBehaviour,
    CardConditional,
    Instruction,
    implements,
)
from rulesref.games.netrunner.procedures.costs import CostKind, Credits, printed_cost_as
from rulesref.games.netrunner.procedures.memory import MemorySource
from rulesref.games.netrunner.procedures.rezzing import rez
from rulesref.games.netrunner.procedures.targeting import card_slot, cards_of, still_valid
from rulesref.games.netrunner.procedures.traces import expose_cards
from rulesref.games.netrunner.state.expose_events import Expose
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.targets import Slot
from rulesref.games.netrunner.timing.abilities import Ability
from rulesref.games.netrunner.timing.events import Event

REZZABLE = ("ice", "asset", "upgrade")


class _RezWhatIsExposed(CardConditional):
    """One instance for each exposed card (the timing asks for its occurrences only)."""

    def occurrences(self, event: Event) -> list[object]:
        if not isinstance(event, Expose) or event.player != self.controller:
            return []
        return list(event.cards)

    def resolve_occurrence(self, event: Event, subject: object) -> None:
        assert isinstance(subject, NetrunnerCard)
        game, card = self.game, subject
        if not card.installed or card.rezzed is not False or not card.is_a(*REZZABLE):
            game.log.record((), f"{self.card.title}: {card.title} cannot be rezzed")
            return
        amount = game.cost_with_modifiers("rez", card, printed_cost_as(game, card, CostKind.REZ))
        if Credits(game, "corp", amount).obstacle() is not None:
            game.log.record(
                (), f"{self.card.title}: the Corp cannot pay to rez {card.title}, so it is not"
            )
            return
        game.log.record((), f"{self.card.title}: the Corp must rez {card.title}")
        rez(game, card)


@implements
class Blackguard(CardBehaviour, MemorySource):
    title = "Blackguard"

    def memory_units(self) -> int:
        return 2

    def abilities(self) -> list[Ability]:
        return [_RezWhatIsExposed(self)] if self.active else []


@implements
class SatelliteUplink(CardBehaviour):
    title = "Satellite Uplink"

    def play(self) -> Instruction:
        game = self.game

        def slots() -> dict[str, Slot]:
            return {
                "cards": card_slot(
                    "installed unrezzed card",
                    2,
                    lambda c: c.installed and c.rezzed is False,
                    up_to=True,
                )
            }

        def expose_them(announced: Announced) -> None:
            chosen = cards_of(still_valid(game, announced["cards"]))
            if chosen:
                expose_cards(game, chosen, cause=self.title)

        return Instruction(self.title, expose_them, slots, chooser="runner")
