"""Resolving effects (rule 1.2): an effect is followed through before anything else
happens, and doing what it says takes no action beyond those in its cost, though other
costs it brings (a rez cost) are still paid: :func:`rez` pays the rez cost whoever asks
for the rez, so no card needs its own check.
"""

from __future__ import annotations

from collections import Counter

from rulesref.engine.decisions import Decision, Option
from rulesref.engine.errors import IllegalAction
from rulesref.games.netrunner1996.procedures.costs import COSTS, pay
from rulesref.games.netrunner1996.state.costs import Cost, plural
from rulesref.games.netrunner1996.state.objects import Card, CardType, Side, Zone
from rulesref.games.netrunner1996.state.table import Table

RESOLVING = "nr96_card_effects_and_costs_2"


def ask(game: Table, side: Side, question: str, rule: str, options: list[Option]) -> Option:
    """Ask ``side`` now, through the game's decider; an illegal answer is refused."""
    return game.decider.decide(Decision(side.key, question, rule, tuple(options)))


def card_option(card: Card) -> Option:
    """A card the deciding player can see, named by its title or given as the object."""
    return Option(f"{card.title} ({card.where()})", card, (card.title,))


def advance_by_effect(game: Table, source: Card, total: int) -> None:
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


def rez(game: Table, card: Card, *, by_effect: str | None = None) -> None:
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


def rez_by_effect(game: Table, source: Card) -> None:
    """ "Rez a piece of ice": the Corp chooses which as the effect resolves."""
    ice = [c for c in game.installed() if c.definition.type is CardType.ICE and not c.rezzed]
    if not ice:
        raise IllegalAction(f"{source.title}: there is no unrezzed ice to rez", RESOLVING)
    chosen = ask(
        game, Side.CORP, f"{source.title}: rez which ice?", RESOLVING, [card_option(c) for c in ice]
    ).value
    rez(game, chosen, by_effect=source.title)


def draw(game: Table, side: Side, n: int) -> None:
    deck = game.cards_in(Zone.RD if side is Side.CORP else Zone.STACK)
    hand = game.zone(Zone.HQ, "corp") if side is Side.CORP else game.zone(Zone.GRIP, "runner")
    for card in deck[:n]:
        game.move(card, hand)
        game.log.record(RESOLVING, f"the {side} draws {card.title}")


def play(game: Table, card: Card) -> None:
    """Play an operation (Corp) or prep (Runner) from hand: a basic action plus its cost,
    then its effect, then the card goes to the discard pile."""
    d = card.definition
    hand = Zone.HQ if d.side is Side.CORP else Zone.GRIP
    if (
        d.type not in (CardType.OPERATION, CardType.PREP)
        or card.zone is None
        or (card.zone.kind != hand)
    ):
        raise IllegalAction(f"{card.title} is not an operation or prep in {hand}")
    pay(game, d.side, Cost(actions=1, bits=d.play_cost), f"playing {card.title}")
    game.log.record(
        RESOLVING,
        f"resolving {card.title} before anything else: no actions beyond the one just paid",
    )
    if d.on_play is not None:
        d.on_play(game, card)
    discard = Zone.ARCHIVES if d.side is Side.CORP else Zone.HEAP
    game.move(card, game.zone(discard, d.side.key))


def use(game: Table, card: Card) -> None:
    """Use a "cost(s): effect" ability of an installed card (rule 1.1)."""
    d = card.definition
    in_play = card.installed or (card.zone is not None and card.zone.kind == Zone.RIG)
    if not in_play or not d.abilities:
        raise IllegalAction(f"{card.title} has no ability in play to use")
    if d.side is Side.CORP and not card.rezzed:
        raise IllegalAction(f"{card.title} is not rezzed")
    ability = d.abilities[0]
    pay(game, d.side, ability.cost, f"{card.title}'s ability")
    game.log.record(
        RESOLVING,
        f"resolving {card.title}: {ability.text.split(':', 1)[1].strip().rstrip('.')} "
        "(no actions beyond its cost)",
    )
    ability.resolve(game, card)
