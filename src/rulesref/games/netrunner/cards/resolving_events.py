"""Events whose effects last while they are resolving, which for an event that makes a
run is until that run has ended and the abilities its end met have resolved
(rule_is_resolving)."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import Announced, CardConditional, Instruction, implements
from rulesref.games.netrunner.cards.run_events import RunEvent
from rulesref.games.netrunner.procedures.choices import confirm
from rulesref.games.netrunner.procedures.movements import add
from rulesref.games.netrunner.procedures.searching import shuffle_deck
from rulesref.games.netrunner.state.run_events import RunEnds
from rulesref.games.netrunner.state.runs import Run
from rulesref.games.netrunner.state.zones import ZoneType
from rulesref.games.netrunner.timing.abilities import RemovesAbilities
from rulesref.games.netrunner.timing.events import Event


class _IdentitiesLoseAllAbilities(RemovesAbilities):
    def removes(self, source: object | None) -> bool:
        return getattr(source, "is_identity", False) is True


class _ShuffleBackWhenTheRunEnds(CardConditional):
    """Mandatory to resolve; shuffling the event back is the optional part."""

    def __init__(self, behaviour: RunEvent, run: Run) -> None:
        super().__init__(behaviour, label=f"{behaviour.title} (the run ends)")
        self.run = run
        self.finished = False

    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, RunEnds) and event.run is self.run

    def resolve(self, event: Event) -> None:
        game, card = self.game, self.card
        self.finished = True
        if card.zone_type is not ZoneType.DISCARD:
            game.log.record((), f"{card.title} is not in the heap: there is nothing to shuffle")
            return
        if confirm(game, "runner", f"shuffle {card.title} into your stack?", card.title):
            add(game, card, ZoneType.DECK, "runner", by="runner")
            shuffle_deck(game, "runner", by="runner")
            game.log.record((), f"{card.title} is shuffled into the stack")


@implements
class DirectAccess(RunEvent):
    title = "Direct Access"

    def play(self) -> Instruction:
        game, run_it = self.game, super().play()

        def resolve(announced: Announced) -> None:
            run_before = game.run
            game.log.record(
                ("rule_lose_ability", "rule_is_resolving"),
                f"{self.title} is resolving: each player's identity loses all its abilities "
                "until it has resolved",
            )
            static = _IdentitiesLoseAllAbilities(self.title, "runner", source=self.card)
            ending: list[_ShuffleBackWhenTheRunEnds] = []
            game.linger(static, lambda: not ending or not ending[0].finished)
            run_it.resolve(announced)
            run = game.run
            if run is None or run is run_before:
                return
            ends = _ShuffleBackWhenTheRunEnds(self, run)
            ending.append(ends)
            game.linger(ends, lambda: not ends.finished)

        return Instruction(self.title, resolve, chooser="runner")
