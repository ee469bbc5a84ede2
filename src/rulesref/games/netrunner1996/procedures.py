"""The procedures of the excerpt: paying costs, resolving effects, and what effects do.

``pay`` is rule 1.1: every part of a cost must be payable before any is paid, actions can only
come from the current turn of the side paying, and never from a later one. ``resolve`` is rule
1.2: an effect is followed through before anything else happens, and doing what it says takes
no action beyond those in its cost, though other costs it brings (a rez cost) are still paid.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from rulesref.games.netrunner1996.cards import Card, CardType, Side, Zone
from rulesref.games.netrunner1996.costs import Cost, plural
from rulesref.games.netrunner1996.errors import IllegalAction

if TYPE_CHECKING:
    from rulesref.games.netrunner1996.game import Game

COSTS = "nr96_card_effects_and_costs_1"
RESOLVING = "nr96_card_effects_and_costs_2"
KEYWORDS = "nr96_keywords_1"


def check_can_pay(game: Game, side: Side, cost: Cost, what: str) -> None:
    """Refuse, changing nothing, unless every part of ``cost`` can be paid now."""
    st = game.state
    if cost.actions:
        if st.turn is not side:
            raise IllegalAction(
                COSTS,
                f"{what} costs an action, and the {side} can only take actions on its own "
                f"turn (it is the {st.turn}'s turn)",
            )
        left = st.sides[side].actions
        if left < cost.actions:
            raise IllegalAction(
                COSTS,
                f"{what} costs {cost}; the {side} has {plural(left, 'action')} left and "
                "cannot borrow future actions",
            )
    bits = st.sides[side].bits
    if bits < cost.bits:
        raise IllegalAction(
            COSTS, f"{what} costs {cost}; the {side} has {bits} bits: all costs must be satisfied"
        )


def pay(game: Game, side: Side, cost: Cost, what: str) -> None:
    check_can_pay(game, side, cost, what)
    s = game.state.sides[side]
    s.actions -= cost.actions
    s.bits -= cost.bits
    game.log.add(
        COSTS,
        f"the {side} pays {cost} for {what} "
        f"({plural(s.actions, 'action')}, {plural(s.bits, 'bit')} left)",
    )


def advance_by_effect(game: Game, source: Card, allocation: Mapping[str, int], total: int) -> None:
    """Place counters as an effect: no action and no bit per counter (rule 1.2)."""
    if sum(allocation.values()) != total:
        raise IllegalAction(RESOLVING, f"{source.title} places exactly {total} counters")
    targets = {title: game.installed_card(title) for title in allocation}
    for title, card in targets.items():
        if not card.definition.can_be_advanced:
            raise IllegalAction(RESOLVING, f"{title} cannot be advanced")
    for title, n in allocation.items():
        targets[title].counters += n
        game.log.add(
            RESOLVING,
            f"{source.title} adds {plural(n, 'advancement counter')} to {title}: "
            "part of playing the card, no action taken",
        )


def rez(game: Game, card: Card, *, by_effect: str | None = None) -> None:
    """Rezzing costs its rez cost, even when an effect does the rezzing (rule 1.2)."""
    d = card.definition
    if d.rez_cost is None or card.zone not in (Zone.SERVER, Zone.ICE) or card.rezzed:
        raise IllegalAction(None, f"{card.title} is not an installed, unrezzed card")
    rule = RESOLVING if by_effect else None
    what = f"rezzing {card.title}" + (f" (instructed by {by_effect})" if by_effect else "")
    check_can_pay(game, Side.CORP, Cost(bits=d.rez_cost), what)
    game.state.sides[Side.CORP].bits -= d.rez_cost
    card.rezzed = True
    left = game.state.sides[Side.CORP].bits
    game.log.add(
        rule,
        f"the Corp pays {card.title}'s rez cost, {d.rez_cost} bits, and rezzes it "
        f"({plural(left, 'bit')} left)",
    )


def make_run(game: Game, server: str, *, access_instead: str | None = None) -> None:
    """A run; this minimal engine installs no ice on servers, so every run succeeds."""
    game.log.add(None, f"the Runner runs on {server}; the run is successful")
    target = server
    if access_instead is not None:
        game.log.add(
            RESOLVING, f"the run is treated as a successful run on {access_instead} instead"
        )
        target = access_instead
    access(game, target)


def access(game: Game, server: str) -> None:
    st = game.state
    if server == "HQ":
        hq = game.cards_in(Zone.HQ)
        cards = [st.rng.choice(hq)] if hq else []
    elif server == "R&D":
        cards = game.cards_in(Zone.RD)[:1]
    elif server == "Archives":
        cards = game.cards_in(Zone.ARCHIVES)
    else:
        cards = [c for c in game.cards_in(Zone.SERVER) if c.server == server]
    if not cards:
        game.log.add(None, f"the Runner accesses nothing in {server}")
    for card in cards:
        game.log.add(None, f"the Runner accesses {card.title} in {server}")
        if card.definition.type is CardType.AGENDA:
            steal(game, card)


def steal(game: Game, card: Card) -> None:
    st = game.state
    game.move(card, Zone.RUNNER_SCORE)
    points = card.definition.agenda_points or 0
    st.sides[Side.RUNNER].points += points
    st.stolen_this_turn.append(card.id)
    game.log.add(
        None, f"the Runner steals {card.title} and scores {plural(points, 'agenda point')}"
    )


def stolen_this_turn_with_keyword(game: Game, keyword: str) -> list[Card]:
    """The agendas stolen this turn that carry ``keyword``, read from keyword lines only."""
    found = []
    for card_id in game.state.stolen_this_turn:
        card = game.state.cards[card_id]
        d = card.definition
        line = ", ".join(d.keywords) or "no keywords"
        if d.has_keyword(keyword):
            game.log.add(KEYWORDS, f"{d.title}'s keyword line ({line}) has {keyword}: it counts")
            found.append(card)
        else:
            game.log.add(
                KEYWORDS,
                f"{d.title}'s keyword line ({line}) lacks {keyword}; a title never counts",
            )
    return found


def draw(game: Game, side: Side, n: int) -> None:
    deck = game.cards_in(Zone.RD if side is Side.CORP else Zone.STACK)
    hand = Zone.HQ if side is Side.CORP else Zone.GRIP
    for card in deck[:n]:
        game.move(card, hand)
        game.log.add(RESOLVING, f"the {side} draws {card.title}")
