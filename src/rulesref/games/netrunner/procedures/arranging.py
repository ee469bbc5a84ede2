"""Swapping and arranging: each card moves to another's place at once, and arranging
is a series of swaps (or, for a deck, a secret reordering)."""

from __future__ import annotations

from collections.abc import Sequence

from rulesref.engine.errors import IllegalChoice
from rulesref.games.netrunner.procedures import progress
from rulesref.games.netrunner.procedures.choices import can_see, choose_card
from rulesref.games.netrunner.procedures.costs import plural
from rulesref.games.netrunner.procedures.movements import (
    enters_archives_faceup,
    log_left_draw,
    relocate,
    side_label,
)
from rulesref.games.netrunner.procedures.positions import occupy
from rulesref.games.netrunner.state.events import Arrange, Swap
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.table import Table
from rulesref.games.netrunner.state.zones import Position, Server, ZoneType


def swap(
    game: Table, a: NetrunnerCard, b: NetrunnerCard, *, by: str, cause: str | None = None
) -> bool:
    """Move each card to the other's location at the same time."""
    problem = swap_problem(a, b)
    if problem is not None:
        raise IllegalChoice(
            f"{a.title} and {b.title} cannot be swapped: {problem}",
            "rule_swap_only_to_valid_location",
        )
    event = Swap(by, [a, b], cause=cause)

    def effect() -> None:
        pa, pb = _position(a), _position(b)
        if pa is not None and pb is not None:
            pa.ice, pb.ice = b, a
            a.server, b.server = pb.server, pa.server
            game.log.record(
                "rule_create_position_swap",
                f"{a.title} now protects {pb.server.name} at position {pb.index + 1}; "
                f"{b.title} protects {pa.server.name} at position {pa.index + 1}: no position "
                "is created",
            )
            progress.ice_swapped(game, a, pa, pb, b)
            progress.ice_swapped(game, b, pb, pa, a)
            return
        if pa is not None or pb is not None:
            ice, other, position = (a, b, pa) if pa is not None else (b, a, pb)
            assert position is not None
            _swap_into_position(game, ice, other, position)
            return
        if _in_root(a) != _in_root(b):
            rooted, other = (a, b) if _in_root(a) else (b, a)
            _swap_into_root(game, rooted, other)
            return
        if _in_root(a) and _in_root(b):
            _swap_roots(game, a, b)
            return
        assert a.zone is not None and b.zone is not None
        if a.zone is b.zone:
            cards = a.zone.cards
            ia, ib = a.zone.position(a) - 1, b.zone.position(b) - 1
            cards[ia], cards[ib] = b, a
            game.zones.renew(a)
            game.zones.renew(b)
            return
        za = (ZoneType(a.zone.kind), a.zone.owner, a.zone.position(a) - 1, a.faceup)
        zb = (ZoneType(b.zone.kind), b.zone.owner, b.zone.position(b) - 1, b.faceup)
        # a card swapped into Archives takes the facing the rules give it there, not the
        # facing of the card it was swapped with
        if (za[0], za[1]) == (ZoneType.DISCARD, "corp"):
            za = (*za[:3], enters_archives_faceup(game, b))
        if (zb[0], zb[1]) == (ZoneType.DISCARD, "corp"):
            zb = (*zb[:3], enters_archives_faceup(game, a))
        draw_a = game.draw_holding(a)
        draw_b = game.draw_holding(b)
        a_left = relocate(game, a, zb[0], zb[1], index=zb[2], faceup=zb[3])
        b_left = relocate(game, b, za[0], za[1], index=za[2], faceup=za[3])
        game.log.record((), f"{a.title} goes to {a.location}; {b.title} goes to {b.location}")
        for draw_event, old, new, left in ((draw_a, a, b, a_left), (draw_b, b, a, b_left)):
            if left:
                log_left_draw(game, old, left)
            if draw_event is not None:
                draw_event.drawn.append(new)
                game.log.record(
                    "rule_drawn_card_swapped",
                    f"{new.title} was swapped into the set-aside zone for {old.title}: it is now "
                    "drawn and will be added to the hand with the other drawn cards",
                )

    return game.timing.perform(event, effect, rules=Swap.rules)


