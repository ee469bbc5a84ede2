"""The Corp identity that can keep trashed Runner cards out of the heap.

An ability active only in the heap (I've Had Worse's, rule_active_exception_catchall) is
judged by where the rules send a trashed card, not by this effect that may send it
elsewhere: removed from the game instead, it is not active."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import (
    CardBehaviour,
    CardInterrupt,
    implements,
)
from rulesref.games.netrunner.procedures.choices import choose_card_or_none
from rulesref.games.netrunner.procedures.movements import (
    relocate,
    remove_from_game,
    to_discard_pile,
)
from rulesref.games.netrunner.state.events import Trash
from rulesref.games.netrunner.state.zones import ZoneType
from rulesref.games.netrunner.timing.abilities import Ability
from rulesref.games.netrunner.timing.events import Event


class _SetAsideTrashedRunnerCards(CardInterrupt):
    def applies_to(self, event: Event) -> bool:
        return (
            isinstance(event, Trash)
            and any(c.owner == "runner" for c in event.cards)
            and not self.game.history.uses_this_turn(self.key + ":removed")
        )

    def interrupt(self, event: Event) -> None:
        assert isinstance(event, Trash)
        game, label = self.game, self.card.title
        cards = [c for c in event.cards if c.owner == "runner"]
        done: list[bool] = []

        def set_aside_then_heap() -> None:
            if done:
                return
            done.append(True)
            for card in cards:
                relocate(game, card, ZoneType.SET_ASIDE, None)
            game.corp.learn(cards)  # "you can look at those cards"
            game.log.record((), f"{label}: {', '.join(c.title for c in cards)} are set aside")
            question = f"{label}: remove which of them from the game?"
            chosen = choose_card_or_none(game, "corp", question, label, cards)
            if chosen is not None:
                remove_from_game(game, chosen, by="corp")
                game.history.note_use(self.key + ":removed")
            for card in cards:
                if card.zone_type is ZoneType.SET_ASIDE:
                    to_discard_pile(game, card)

        for card in cards:
            event.replace(label, set_aside_then_heap, part=card)


@implements
class SkorpiosDefenseSystems(CardBehaviour):
    title = "Skorpios Defense Systems: Persuasive Power"

    def abilities(self) -> list[Ability]:
        return [_SetAsideTrashedRunnerCards(self)] if self.active else []
