"""Ice of the rulebook's chapter on game concepts: who chooses for a subroutine, credits
lost (never from cards), and an ice the Runner breaks by losing a click."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import (
    Announced,
    CardConditional,
    Instruction,
    implements,
    trash_instruction,
)
from rulesref.games.netrunner.cards.ice import IceBehaviour
from rulesref.games.netrunner.procedures.arranging import swap
from rulesref.games.netrunner.procedures.breaking import BreakAbility, Breaker
from rulesref.games.netrunner.procedures.choices import choose_card
from rulesref.games.netrunner.procedures.costs import gain_credits, lose_credits
from rulesref.games.netrunner.procedures.damage import damage
from rulesref.games.netrunner.procedures.runs import end_the_run
from rulesref.games.netrunner.procedures.traces import take_bad_publicity
from rulesref.games.netrunner.state.events import Rez, TurnBegins
from rulesref.games.netrunner.state.run_events import Encounter, PassIce
from rulesref.games.netrunner.timing.abilities import Ability
from rulesref.games.netrunner.timing.events import Event


@implements
class DNATracker(IceBehaviour):
    """Three subroutines, each 1 net damage and 2 credits lost from the Runner's pool."""

    title = "DNA Tracker"

    def subroutines(self) -> list[Instruction]:
        game = self.game

        def damage_and_loss(label: str) -> Instruction:
            def resolve(_: Announced) -> None:
                damage(game, "net", 1, source=label)
                lose_credits(game, "runner", 2, cause=label)

            return Instruction(label, resolve)

        return [damage_and_loss(f"{self.title} subroutine {n}") for n in (1, 2, 3)]


class _BadPublicityOnRez(CardConditional):
    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, Rez) and any(c is self.card for c in event.cards)

    def resolve(self, event: Event) -> None:
        take_bad_publicity(self.game, 1, cause=self.card.title)


class _CreditsAgainstAI(CardConditional):
    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, Encounter) and event.ice is self.card

    def resolve(self, event: Event) -> None:
        ai = [c for c in self.game.runner.installed if c.is_a("program") and c.has_subtype("ai")]
        if ai:
            gain_credits(self.game, "corp", 2, cause=f"{self.card.title} ({ai[0].title} is AI)")


@implements
class Bulwark(IceBehaviour):
    """Bad publicity as it is rezzed, 2 credits when encountered against an AI program; its
    first subroutine has the Runner trash one of their programs."""

    title = "Bulwark"

    def abilities(self) -> list[Ability]:
        return [_BadPublicityOnRez(self), _CreditsAgainstAI(self)] if self.active else []

    def subroutines(self) -> list[Instruction]:
        game = self.game

        def gain_and_end(number: int) -> Instruction:
            label = f"{self.title} subroutine {number}"

            def resolve(_: Announced) -> None:
                gain_credits(game, "corp", 2, cause=label)
                end_the_run(game, cause=label)

            return Instruction(label, resolve)

        trash_program = trash_instruction(
            game,
            "program",
            1,
            chooser="runner",
            by="runner",
            cause=f"{self.title} subroutine 1",
            wording="installed program",
        )
        return [trash_program, gain_and_end(2), gain_and_end(3)]


@implements
class Eli10(IceBehaviour, Breaker):
    """Two subroutines that end the run; the Runner may lose a click to break one."""

    title = "Eli 1.0"
    breaks = (BreakAbility(None, lose_clicks=1, own_ice=True),)

    def subroutines(self) -> list[Instruction]:
        return [self.end_the_run(1), self.end_the_run(2)]


class _SwapSelf(CardConditional):
    """As the Corp's turn begins, and whenever the Runner passes it, the Corp may swap
    this ice with another installed piece of ice."""

    def is_met_by(self, event: Event) -> bool:
        return (isinstance(event, TurnBegins) and event.player == "corp") or (
            isinstance(event, PassIce) and event.ice is self.card
        )

    def resolve(self, event: Event) -> None:
        game, card = self.game, self.card
        others = [c for c in game.zones.cards() if c.installed and c.is_a("ice") and c is not card]
        if not card.installed or not others:
            game.log.record((), f"{card.title}: there is no other installed ice to swap with")
            return
        other = choose_card(
            game, "corp", f"{card.title}: swap it with which ice?", card.title, others
        )
        swap(game, card, other, by="corp", cause=card.title)


@implements
class Thimblerig(IceBehaviour):
    title = "Thimblerig"

    def abilities(self) -> list[Ability]:
        return [_SwapSelf(self, optional=True)] if self.active else []

    def subroutines(self) -> list[Instruction]:
        return [self.end_the_run(1)]
