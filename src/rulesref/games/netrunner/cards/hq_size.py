"""Cards that change how many cards HQ holds, or break the last subroutine of a piece of
ice: the companions of ice whose subroutines are counted from HQ."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import (
    Announced,
    CardBehaviour,
    CardInterrupt,
    Instruction,
    PaidAbility,
    implements,
)
from rulesref.games.netrunner.procedures.breaking import BreakAbility, Breaker
from rulesref.games.netrunner.procedures.costs import Credits, TrashSelf
from rulesref.games.netrunner.procedures.drawing import draw
from rulesref.games.netrunner.procedures.installing import install
from rulesref.games.netrunner.procedures.movements import discard
from rulesref.games.netrunner.state.run_events import Breach
from rulesref.games.netrunner.state.zones import ZoneType
from rulesref.games.netrunner.timing.abilities import Ability
from rulesref.games.netrunner.timing.costs import Cost
from rulesref.games.netrunner.timing.events import Event


@implements
class PanicButton(CardBehaviour):
    """https://netrunnerdb.com/en/card/04072 - only in the root of HQ; during a run on HQ the
    Corp may pay 1 credit to draw 1 card."""

    title = "Panic Button"

    def install_refusal(self, server: str) -> str | None:
        return None if server == "HQ" else "it goes only in the root of HQ"

    def paid_abilities(self) -> list[PaidAbility]:
        game = self.game

        def only_during_a_run_on_hq() -> str | None:
            run = game.run
            return None if run is not None and run.server == "HQ" else "only during a run on HQ"

        def draw_one(_: Announced) -> None:
            draw(game, {"corp": 1})

        return [
            PaidAbility(
                self.title,
                lambda: Cost((Credits(game, "corp", 1),)),
                Instruction(self.title, draw_one),
                restriction=only_during_a_run_on_hq,
            )
        ]


@implements
class Gbahali(Breaker):
    """https://netrunnerdb.com/en/card/21047 - trash it to break the last subroutine on the
    encountered ice."""

    title = "Gbahali"
    breaks = (BreakAbility(None, last=True, trash_self=True),)


class _InstallInsteadOfBreaching(CardInterrupt):
    """From the grip: on a successful run on HQ, instead of breaching, the Runner may install
    this card ignoring all costs."""

    replaces = True

    def applies_to(self, event: Event) -> bool:
        run = self.game.run
        return (
            isinstance(event, Breach)
            and event.server == "HQ"
            and run is not None
            and run.successful
            and self.card.zone_type is ZoneType.HAND
        )

    def interrupt(self, event: Event) -> None:
        game, card, label = self.game, self.card, self.label

        def install_it() -> None:
            install(game, card, by="runner", ignoring_costs=True, cause=label)

        event.replace_entirely(label, install_it)


@implements
class UtopiaShard(CardBehaviour):
    """https://netrunnerdb.com/en/card/06100 - installed from the grip instead of breaching
    HQ, at no cost; trashed, the Corp discards 2 cards from HQ at random."""

    title = "Utopia Shard"

    def abilities(self) -> list[Ability]:
        if self.card.zone_type is ZoneType.HAND:
            return [_InstallInsteadOfBreaching(self, optional=True)]
        return []

    def paid_abilities(self) -> list[PaidAbility]:
        game, card = self.game, self.card

        def discard_two(_: Announced) -> None:
            hq = list(game.corp.hq)
            for gone in game.rng.sample(hq, min(2, len(hq))):
                discard(game, gone, by="corp")

        return [
            PaidAbility(
                self.title,
                lambda: Cost((TrashSelf(game, card),)),
                Instruction(self.title, discard_two, chooser="runner"),
            )
        ]
