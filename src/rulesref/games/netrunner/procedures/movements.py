"""Moving cards: the one change of zone every procedure goes through, the moves
that are not movements (add, discard, set aside, remove), and trashing, the
movement to the discard pile.

Kept apart from the other procedures because nearly all of them end by trashing,
and trashing ends by moving: a host that leaves the play area takes what it
hosts to the discard pile with it, so changing zone and trashing are one module.
"""

from __future__ import annotations

from collections.abc import Sequence

from rulesref.engine.errors import IllegalAction
from rulesref.engine.zones import Visibility
from rulesref.games.netrunner.procedures.hosting import hosted_on
from rulesref.games.netrunner.procedures.progress import ice_left
from rulesref.games.netrunner.state.events import Trash
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.table import Table
from rulesref.games.netrunner.state.zones import ZONE_NAMES, Position, ZoneType

#: A move leaves a card in exactly one zone, never in two or in none.
ONE_ZONE = ("rule_card_in_one_zone", "rule_move_instantaneous")


def relocate(
    game: Table,
    card: NetrunnerCard,
    kind: ZoneType,
    owner: str | None,
    *,
    index: int | None = None,
    faceup: bool | None = None,
) -> str | None:
    """Change a card's zone (it becomes a new object), keeping servers and draws in step.

    Returns the rule applied when the card left a set of drawn cards other than into
    the hand (it is no longer drawn), for the caller to report with
    :func:`log_left_draw` after its own line, and None otherwise."""
    if kind in (ZoneType.DECK, ZoneType.HAND, ZoneType.DISCARD) and owner != card.owner:
        raise IllegalAction(
            f"{card.title} belongs to the {card.owner.title()}: it cannot go to "
            f"{ZONE_NAMES[(kind, owner)]}, which is the other player's",
            "rule_player_zones",
        )
    leaving_play = card.zone_type is ZoneType.PLAY_AREA and kind is not ZoneType.PLAY_AREA
    left: Position | None = None
    if leaving_play:
        host_leaves_play(game, card)
        card.installed = False
        if card.server is not None:
            left = card.server.remove(card)
        card.server = None
        card.host = None
    drawn_in = game.draw_holding(card)
    # From one score area to the other, what the card hosts stays with it: every other
    # change of zone leaves its hosted counters behind.
    kept = (
        dict(card.counters)
        if card.zone is not None
        and card.zone_type is ZoneType.SCORE_AREA
        and kind is ZoneType.SCORE_AREA
        else {}
    )
    if card.zone is not None and card.zone_type is not ZoneType.SET_ASIDE:
        # a card leaving the set-aside zone entered it from somewhere: abilities that do
        # not refer to set-aside cards see it come from there (rule_set_aside_zone_passthrough)
        card.entered_from = card.zone.name
    game.zones.move(card, game.zones.get(kind, owner), index)
    if kept:
        card.counters.update(kept)
        game.log.record(
            ("rule_trash_hosted_objects_when_host_trashed",),
            f"{card.title} moves from one score area to the other: its hosted counters "
            f"({', '.join(f'{n} {k}' for k, n in kept.items() if n)}) stay on it",
        )
    if sum(card in zone for zone in game.zones) != 1:
        raise AssertionError(f"{card.title} is not in exactly one zone ({', '.join(ONE_ZONE)})")
    if faceup is not None:
        card.faceup = faceup
    if left is not None:
        ice_left(game, card, left)
    if drawn_in is not None and kind is not ZoneType.SET_ASIDE:
        drawn_in.drawn.remove(card)
        return None if kind is ZoneType.HAND else "rule_card_leaves_drawn_set"
    return None


def log_left_draw(game: Table, card: NetrunnerCard, rule: str) -> None:
    game.log.record(
        rule,
        f"{card.title} has left the set-aside zone, so it is no longer drawn; it stays in "
        f"{card.location} when the drawn cards are added to the hand",
    )


def side_label(side: str) -> str:
    return side.title()


