"""Cards whose ability names a card, and then watches for copies of it."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import Announced, CardConditional, Instruction, implements
from rulesref.games.netrunner.cards.currents import Current
from rulesref.games.netrunner.procedures.choices import name_a_card
from rulesref.games.netrunner.procedures.costs import gain_credits
from rulesref.games.netrunner.state.events import Install, Play
from rulesref.games.netrunner.timing.abilities import Ability
from rulesref.games.netrunner.timing.events import Event


class _PaidForCopies(CardConditional):
    """Whenever the Runner plays or installs a copy of the named card, the Corp gains 10
    credits."""

    def __init__(self, behaviour: TargetedMarketing, named: str) -> None:
        super().__init__(behaviour, label=f"{behaviour.title} ({named})")
        self.named = named

    def is_met_by(self, event: Event) -> bool:
        return (
            isinstance(event, Play | Install)
            and event.player == "runner"
            and any(c.title == self.named for c in event.cards)
        )

    def resolve(self, event: Event) -> None:
        gain_credits(self.game, "corp", 10, cause=self.label)


@implements
class TargetedMarketing(Current):
    """A current (it stays in the play area until another current is played or the
    Runner steals an agenda): as it resolves, the Corp names a card."""

    title = "Targeted Marketing"
    #: The card named as it resolved.
    named: str | None = None

    def play(self) -> Instruction:
        game = self.game

        def name(_: Announced) -> None:
            self.named = name_a_card(game, "corp", f"{self.title}: name a card")
            game.log.record((), f"{self.title}: the Corp names {self.named}")

        return Instruction(self.title, name)

    def abilities(self) -> list[Ability]:
        if not self.active or self.named is None:
            return []
        return [_PaidForCopies(self, self.named)]
