"""Events that rebuild the Runner's deck."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import Announced, CardBehaviour, Instruction, implements
from rulesref.games.netrunner.procedures.drawing import draw
from rulesref.games.netrunner.procedures.movements import add, remove_from_game
from rulesref.games.netrunner.procedures.searching import shuffle_deck
from rulesref.games.netrunner.state.zones import ZoneType


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
