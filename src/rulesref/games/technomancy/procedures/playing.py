"""Playing a card (rule 3.6) and activating an ability, as the player with priority.

The procedure follows the rulebook's steps in order: declare (3.6.1), work out the cost
(3.6.2: additional costs, reductions, scrip abilities, final cost), pay (3.6.3), then the card
goes to the stack (3.6.4), or straight to the battlefield for a Building (3.5.4.3). If the
cost cannot be paid, the whole attempt is undone from a snapshot taken at declaration.
"""

from __future__ import annotations

from collections.abc import Sequence

from rulesref.games.technomancy.errors import CannotPay, IllegalAction, RulesError
from rulesref.games.technomancy.procedures import actions, priority
from rulesref.games.technomancy.procedures.layers import current_views
from rulesref.games.technomancy.procedures.names import label
from rulesref.games.technomancy.state.abilities import (
    ActivatedAbility,
    CostModifier,
    PlayerRule,
    PlayerRuleKind,
    ScripAbility,
)
from rulesref.games.technomancy.state.game_state import StackItem
from rulesref.games.technomancy.state.objects import Card, CardDefinition, CardType, Zone
from rulesref.games.technomancy.state.scrip import Scrips
from rulesref.games.technomancy.state.table import Table

_TIMING_RULES = {
    CardType.PROGRAM: "tm_3_5_2_1",
    CardType.AGENT: "tm_3_5_3_1",
    CardType.BUILDING: "tm_3_5_4_1",
}


def play_card(
    game: Table,
    player: str,
    card_id: int,
    *,
    target: int | None = None,
    scrip_from: Sequence[int] = (),
) -> None:
    """Rule 3.6, start to finish.  On a failed payment the game goes back to before the
    card was declared (rule 3.6.3): the refusal escapes the player's action, which puts
    the whole game back (:func:`rulesref.engine.transactions.transactional`)."""
    priority.require_priority(game, player, "play a card")
    card = game.state.cards[card_id]
    declare(game, player, card, target)
    try:
        cost = determine_cost(game, player, card.definition, scrip_from)
        pay(game, player, card.definition, cost)
    except RulesError:
        game.log.add(
            "tm_3_6_3",
            f"playing {card.name} is aborted: the game goes back to before it was declared",
        )
        raise
    put_into_play(game, player, card, target)


def declare(game: Table, player: str, card: Card, target: int | None) -> None:
    """Rule 3.6.1, with the card type's timing rule (3.5) checked before anything changes."""
    st = game.state
    d = card.definition
    if card.where is not Zone.HAND or card.owner != player:
        raise IllegalAction(f"{player} can only play cards from their own hand", "tm_3_6_1")
    if d.type is CardType.QUICKHACK:
        why = "Quickhacks may be played whenever their player has priority"
        timing = ("tm_3_5_1_1", why)
    else:
        rule = _TIMING_RULES[d.type]
        if player != st.active:
            raise IllegalAction(
                f"{d.type}s may be played only by the active player, and {st.active} is", rule
            )
        if st.stack:
            raise IllegalAction(
                f"{d.type}s may be played only when the stack is empty ({len(st.stack)} on it)",
                rule,
            )
        timing = (rule, f"{player} is the active player and the stack is empty")
    if d.type is CardType.BUILDING:
        check_building_allowance(game, player)
    _check_target(game, d, target)
    aim = f" targeting {label(game, target)}" if target is not None else ""
    game.log.add("tm_3_6_1", f"{player} declares {d.name} ({d.type}){aim}")
    game.log.add(*timing)


def _check_target(game: Table, d: CardDefinition, target: int | None) -> None:
    if d.target is None:
        if target is not None:
            raise IllegalAction(f"{d.name} has no target", "tm_3_6_1")
        return
    if target is None:
        raise IllegalAction(f"{d.name} needs a target {d.target}", "tm_3_6_1")
    card = game.state.cards[target]
    if d.target == "agent" and (
        card.where is not Zone.BATTLEFIELD or card.definition.type is not CardType.AGENT
    ):
        raise IllegalAction(f"{d.name} targets an agent in play, not {card.name}", "tm_3_6_1")


def check_building_allowance(game: Table, player: str) -> None:
    """One Building per turn (3.5.4.2), unless a card says otherwise (0.1); a card that
    restricts wins over one that permits (0.2)."""
    st = game.state
    played = st.players[player].buildings_played
    permissions = [
        e
        for e in st.player_effects
        if e.player == player and e.kind is PlayerRuleKind.EXTRA_BUILDING
    ]
    restrictions = [
        (view.name, ability.text)
        for view in current_views(game).values()
        for ability in view.abilities
        if isinstance(ability, PlayerRule)
        and ability.kind.restricts
        and ability.applies(view, player)
    ]
    allowed = 1 + (0 if restrictions else len(permissions))
    if played < allowed:
        if played >= 1:
            game.log.add("tm_0_1", f"a card instructs otherwise: {permissions[0].text}")
        return
    if permissions and restrictions:
        name, text = restrictions[0]
        raise IllegalAction(
            f'rules that restrict take precedence: {name} says "{text}", '
            f'over "{permissions[0].text}"',
            "tm_0_2",
        )
    raise IllegalAction(
        f"only one Building may be played per turn, and {player} has played {played}", "tm_3_5_4_2"
    )


