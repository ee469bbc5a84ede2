"""Cards that give subtypes and take them away: a program hosted on ice that gives it three,
an event that gives them for the turn, and an ice that trades one for another while it
holds an odd number of advancement counters."""

from __future__ import annotations

from collections.abc import Mapping

from rulesref.engine.objects import ObjectRef
from rulesref.games.netrunner.cards.base import (
    Announced,
    CardBehaviour,
    CardStatic,
    Instruction,
    implements,
    trash_instruction,
)
from rulesref.games.netrunner.cards.ice import IceBehaviour
from rulesref.games.netrunner.procedures.hosting import HostedOnly
from rulesref.games.netrunner.procedures.targeting import card_slot, cards_of, still_valid
from rulesref.games.netrunner.state.behaviour import SubtypeChange
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.targets import Slot
from rulesref.games.netrunner.timing.abilities import Ability

ALL_THREE = {"barrier": 1, "code_gate": 1, "sentry": 1}


class _HostGainsAllThree(CardStatic, SubtypeChange):
    def changes(self, card: NetrunnerCard) -> Mapping[str, int]:
        return ALL_THREE if card is self.card.host else {}


@implements
class Egret(CardBehaviour, HostedOnly):
    """Installed only on a rezzed piece of ice, which gains barrier, code gate and sentry."""

    title = "Egret"
    changes_subtypes = True
    needs_host = True

    def host_refusal(self, host: NetrunnerCard) -> str | None:
        if host.installed and host.is_a("ice") and host.rezzed:
            return None
        return "it is installed only on a rezzed piece of ice"

    def abilities(self) -> list[Ability]:
        return [_HostGainsAllThree(self)] if self.active and self.card.host is not None else []


class _GainsForTheTurn(CardStatic, SubtypeChange):
    def __init__(self, behaviour: CardBehaviour, ice: ObjectRef[NetrunnerCard]) -> None:
        super().__init__(behaviour)
        self.ice = ice

    def changes(self, card: NetrunnerCard) -> Mapping[str, int]:
        return ALL_THREE if self.ice.current is card else {}


@implements
class Tinkering(CardBehaviour):
    """A piece of ice gains barrier, code gate and sentry until the end of the turn."""

    title = "Tinkering"

    def play(self) -> Instruction:
        game = self.game

        def slots() -> dict[str, Slot]:
            return {"ice": card_slot("piece of ice", 1, lambda c: c.installed and c.is_a("ice"))}

        def gains(announced: Announced) -> None:
            turn = game.history.turn
            for ice in cards_of(still_valid(game, announced["ice"])):
                effect = _GainsForTheTurn(self, ice.ref())
                game.linger(effect, lambda: game.history.turn == turn)
                game.log.record(
                    ("rule_add_remove_subtypes",),
                    f"{self.title}: {ice.title} gains barrier, code gate and sentry until the "
                    "end of the turn",
                )

        return Instruction(self.title, gains, slots, chooser="runner")


class _OddTrade(CardStatic, SubtypeChange):
    def changes(self, card: NetrunnerCard) -> Mapping[str, int]:
        if card is self.card and card.counters["advancement"] % 2 == 1:
            return {"code_gate": 1, "sentry": -1}
        return {}


@implements
class Lycan(IceBehaviour):
    """Can be advanced; with an odd number of advancement counters it gains code gate and
    loses sentry."""

    title = "Lycan"
    advanceable = True
    changes_subtypes = True

    def abilities(self) -> list[Ability]:
        return [_OddTrade(self)] if self.active else []

    def subroutines(self) -> list[Instruction]:
        return [
            trash_instruction(
                self.game,
                "program",
                1,
                chooser="corp",
                by="corp",
                cause=f"{self.title} subroutine 1",
                wording="installed program",
            )
        ]