def _position(card: NetrunnerCard) -> Position | None:
    if not card.installed or card.server is None or not card.is_a("ice"):
        return None
    return card.server.position_of(card)


def _swap_into_position(
    game: Table, ice: NetrunnerCard, other: NetrunnerCard, position: Position
) -> None:
    """A piece of ice protecting a server and a card elsewhere: the card takes the ice's
    position (installed, facedown) and the ice takes the card's place."""
    assert other.zone is not None
    kind, owner = ZoneType(other.zone.kind), other.zone.owner
    index = other.zone.position(other) - 1
    ice.server = None  # it leaves by the swap: its position stays, for the other card
    position.ice = None
    relocate(game, ice, kind, owner, index=index, faceup=False)
    relocate(game, other, ZoneType.PLAY_AREA, None, faceup=False)
    other.installed = True
    occupy(position, other)
    game.log.record(
        "rule_create_position_swap",
        f"{other.title} now protects {position.server.name} at position {position.index + 1}, "
        f"installed facedown; {ice.title} goes to {ice.location}: no position is created",
    )
    progress.ice_swapped(game, ice, position, None, other)


def root_problem(server: Server, root: Sequence[NetrunnerCard]) -> str | None:
    """Why ``root`` could not be the root of ``server``, or ``None``."""
    kinds = [c for c in root if c.facts.type in ("asset", "agenda")]
    if kinds and server.is_central:
        return f"{kinds[0].title} would be in the root of {server.name}, a central server"
    if len(kinds) > 1:
        return f"{kinds[0].title} and {kinds[1].title} would share the root of {server.name}"
    regions = [c for c in root if c.has_subtype("region")]
    if len(regions) > 1:
        return f"{regions[0].title} and {regions[1].title} would both be regions of {server.name}"
    return None


def swap_problem(a: NetrunnerCard, b: NetrunnerCard) -> str | None:
    """Why swapping two cards in the roots of servers would leave a card where it cannot
    be, or ``None``."""
    if not (_in_root(a) and _in_root(b)):
        return None
    sa, sb = a.server, b.server
    assert sa is not None and sb is not None
    if sa is sb:
        return None
    for server, leaving, entering in ((sa, a, b), (sb, b, a)):
        problem = root_problem(server, [*(c for c in server.root if c is not leaving), entering])
        if problem is not None:
            return problem
    return None


def _swap_roots(game: Table, a: NetrunnerCard, b: NetrunnerCard) -> None:
    """Two cards in the roots of two servers: each goes to the other's place there."""
    sa, sb = a.server, b.server
    assert sa is not None and sb is not None
    ia, ib = sa.root.index(a), sb.root.index(b)
    sa.root[ia], sb.root[ib] = b, a
    a.server, b.server = sb, sa
    game.log.record(
        "rule_swap_only_to_valid_location",
        f"{a.title} is now in the root of {sb.name}; {b.title} in the root of {sa.name}",
    )


def _in_root(card: NetrunnerCard) -> bool:
    return card.installed and card.server is not None and any(c is card for c in card.server.root)


def _swap_into_root(game: Table, rooted: NetrunnerCard, other: NetrunnerCard) -> None:
    """A card of a server's root, and one from elsewhere: each takes the other's place;
    the one entering the root is installed there facedown."""
    assert other.zone is not None and rooted.server is not None
    server = rooted.server
    kind, owner = ZoneType(other.zone.kind), other.zone.owner
    index = other.zone.position(other) - 1
    place = server.root.index(rooted)
    relocate(game, rooted, kind, owner, index=index, faceup=False)
    relocate(game, other, ZoneType.PLAY_AREA, None, faceup=False)
    other.installed = True
    other.server = server
    server.root.insert(place, other)
    game.log.record(
        (),
        f"{other.title} is now installed facedown in the root of {server.name}; "
        f"{rooted.title} goes to {rooted.location}",
    )


