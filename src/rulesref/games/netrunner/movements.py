"""Moving cards: the moves that are not movements (add, discard, set aside, remove)
and trashing, the movement to the discard pile.

Kept apart from the other procedures because nearly all of them end by trashing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rulesref.engine.zones import Visibility
from rulesref.games.netrunner.events import (
    Trash,
)
from rulesref.games.netrunner.objects import NetrunnerCard
from rulesref.games.netrunner.zones import ZONE_NAMES, ZoneType

if TYPE_CHECKING:
    from rulesref.games.netrunner.game import Game


def side_label(side: str) -> str:
    return side.title()


def move_without_movement(
    game: Game,
    card: NetrunnerCard,
    kind: ZoneType,
    owner: str | None,
    *,
    by: str,
    verb: str,
    index: int | None = None,
    faceup: bool | None = None,
    place: str | None = None,
) -> None:
    """Add, move, discard, set aside, remove from the game: simply put the card there.

    No event is created, so no interrupt or condition can see it.
    """
    origin = card.location
    left_draw = game.relocate(card, kind, owner, index=index, faceup=faceup)
    dest = place or ZONE_NAMES[(kind, owner)]
    game.log.record(
        "rule_non_movements",
        f"{side_label(by)} {verb} {card.title} from {origin} to {dest} (not a movement)",
    )
    if left_draw:
        game.log_left_draw(card)


def add(
    game: Game,
    card: NetrunnerCard,
    kind: ZoneType,
    owner: str | None,
    *,
    by: str,
    index: int | None = None,
    place: str | None = None,
) -> None:
    move_without_movement(game, card, kind, owner, by=by, verb="adds", index=index, place=place)


def discard(game: Game, card: NetrunnerCard, *, by: str) -> None:
    move_without_movement(
        game,
        card,
        ZoneType.DISCARD,
        card.owner,
        by=by,
        verb="discards",
        faceup=card.side == "runner",
    )


def set_aside(game: Game, card: NetrunnerCard, *, by: str) -> None:
    move_without_movement(game, card, ZoneType.SET_ASIDE, None, by=by, verb="sets aside")


def remove_from_game(game: Game, card: NetrunnerCard, *, by: str) -> None:
    move_without_movement(game, card, ZoneType.REMOVED, None, by=by, verb="removes", faceup=True)


def reveal_if_hidden(game: Game, card: NetrunnerCard, *, by: str, to_show: str) -> None:
    """A facedown card, or one in a hidden zone, that moves because of an attribute it
    must have is revealed first."""
    assert card.zone is not None
    if card.facedown or card.zone.visibility is Visibility.HIDDEN:
        game.log.record(
            "rule_reveal_from_hidden",
            f"{side_label(by)} reveals {card.title} from {card.location} to show {to_show}",
        )


def trash(
    game: Game,
    cards: Sequence[NetrunnerCard],
    *,
    by: str,
    as_cost: bool = False,
    cause: str | None = None,
    unpreventable: str | None = None,
) -> bool:
    """Trash ``cards`` simultaneously (one event); return whether any trash took place.

    ``unpreventable`` says why no ability can prevent it (hosted cards losing their host)."""
    event = Trash(by, list(cards), as_cost=as_cost, cause=cause)
    event.unpreventable = unpreventable

    def effect() -> None:
        for card in list(event.cards):
            replacement = event.replacement_for(card)
            if replacement is not None:
                replacement()
            else:
                to_discard_pile(game, card)

    return game.timing.perform(event, effect, rules=Trash.rules)


def enters_archives_faceup(game: Game, card: NetrunnerCard) -> bool:
    """A Corp card enters Archives faceup only if it was faceup where both players could
    see it, or the Runner is accessing it; from HQ, R&D or the set-aside zone (drawn
    cards), or facedown anywhere, it enters facedown - however it gets there."""
    if card in game.accessing:
        return True
    hidden_place = card.zone_type in (ZoneType.DECK, ZoneType.HAND, ZoneType.SET_ASIDE)
    return card.faceup and not hidden_place


def to_discard_pile(game: Game, card: NetrunnerCard) -> None:
    was_blank = card.is_blank
    faceup = not was_blank if card.side == "runner" else enters_archives_faceup(game, card)
    left_draw = game.relocate(card, ZoneType.DISCARD, card.owner, faceup=faceup)
    game.log.record(
        (),
        f"{card.title} goes to {ZONE_NAMES[(ZoneType.DISCARD, card.owner)]}"
        f"{'' if faceup or was_blank else ' facedown'}",
    )
    if left_draw:
        game.log_left_draw(card)
    if was_blank:
        card.faceup = True
        game.log.record(
            "rule_facedown_runner_cards_flip_in_heap",
            f"{card.title} entered the heap facedown, so it is turned faceup",
        )