def move_without_movement(
    game: Table,
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
    left_draw = relocate(game, card, kind, owner, index=index, faceup=faceup)
    dest = place or ZONE_NAMES[(kind, owner)]
    game.log.record(
        "rule_non_movements",
        f"{side_label(by)} {verb} {card.title} from {origin} to {dest} (not a movement)",
    )
    if left_draw:
        log_left_draw(game, card, left_draw)


def add(
    game: Table,
    card: NetrunnerCard,
    kind: ZoneType,
    owner: str | None,
    *,
    by: str,
    index: int | None = None,
    place: str | None = None,
) -> None:
    move_without_movement(game, card, kind, owner, by=by, verb="adds", index=index, place=place)


def discard(game: Table, card: NetrunnerCard, *, by: str) -> None:
    move_without_movement(
        game,
        card,
        ZoneType.DISCARD,
        card.owner,
        by=by,
        verb="discards",
        faceup=card.side == "runner",
    )


def set_aside(game: Table, card: NetrunnerCard, *, by: str) -> None:
    move_without_movement(game, card, ZoneType.SET_ASIDE, None, by=by, verb="sets aside")


def remove_from_game(game: Table, card: NetrunnerCard, *, by: str) -> None:
    move_without_movement(game, card, ZoneType.REMOVED, None, by=by, verb="removes", faceup=True)


def reveal_if_hidden(game: Table, card: NetrunnerCard, *, by: str, to_show: str) -> None:
    """A facedown card, or one in a hidden zone, that moves because of an attribute it
    must have is revealed first."""
    assert card.zone is not None
    if card.facedown or card.zone.visibility is Visibility.HIDDEN:
        game.log.record(
            "rule_reveal_from_hidden",
            f"{side_label(by)} reveals {card.title} from {card.location} to show {to_show}",
        )


def trash(
    game: Table,
    cards: Sequence[NetrunnerCard],
    *,
    by: str,
    as_cost: bool = False,
    cause: str | None = None,
    unpreventable: str | None = None,
    damage_type: str | None = None,
) -> bool:
    """Trash ``cards`` simultaneously (one event); return whether any trash took place.

    ``unpreventable`` says why no ability can prevent it (hosted cards losing their host);
    ``damage_type``: the trash is what suffering that damage does."""
    event = Trash(by, list(cards), as_cost=as_cost, cause=cause)
    event.unpreventable = unpreventable
    event.damage_type = damage_type

    def effect() -> None:
        for card in list(event.cards):
            replacement = event.replacement_for(card)
            if replacement is not None:
                replacement()
            else:
                to_discard_pile(game, card)

    return game.timing.perform(event, effect, rules=Trash.rules)


def enters_archives_faceup(game: Table, card: NetrunnerCard) -> bool:
    """A Corp card enters Archives faceup only if it was faceup where both players could
    see it, or the Runner is accessing it; from HQ, R&D or the set-aside zone (drawn
    cards), or facedown anywhere, it enters facedown - however it gets there."""
    if card in game.accessing:
        return True
    hidden_place = card.zone_type in (ZoneType.DECK, ZoneType.HAND, ZoneType.SET_ASIDE)
    return card.faceup and not hidden_place


def to_discard_pile(game: Table, card: NetrunnerCard) -> None:
    was_blank = card.is_blank
    faceup = not was_blank if card.side == "runner" else enters_archives_faceup(game, card)
    left_draw = relocate(game, card, ZoneType.DISCARD, card.owner, faceup=faceup)
    game.log.record(
        (),
        f"{card.title} goes to {ZONE_NAMES[(ZoneType.DISCARD, card.owner)]}"
        f"{'' if faceup or was_blank else ' facedown'}",
    )
    if left_draw:
        log_left_draw(game, card, left_draw)
    if was_blank:
        card.faceup = True
        game.log.record(
            "rule_facedown_runner_cards_flip_in_heap",
            f"{card.title} entered the heap facedown, so it is turned faceup",
        )


def host_leaves_play(game: Table, host: NetrunnerCard) -> None:
    """Called as ``host`` leaves the play area: trash what it hosts, unpreventably."""
    hosted = hosted_on(game, host)
    if not hosted:
        return
    game.log.record(
        "rule_hosted_object_location",
        f"{', '.join(c.title for c in hosted)} hosted on {host.title}, which leaves the play "
        "area: with no host to be located on, it is trashed",
    )
    with game.log.nested():
        trash(
            game,
            hosted,
            by=host.owner,
            cause=f"its host {host.title} left the play area",
            unpreventable="trashing the cards of a host that left the play area",
        )