def determine_cost(
    game: Table, player: str, d: CardDefinition, scrip_from: Sequence[int]
) -> Scrips:
    """Rule 3.6.2 and its four steps, in order."""
    cost = d.cost
    game.log.add("tm_3_6_2", f"{d.name} costs {cost} (scrip cost {d.scrip_cost})")
    views = current_views(game)
    modifiers = [
        (view.name, ability)
        for view in views.values()
        for ability in view.abilities
        if isinstance(ability, CostModifier) and ability.applies(view, player, d)
    ]
    for name, mod in modifiers:
        if mod.step == "additional":
            cost = cost + mod.amount
            game.log.add("tm_3_6_2_1", f"{name} adds {mod.amount}: {cost}")
    for name, mod in modifiers:
        if mod.step == "reduction":
            cost = cost.reduced_by(mod.amount)
            game.log.add("tm_3_6_2_2", f"{name} subtracts {mod.amount}: {cost}")
    for card_id in scrip_from:
        use_scrip_ability(game, player, card_id)
    game.log.add("tm_3_6_2_4", f"the final cost of {d.name} is {cost}")
    return cost


def use_scrip_ability(game: Table, player: str, card_id: int) -> None:
    """Rule 3.6.2.3: tap a battlefield card you control for its scrip."""
    view = current_views(game).get(card_id)
    name = label(game, card_id)
    if view is None or view.controller != player:
        raise IllegalAction(f"{player} does not control {name} on the battlefield", "tm_3_6_2_3")
    ability = next((a for a in view.abilities if isinstance(a, ScripAbility)), None)
    if ability is None:
        raise IllegalAction(f"{name} has no scrip ability", "tm_3_6_2_3")
    if view.tapped:
        raise IllegalAction(f"{name} is tapped", "tm_3_6_2_3")
    actions.tap(game, card_id)
    pool = game.state.players[player]
    pool.scrip = pool.scrip + Scrips.of({ability.kind: 1})
    game.log.add("tm_3_6_2_3", f"{player} taps {name} for one {ability.kind} (pool: {pool.scrip})")


def pay(game: Table, player: str, d: CardDefinition, cost: Scrips) -> None:
    """Rule 3.6.3: pay from the scrip pool, kind for kind."""
    p = game.state.players[player]
    if not p.scrip.covers(cost):
        game.log.add("tm_3_6_3", f"{player} has {p.scrip} and cannot pay {cost}")
        raise CannotPay(
            f"{player} cannot pay {cost} for {d.name} (pool: {p.scrip}); "
            "the play is aborted and the game goes back to before it",
            "tm_3_6_3",
        )
    p.scrip = p.scrip - cost
    game.log.add("tm_3_6_3", f"{player} pays {cost} (left in pool: {p.scrip})")


def put_into_play(game: Table, player: str, card: Card, target: int | None) -> None:
    st = game.state
    if card.definition.type is CardType.BUILDING:
        st.players[player].buildings_played += 1
        actions.enter_battlefield(game, card.id, player, rule="tm_3_5_4_3")
    else:
        actions.move(game, card.id, Zone.STACK)
        aim = f" → {label(game, target)}" if target is not None else ""
        st.stack.append(StackItem(card.id, player, f"{card.name} ({player}){aim}", target))
        game.log.add("tm_3_6_4", f"{card.name} goes to the stack")
    st.passes = 0
    priority.give_priority(game, player, rule="tm_3_4_1", why=" again (they played a card)")


def activate(game: Table, player: str, card_id: int, *, target: int | None = None) -> None:
    """Activate a 'Tap: …' ability of a card you control; it goes on the stack."""
    priority.require_priority(game, player, "activate an ability")
    st = game.state
    view = current_views(game).get(card_id)
    name = label(game, card_id)
    if view is None or view.controller != player:
        raise IllegalAction(f"{player} does not control {name} on the battlefield", "tm_3_4_1")
    ability = next((a for a in view.abilities if isinstance(a, ActivatedAbility)), None)
    if ability is None:
        raise IllegalAction(f"{name} has no ability to activate", "tm_3_4_1")
    if view.tapped:
        raise IllegalAction(f"{name} is tapped", "tm_3_4_1")
    if (ability.target is None) != (target is None):
        raise IllegalAction(f"{name}'s ability needs {ability.target or 'no'} target", "tm_3_4_1")
    actions.tap(game, card_id)
    aim = f" → {label(game, target)}" if target is not None else ""
    st.stack.append(
        StackItem(card_id, player, f'{name}\'s ability "{ability.text}"{aim}', target, ability)
    )
    game.log.add("tm_3_4_1", f'{player} activates {name}: "{ability.text}"{aim}')
    st.passes = 0
    priority.give_priority(game, player, rule="tm_3_4_1", why=" again (they activated an ability)")