def arrange_ice(game: Table, server: Server, order: Sequence[NetrunnerCard], *, by: str) -> None:
    """Arrange ice by swapping pairs, with no checkpoint until all the swaps are done."""
    if len(server.ice) <= 1:
        game.log.record(
            "rule_arrange_1_or_fewer",
            f"{side_label(by)} is to arrange {plural(len(server.ice), 'piece')} of ice "
            f"protecting {server.name}: 1 or fewer cards, so instead nothing happens",
        )
        return
    if sorted(c.serial for c in order) != sorted(c.serial for c in server.ice):
        raise IllegalChoice(f"the new order must list exactly the ice protecting {server.name}")
    event = Arrange(by, list(server.ice))

    def by_swaps() -> None:
        start = game.timing.checkpoints
        for index, wanted in enumerate(order):
            here = server.ice[index]
            if here is not wanted:
                swap(game, here, wanted, by=by, cause="arranging ice")
        between = game.timing.checkpoints - start
        game.log.record(
            "rule_no_checkpoints_during_swaps",
            f"the swaps are done; {plural(between, 'checkpoint') if between else 'no checkpoint'}"
            " occurred between them",
        )

    game.timing.perform(
        event,
        by_swaps,
        rules=("movement_arrange", "rule_arrange_ice"),
        announce=f"{side_label(by)} arranges the ice protecting {server.name} by swapping "
        "pairs of ice",
    )
    game.timing.checkpoint(("rule_no_checkpoints_during_swaps",), note=" after arranging")


def arrange_top(
    game: Table, deck_owner: str, count: int, order: Sequence[NetrunnerCard], *, by: str
) -> None:
    """Arrange the top of a deck: secretly, and every arranged card becomes a new object."""
    deck = game.zones.get(ZoneType.DECK, deck_owner)
    cards = list(deck.cards[:count])
    if len(cards) <= 1:
        game.log.record(
            "rule_arrange_1_or_fewer",
            f"{side_label(by)} is to arrange {plural(len(cards), 'card')} from {deck.name}: "
            "1 or fewer cards, so instead nothing happens",
        )
        return
    if sorted(c.serial for c in order) != sorted(c.serial for c in cards):
        raise IllegalChoice(
            f"the new order must list exactly the top {len(cards)} cards of {deck.name}"
        )
    event = Arrange(by, cards)

    def secretly() -> None:
        for card in cards:
            relocate(game, card, ZoneType.SET_ASIDE, None, faceup=False)
        game.log.record(
            "rule_arrange_secretly",
            f"{side_label(by)} sets aside the top {len(cards)} cards of {deck.name} facedown",
        )
        for index, card in enumerate(order):
            relocate(game, card, ZoneType.DECK, deck_owner, index=index, faceup=False)
        game.player(by).learn(order)
        knowers = [s for s in ("corp", "runner") if all(can_see(game, s, c) for c in order)]
        who = (
            "only they know" if knowers == [by] else f"known to {' and '.join(knowers) or 'no one'}"
        )
        game.log.record(
            "rule_arrange_secretly",
            f"{side_label(by)} returns them to the top of {deck.name} in an order {who}; "
            "each is now a new object",
        )

    game.timing.perform(
        event,
        secretly,
        rules=("movement_arrange",),
        announce=f"{side_label(by)} arranges the top {len(cards)} cards of {deck.name}",
    )


def look_and_arrange(game: Table, deck_owner: str, count: int, *, by: str, cause: str) -> None:
    """``by`` looks at the top ``count`` cards of a deck and arranges them in the order
    they choose, one place at a time from the top."""
    deck = game.zones.get(ZoneType.DECK, deck_owner)
    cards = list(deck.cards[:count])
    game.player(by).learn(cards)
    game.log.record(
        (),
        f"{cause}: {side_label(by)} looks at the top {plural(len(cards), 'card')} of {deck.name}",
    )
    left, order = list(cards), list[NetrunnerCard]()
    while len(left) > 1:
        place = len(order) + 1
        chosen = choose_card(
            game, by, f"{cause}: which card goes {place} from the top?", cause, left
        )
        order.append(chosen)
        left.remove(chosen)
    arrange_top(game, deck_owner, len(cards), [*order, *left], by=by)
