"""Hardware."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import (
    Announced,
    CardBehaviour,
    CardInterrupt,
    Instruction,
    PaidAbility,
    implements,
)
from rulesref.games.netrunner.procedures.access import access
from rulesref.games.netrunner.procedures.costs import TrashSelf
from rulesref.games.netrunner.procedures.hosting import Host
from rulesref.games.netrunner.procedures.installing import install
from rulesref.games.netrunner.procedures.memory import MemorySource
from rulesref.games.netrunner.procedures.strength import StrengthSource
from rulesref.games.netrunner.procedures.targeting import (
    announce_targets,
    card_slot,
    cards_of,
    still_valid,
)
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.run_events import Breach
from rulesref.games.netrunner.state.targets import Slot
from rulesref.games.netrunner.state.zones import ZoneType
from rulesref.games.netrunner.timing.abilities import Ability
from rulesref.games.netrunner.timing.costs import Cost
from rulesref.games.netrunner.timing.events import Event


class _ChooseFromTopOfRnD(CardInterrupt):
    def applies_to(self, event: Event) -> bool:
        run = self.game.run
        return (
            isinstance(event, Breach)
            and event.server == "R&D"
            and run is not None
            and run.successful
        )

    def interrupt(self, event: Event) -> None:
        game = self.game
        rnd = game.zones.get(ZoneType.DECK, "corp")
        slot = card_slot(
            "card among the top 5 of R&D",
            1,
            lambda c: c.zone is rnd and rnd.position(c) <= 5,
            zones=[(ZoneType.DECK, "corp")],
            zone_label="R&D",
            deck=(ZoneType.DECK, "corp"),
        )
        announced = announce_targets(game, "runner", {"card": slot}, None, what=self.label)

        def access_chosen() -> None:
            for card in cards_of(still_valid(game, announced["card"])):
                access(game, card)

        event.replace_entirely(self.label, access_chosen)


@implements
class TopHat(CardBehaviour):
    """Replaces breaching R&D with accessing one targeted card."""

    title = "Top Hat"

    def abilities(self) -> list[Ability]:
        return [_ChooseFromTopOfRnD(self, optional=True)] if self.active else []


@implements
class CloneChip(CardBehaviour):
    """Trashing itself is the cost of its paid ability."""

    title = "Clone Chip"

    def paid_abilities(self) -> list[PaidAbility]:
        game, card = self.game, self.card

        def install_from_heap(announced: Announced) -> None:
            for program in cards_of(still_valid(game, announced["program"])):
                install(game, program, by="runner", cause=card.title)

        def slots() -> dict[str, Slot]:
            return {
                "program": card_slot(
                    "program in the heap",
                    1,
                    lambda c: c.is_a("program"),
                    zones=[(ZoneType.DISCARD, "runner")],
                    zone_label="the heap",
                )
            }

        return [
            PaidAbility(
                card.title,
                lambda: Cost((TrashSelf(game, card),)),
                Instruction(card.title, install_from_heap, slots, chooser="runner"),
            )
        ]


@implements
class AkamatsuMemChip(CardBehaviour, MemorySource):
    """Adds 1 memory unit while active."""

    title = "Akamatsu Mem Chip"

    def memory_units(self) -> int:
        return 1


@implements
class Dinosaurus(Host, StrengthSource):
    """Hosts one non-AI icebreaker, whose memory does not count and which is stronger."""

    title = "Dinosaurus"
    hosting_limit = 1

    def can_host(self, card: NetrunnerCard) -> str | None:
        if card.is_a("program") and card.has_subtype("icebreaker") and not card.has_subtype("ai"):
            return None
        return "it hosts only a non-AI icebreaker"

    def frees_memory(self, card: NetrunnerCard) -> bool:
        return True

    def strength_bonus(self, card: NetrunnerCard) -> int:
        return 2 if card.host is self.card and card.installed else 0
