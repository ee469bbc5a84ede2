"""The drawing procedure: cards are set aside, abilities resolve, then the cards reach
the hand (rule_draw_procedure)."""

from __future__ import annotations

from collections.abc import Mapping

from rulesref.games.netrunner.procedures.costs import plural
from rulesref.games.netrunner.procedures.movements import relocate, side_label
from rulesref.games.netrunner.state.events import Draw, names
from rulesref.games.netrunner.state.table import Table
from rulesref.games.netrunner.state.zones import ZONE_NAMES, ZoneType


def draw(game: Table, counts: Mapping[str, int]) -> None:
    """Draw for one player, or for several at once (one checkpoint for all the draws)."""
    sides = [s for s in game.players_in_order() if counts.get(s, 0) > 0]
    if len(sides) > 1:
        game.log.record(
            "rule_drawing_simultaneously",
            " and ".join(f"the {side_label(s)} draws {counts[s]}" for s in sides)
            + " at the same time: they follow the drawing procedure together",
        )
    events: list[Draw] = []
    for side in sides:
        event = Draw(side, counts[side])

        def set_aside_drawn(event: Draw = event) -> None:
            _step_set_aside(game, event)

        game.draws.append(event)
        game.timing.perform(event, set_aside_drawn, rules=("movement_draw", "rule_draw_procedure"))
        if event.occurred:
            events.append(event)
        else:
            game.draws.remove(event)
    if game.winner is not None:
        return
    game.timing.checkpoint(("step_draw_checkpoint",))
    game.timing.reaction_window()
    for event in events:
        _step_add_to_hand(game, event)
        game.draws.remove(event)


def _step_set_aside(game: Table, event: Draw) -> None:
    """The drawn cards come off the top of the drawing player's own deck: the one
    presented at setup, which became their draw deck."""
    side = event.player or ""
    deck = game.zones.get(ZoneType.DECK, side)
    cards = list(deck.cards[: event.count])
    for card in cards:
        relocate(game, card, ZoneType.SET_ASIDE, None, faceup=False)
        event.drawn.append(card)
    game.log.record(
        ("step_draw_set_aside", "rule_draw_deck"),
        f"{side_label(side)} sets aside {plural(len(cards), 'card')} from {deck.name}: "
        f"{', '.join(c.title for c in cards) or 'no cards'}",
    )
    if len(cards) < event.count and side == "corp":
        game.win("runner", ("rule_rnd_empty_rnd",), "the Corp must draw from an empty R&D")


def _step_add_to_hand(game: Table, event: Draw) -> None:
    side = event.player or ""
    still_drawn = game.still_drawn(event)
    deck = ZONE_NAMES[(ZoneType.DECK, side)]
    for card in still_drawn:
        # It entered the set-aside zone from the deck, and leaving that zone keeps it so:
        # abilities that do not refer to drawn cards see it come from the deck.
        relocate(game, card, ZoneType.HAND, side)
    hand = ZONE_NAMES[(ZoneType.HAND, side)]
    game.log.record(
        (
            "step_draw_add_to_hand",
            "rule_draw_irrelevant_abilities_dont_see_set_aside",
            "rule_drawing",
        ),
        f"{side_label(side)} adds {names(still_drawn)} to {hand}; to abilities that do not "
        f"refer to drawn cards they went straight from {deck} to {hand}",
    )
