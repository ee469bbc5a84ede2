"""Ice whose subroutines show where an instruction ends and what it leaves behind: a
lingering effect that outlives the ice, a look at cards that ends an instruction."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import Announced, Instruction, implements
from rulesref.games.netrunner.cards.ice import IceBehaviour
from rulesref.games.netrunner.procedures.installing import install_by_ability
from rulesref.games.netrunner.state.events import Draw, Trash
from rulesref.games.netrunner.timing.abilities import Ability, Static
from rulesref.games.netrunner.timing.events import Event


class _RunnerCannotDraw(Static):
    """A lingering effect: for the rest of the turn the Runner cannot draw cards."""

    def forbids(self, event: Event) -> bool:
        return isinstance(event, Draw) and event.player == "runner"


@implements
class Lockdown(IceBehaviour):
    """https://netrunnerdb.com/en/card/08056 - its subroutine forbids the Runner to draw for
    the rest of the turn, a lingering effect that outlives the encounter and the ice."""

    title = "Lockdown"

    def subroutines(self) -> list[Instruction]:
        game, label = self.game, f"{self.title} subroutine 1"

        def no_drawing(_: Announced) -> None:
            turn = game.history.turn
            game.linger(
                _RunnerCannotDraw(label, "corp", source=self.card),
                lambda: game.history.turn == turn,
            )
            game.log.record(
                "rule_lingering_effect",
                f"{label}: the Runner cannot draw cards for the remainder of this turn",
            )

        return [Instruction(label, no_drawing)]


class _CannotBeTrashed(Static):
    """No player can trash this card (a trash of it alone is not expected to happen)."""

    def __init__(self, behaviour: IceBehaviour) -> None:
        super().__init__(behaviour.card.title, "corp", source=behaviour.card)
        self.card = behaviour.card

    def forbids(self, event: Event) -> bool:
        if not isinstance(event, Trash):
            return False
        return [v.ref.card for v in event.views_of_remaining()] == [self.card]


@implements
class Architect(IceBehaviour):
    """https://netrunnerdb.com/en/card/06061 - no player can trash it; its first subroutine
    looks at the top 5 cards of R&D (an instruction of its own) and may install one of
    them ignoring the install cost; its second may install a card from Archives or HQ."""

    title = "Architect"

    def abilities(self) -> list[Ability]:
        if not self.active:
            return []
        return [_CannotBeTrashed(self)]

    def subroutines(self) -> list[Instruction]:
        game = self.game
        first, second = f"{self.title} subroutine 1", f"{self.title} subroutine 2"

        def look_then_install(_: Announced) -> None:
            top = game.corp.deck[:5]
            game.corp.known.update(c.object_id for c in top)
            game.log.record(
                "rule_look_reveal_instruction",
                f"{first}: the Corp looks at the top {len(top)} cards of R&D, which ends an "
                "instruction",
            )
            game.timing.checkpoint(("rule_look_reveal_instruction",), f" ({first})")
            game.timing.reaction_window()
            still_there = [c for c in top if c in game.corp.deck]
            install_by_ability(game, still_there, cause=first, ignoring_costs=True)
            game.corp.known.difference_update(c.object_id for c in top)
            game.log.record(
                "rule_look_reveal_instruction",
                f"{first} is complete: the Corp's permission to look at those cards ends",
            )

        def install_from_archives_or_hq(_: Announced) -> None:
            install_by_ability(game, [*game.corp.archives, *game.corp.hq], cause=second)

        return [
            Instruction(first, look_then_install),
            Instruction(second, install_from_archives_or_hq),
        ]
