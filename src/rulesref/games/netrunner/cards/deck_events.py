"""Events that rebuild the Runner's deck or refill their grip."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import (
    Announced,
    CardBehaviour,
    CardConditional,
    Instruction,
    implements,
)
from rulesref.games.netrunner.procedures.drawing import draw
from rulesref.games.netrunner.procedures.movements import add, remove_from_game
from rulesref.games.netrunner.procedures.searching import shuffle_deck
from rulesref.games.netrunner.state.events import Trash
from rulesref.games.netrunner.state.zones import ZoneType
from rulesref.games.netrunner.timing.abilities import Ability
from rulesref.games.netrunner.timing.events import Event


@implements
class AshenEpilogue(CardBehaviour):
    """Grip and heap go back into the stack, the top 5 leave the game, the Runner draws 5;
    its last instruction removes the event itself from the game, so that it is no longer
    there to be trashed when playing it ends."""

    title = "Ashen Epilogue"

    def play(self) -> Instruction:
        game, event = self.game, self.card

        def resolve(_: Announced) -> None:
            for card in [*game.runner.grip, *game.runner.heap]:
                add(game, card, ZoneType.DECK, "runner", by="runner")
            shuffle_deck(game, "runner", by="runner")
            for card in list(game.runner.stack[:5]):
                remove_from_game(game, card, by="runner")
            draw(game, {"runner": 5})
            if event.zone_type is ZoneType.PLAY_AREA:
                remove_from_game(game, event, by="runner")

        return Instruction(self.title, resolve, chooser="runner")


class _DrawWhenTrashedByDamage(CardConditional):
    """Whenever it is trashed by net or meat damage the Runner takes, draw 3 cards (a card
    in the heap watching its own trash)."""

    def is_met_by(self, event: Event) -> bool:
        return (
            isinstance(event, Trash)
            and event.damage_type in ("net", "meat")
            and any(c is self.card for c in event.cards)
        )

    def resolve(self, event: Event) -> None:
        draw(self.game, {"runner": 3})


@implements
class IveHadWorse(CardBehaviour):
    title = "I've Had Worse"

    def play(self) -> Instruction:
        game = self.game

        def draw_three(_: Announced) -> None:
            draw(game, {"runner": 3})

        return Instruction(self.title, draw_three, chooser="runner")

    def abilities(self) -> list[Ability]:
        return [_DrawWhenTrashedByDamage(self)] if self.card.zone_type is ZoneType.DISCARD else []
