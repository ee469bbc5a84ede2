"""The procedures of the excerpt: paying costs, resolving effects, and what effects do.

``pay`` is rule 1.1: every part of a cost must be payable before any is paid, actions can only
come from the current turn of the side paying, and never from a later one. Rule 1.2: an
effect is followed through before anything else happens, and doing what it says takes no
action beyond those in its cost, though other costs it brings (a rez cost) are still paid:
:func:`rez` pays the rez cost whoever asks for the rez, so no card needs its own check.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from rulesref.engine.decisions import Decision, Option
from rulesref.engine.errors import CannotPay, IllegalAction
from rulesref.games.netrunner1996.cards import Card, CardType, Side, Zone
from rulesref.games.netrunner1996.costs import Cost, plural

if TYPE_CHECKING:
    from rulesref.games.netrunner1996.game import Game

COSTS = "nr96_card_effects_and_costs_1"
RESOLVING = "nr96_card_effects_and_costs_2"
KEYWORDS = "nr96_keywords_1"


def check_can_pay(game: Game, side: Side, cost: Cost, what: str, rule: str = COSTS) -> None:
    """Refuse unless every part of ``cost`` can be paid now (the action rolls back)."""
    if cost.actions:
        if game.turn is not side:
            raise CannotPay(
                f"{what} costs an action, and the {side} can only take actions on its own "
                f"turn (it is the {game.turn}'s turn)",
                COSTS,
            )
        left = game.actions(side)
        if left < cost.actions:
            raise CannotPay(
                f"{what} costs {cost}; the {side} has {plural(left, 'action')} left and "
                "cannot borrow future actions",
                COSTS,
            )
    bits = game.bits(side)
    if bits < cost.bits:
        raise CannotPay(
            f"{what} costs {cost}; the {side} has {plural(bits, 'bit')}: all costs must be "
            "satisfied",
            rule,
        )


def pay(game: Game, side: Side, cost: Cost, what: str, rule: str = COSTS) -> None:
    """Pay all of ``cost`` or nothing; ``rule`` is cited when bits are short (a rez cost
    an effect brings cites rule 1.2)."""
    check_can_pay(game, side, cost, what, rule)
    s = game.sides[side]
    s.actions -= cost.actions
    s.bits -= cost.bits
    game.log.record(
        COSTS,
        f"the {side} pays {cost} for {what} "
        f"({plural(s.actions, 'action')}, {plural(s.bits, 'bit')} left)",
    )


def ask(game: Game, side: Side, question: str, rule: str, options: list[Option]) -> Option:
    """Ask ``side`` now, through the game's decider; an illegal answer is refused."""
    return game.decider.decide(Decision(side.key, question, rule, tuple(options)))


def card_option(card: Card) -> Option:
    """A card the deciding player can see, named by its title or given as the object."""
    return Option(f"{card.title} ({card.where()})", card, (card.title,))


def advance_by_effect(game: Game, source: Card, total: int) -> None:
    """Place ``total`` counters as an effect: the Corp chooses each card as the effect
    resolves; placing them takes no action and no bit (rule 1.2)."""
    placed: Counter[int] = Counter()
    chosen: list[Card] = []
    for number in range(1, total + 1):
        options = [card_option(c) for c in game.installed() if c.definition.can_be_advanced]
        if not options:
            raise IllegalAction(f"{source.title}: no installed card can be advanced", RESOLVING)
        card = ask(
            game,
            Side.CORP,
            f"{source.title}: place advancement counter {number} of {total} on which card?",
            RESOLVING,
            options,
        ).value
        if not placed[card.serial]:
            chosen.append(card)
        placed[card.serial] += 1
    for card in chosen:
        n = placed[card.serial]
        card.counters["advancement"] += n
        game.log.record(
            RESOLVING,
            f"{source.title} adds {plural(n, 'advancement counter')} to {card.title}: "
            "part of playing the card, no action taken",
        )


def rez(game: Game, card: Card, *, by_effect: str | None = None) -> None:
    """Rezzing costs its rez cost, even when an effect does the rezzing (rule 1.2)."""
    d = card.definition
    if d.rez_cost is None or not card.installed or card.rezzed:
        raise IllegalAction(f"{card.title} is not an installed, unrezzed card")
    what = f"rezzing {card.title}" + (f" (instructed by {by_effect})" if by_effect else "")
    pay(game, Side.CORP, Cost(bits=d.rez_cost), what, RESOLVING if by_effect else COSTS)
    card.rezzed = True
    if by_effect:
        game.log.record(
            RESOLVING,
            f"{by_effect} rezzes {card.title}: its rez cost was still paid",
        )
    else:
        game.log.record((), f"the Corp rezzes {card.title}")


def rez_by_effect(game: Game, source: Card) -> None:
    """ "Rez a piece of ice": the Corp chooses which as the effect resolves."""
    ice = [c for c in game.installed() if c.definition.type is CardType.ICE and not c.rezzed]
    if not ice:
        raise IllegalAction(f"{source.title}: there is no unrezzed ice to rez", RESOLVING)
    chosen = ask(
        game, Side.CORP, f"{source.title}: rez which ice?", RESOLVING, [card_option(c) for c in ice]
    ).value
    rez(game, chosen, by_effect=source.title)


def access(game: Game, server: str) -> None:
    if server == "HQ":
        hq = game.cards_in(Zone.HQ)
        cards = [game.rng.choice(hq)] if hq else []
    elif server == "R&D":
        cards = game.cards_in(Zone.RD)[:1]
    elif server == "Archives":
        cards = game.cards_in(Zone.ARCHIVES)
    else:
        cards = list(game.zone(Zone.SERVER, server))
    if not cards:
        game.log.record((), f"the Runner accesses nothing in {server}")
    for card in cards:
        game.log.record((), f"the Runner accesses {card.title} in {server}")
        if card.definition.type is CardType.AGENDA:
            steal(game, card)


def steal(game: Game, card: Card) -> None:
    game.move(card, game.zone(Zone.RUNNER_SCORE, "runner"))
    points = card.definition.agenda_points or 0
    game.sides[Side.RUNNER].points += points
    game.stolen_this_turn.append(card.serial)
    game.log.record(
        (), f"the Runner steals {card.title} and scores {plural(points, 'agenda point')}"
    )


def stolen_this_turn_with_keyword(game: Game, keyword: str) -> list[Card]:
    """The agendas stolen this turn that carry ``keyword``, read from keyword lines only."""
    found = []
    for card in game.all_cards():
        if card.serial not in game.stolen_this_turn:
            continue
        d = card.definition
        line = ", ".join(d.keywords) or "no keywords"
        if d.has_keyword(keyword):
            game.log.record(KEYWORDS, f"{d.title}'s keyword line ({line}) has {keyword}: it counts")
            found.append(card)
        else:
            game.log.record(
                KEYWORDS,
                f"{d.title}'s keyword line ({line}) lacks {keyword}; a title never counts",
            )
    return found


def draw(game: Game, side: Side, n: int) -> None:
    deck = game.cards_in(Zone.RD if side is Side.CORP else Zone.STACK)
    hand = game.zone(Zone.HQ, "corp") if side is Side.CORP else game.zone(Zone.GRIP, "runner")
    for card in deck[:n]:
        game.move(card, hand)
        game.log.record(RESOLVING, f"the {side} draws {card.title}")
