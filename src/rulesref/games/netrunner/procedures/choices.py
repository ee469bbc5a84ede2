"""Netrunner's side of the kernel's decisions: what a player can know about a card,
and the choices card abilities and procedures ask for.

A card is offered to a player by its title only when that player can see it:
faceup cards, the cards in their own hand, set aside while they draw them, in
their own Archives, installed facedown by them, or hidden cards they arranged.
Any other card (R&D, the other player's hand, the Corp's facedown cards for the Runner)
is offered by
where it is ("R&D #3 of 6") and can be answered only by that position, so no
choice can use information the player does not have.
"""

from __future__ import annotations

from collections.abc import Sequence

from rulesref.cards import card_table
from rulesref.engine.decisions import YES, Decision, Option, yes_no
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.table import Table
from rulesref.games.netrunner.state.zones import ZoneType


def can_see(game: Table, player: str, card: NetrunnerCard) -> bool:
    """Whether ``player`` knows which card ``card`` is."""
    return visibility(game, player, card)[0]


def visibility(game: Table, player: str, card: NetrunnerCard) -> tuple[bool, str]:
    """Whether ``player`` knows which card ``card`` is, and the rule that says so."""
    if card.object_id in game.player(player).known:
        return True, "rule_arrange_secretly"
    zone = card.zone_type
    if zone is ZoneType.DECK:
        return False, "rule_deck_hidden"
    if zone is ZoneType.HAND:
        return card.owner == player, "rule_secret_zone"
    if card.faceup:
        return True, "rule_public_zone"
    # facedown: installed, in Archives, set aside (drawn) - known to its owner only
    return card.owner == player, "rule_hidden_zone"


def card_option(game: Table, player: str, card: NetrunnerCard) -> Option:
    """The option naming ``card`` as ``player`` can name it."""
    if can_see(game, player, card):
        return Option(f"{card.title} ({card.location})", card, names=(card, card.title))
    location = card.location
    where = str(location)
    if location.origin is not None:
        # facedown Runner cards are distinct: each is told apart by its open origin
        return Option(f"the facedown card ({location.origin})", card, (location.origin,))
    position = location.position
    names: tuple[object, ...] = (where,) if position is None else (position, where)
    return Option(f"the card at {where}", card, names=names)


def choose_card(
    game: Table,
    player: str,
    question: str,
    rule: str,
    cards: Sequence[NetrunnerCard],
) -> NetrunnerCard:
    """Ask ``player`` to choose one of ``cards`` (more than one); a single card is the
    only legal answer and is not asked about."""
    if not cards:
        raise ValueError("choose_card needs at least one card")
    if len(cards) == 1:
        return cards[0]
    options = tuple(card_option(game, player, c) for c in cards)
    chosen: NetrunnerCard = game.timing.ask(Decision(player, question, rule, options)).value
    return chosen


def choose_card_or_none(
    game: Table,
    player: str,
    question: str,
    rule: str,
    cards: Sequence[NetrunnerCard],
    *,
    none: str = "none",
) -> NetrunnerCard | None:
    """Ask for one of ``cards`` or none of them ("up to")."""
    options = (*(card_option(game, player, c) for c in cards), Option(none, None, names=(none,)))
    chosen: NetrunnerCard | None = game.timing.ask(Decision(player, question, rule, options)).value
    return chosen


def choose_name(game: Table, player: str, question: str, rule: str, names: Sequence[str]) -> str:
    """Ask for one of a few named things (a server, a kind of cost)."""
    if len(names) == 1:
        return names[0]
    options = tuple(Option(name, name, names=(name,)) for name in names)
    chosen: str = game.timing.ask(Decision(player, question, rule, options)).value
    return chosen


def name_a_card(game: Table, player: str, question: str) -> str:
    """Name a card: any title of the game, chosen as the instruction resolves (a name is
    not a target)."""
    names = sorted(facts.title for facts in card_table())
    return choose_name(game, player, question, "rule_object_subroutine_targets", names)


def choose_number(game: Table, player: str, question: str, rule: str, low: int, high: int) -> int:
    """Ask for a whole number from ``low`` to ``high`` (both included)."""
    options = tuple(Option(str(n), n, names=(n, str(n))) for n in range(low, high + 1))
    if len(options) == 1:
        return low
    chosen: int = game.timing.ask(Decision(player, question, rule, options)).value
    return chosen


def confirm(game: Table, player: str, question: str, rule: str) -> bool:
    """A yes-or-no decision (pay a trash cost? pay to keep a card?)."""
    return game.timing.ask(yes_no(player, question, rule)) is YES
