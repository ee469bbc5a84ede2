"""Table actions: moving cards, drawing, recovering, damage, healing, creating cards, effects.

Each procedure is named after what the rules call it and logs the rule it applies. Card
effects call these, never poke at state themselves, so every change shows up in the trace.
"""

from __future__ import annotations

from collections.abc import Callable

from rulesref.games.technomancy.procedures.layers import current_views
from rulesref.games.technomancy.procedures.names import label
from rulesref.games.technomancy.state.abilities import (
    Event,
    EventKind,
    PlayerRuleKind,
    TriggeredAbility,
)
from rulesref.games.technomancy.state.effects import CardView, ContinuousEffect, Layer
from rulesref.games.technomancy.state.game_state import PendingTrigger, PlayerEffect
from rulesref.games.technomancy.state.objects import Card, CardType, Zone
from rulesref.games.technomancy.state.scrip import Scrip, Scrips
from rulesref.games.technomancy.state.table import Table


def new_card(game: Table, name: str, owner: str, zone: Zone, *, created: bool = False) -> Card:
    """Bring a card into the game; its owner is fixed here for the rest of the game."""
    st = game.state
    card = Card(st.next_card_id, game.catalog[name], owner, st.ids.next(), created=created)
    st.next_card_id += 1
    st.cards[card.id] = card
    st.zones.put(card, st.zone(zone, owner))
    return card


def move(game: Table, card_id: int, zone: Zone) -> None:
    """Move a card between zones (the kernel makes it a new object); leaving the battlefield
    forgets its state and effects."""
    st = game.state
    card = st.cards[card_id]
    if card.where is Zone.BATTLEFIELD:
        card.tapped = False
        card.health = None
        card.controller = card.owner
        st.effects = [e for e in st.effects if e.affected != card_id]
    st.zones.move(card, st.zone(zone, card.owner))


def enter_battlefield(game: Table, card_id: int, controller: str, *, rule: str) -> None:
    """A card is deployed: it gets a fresh timestamp (rule 6.1) and its printed health."""
    st = game.state
    card = st.cards[card_id]
    move(game, card_id, Zone.BATTLEFIELD)
    card.controller = controller
    card.health = card.definition.health
    card.timestamp = st.tick()
    game.log.add(
        rule, f"{label(game, card_id)} enters the battlefield under {controller}'s control"
    )


def put_into_discard_pile(game: Table, card_id: int, *, rule: str, why: str) -> None:
    card = game.state.cards[card_id]
    move(game, card_id, Zone.DISCARD)
    game.log.add(rule, f"{label(game, card_id)} {why} goes to {card.owner}'s discard pile")


def draw(game: Table, player: str, count: int = 1, *, rule: str) -> None:
    for _ in range(count):
        library = game.state.players[player].library
        if not library:
            game.log.add(rule, f"{player} has no card left to draw")
            return
        card_id = library[0]
        move(game, card_id, Zone.HAND)
        game.log.add(rule, f"{player} draws {label(game, card_id)}")


def discard_from_hand(game: Table, card_id: int, *, rule: str) -> None:
    card = game.state.cards[card_id]
    move(game, card_id, Zone.DISCARD)
    game.log.add(rule, f"{card.owner} discards {label(game, card_id)}")
    emit(
        game,
        Event(EventKind.DISCARDED_FROM_HAND, card=card_id, player=card.owner),
        last_known=CardView.printed(card),
    )


def recover(game: Table, card_id: int, *, rule: str = "tm_4_1") -> None:
    """Untap a deployed card and trigger its 'When ~ recovers' abilities (rule 4.1)."""
    st = game.state
    card = st.cards[card_id]
    if card.where is not Zone.BATTLEFIELD:
        game.log.add(
            "tm_4_1_1_1",
            f"{label(game, card_id)} is in the {card.where}, not deployed, so it cannot recover "
            "(rule 4.1.1): nothing happens",
        )
        return
    view = current_views(game)[card_id]
    if "doesn't recover" in view.flags:
        game.log.add(
            Layer.OTHER.rule,
            f"{label(game, card_id)} doesn't recover: an effect in the 'other' layer says so",
        )
        return
    how = "untaps" if card.tapped else "already untapped"
    card.tapped = False
    game.log.add(rule, f"{label(game, card_id)} recovers ({how})")
    emit(game, Event(EventKind.RECOVERS, card=card_id, player=view.controller))


def deal_damage(game: Table, source_id: int, target_id: int, amount: int) -> None:
    """An agent dealt damage loses that much health (rule 5.6.2)."""
    target = game.state.cards[target_id]
    if target.where is not Zone.BATTLEFIELD or target.definition.type is not CardType.AGENT:
        game.log.add("tm_5_6_2", f"{label(game, target_id)} is not an agent in play: no damage")
        return
    assert target.health is not None
    target.health -= amount
    game.log.add(
        "tm_5_6_2",
        f"{label(game, source_id)} deals {amount} damage to {label(game, target_id)}: "
        f"it loses {amount} health",
    )


def heal(game: Table, target_id: int, amount: int) -> None:
    """Restore health, never above the health written on the card (rule 5.6.3)."""
    target = game.state.cards[target_id]
    printed = target.definition.health
    # only a card aimed at an agent heals, and it does nothing once its target has left
    # play (rule 3.4.5, :func:`~rulesref.games.technomancy.procedures.priority.resolve_top`)
    assert target.where is Zone.BATTLEFIELD and target.health is not None and printed is not None
    before = target.health
    target.health = min(printed, before + amount)
    game.log.add(
        "tm_5_6_3",
        f"{label(game, target_id)} regains {target.health - before} of {amount} health "
        f"(its maximum is its printed health, {printed})",
    )


def tap(game: Table, card_id: int) -> None:
    game.state.cards[card_id].tapped = True


def add_scrip(game: Table, player: str, kind: Scrip, amount: int, *, rule: str) -> None:
    p = game.state.players[player]
    p.scrip = p.scrip + Scrips.of({kind: amount})
    game.log.add(rule, f"{player} adds {amount} {kind} to their scrip pool")


def create_card(game: Table, creator: str, name: str) -> None:
    """A card created during the game is owned by its creator (rule 5.2.1)."""
    card = new_card(game, name, creator, Zone.OUTSIDE, created=True)
    game.log.add("tm_5_2_1", f"{creator} creates {name}; {creator} owns it")
    enter_battlefield(game, card.id, creator, rule="tm_5_2_1")


def add_effect(
    game: Table,
    *,
    source: int,
    affected: int,
    layer: Layer,
    text: str,
    modify: Callable[[CardView], None],
    until_end_of_turn: bool = True,
) -> None:
    """Start a continuous effect; it gets the next timestamp (rule 6.1)."""
    st = game.state
    # cards start effects on their target, which resolve_top has found still in play
    assert st.cards[affected].where is Zone.BATTLEFIELD
    effect = ContinuousEffect(
        text=text,
        layer=layer,
        timestamp=st.tick(),
        source=source,
        affected=affected,
        modify=modify,
        until_end_of_turn=until_end_of_turn,
    )
    st.effects.append(effect)
    game.log.add(
        "tm_6_1",
        f"{label(game, source)}'s effect on {label(game, affected)} ({text}) "
        f"gets timestamp {effect.timestamp}",
    )


def add_player_effect(game: Table, player: str, kind: PlayerRuleKind, *, source: int) -> None:
    st = game.state
    effect = PlayerEffect(text=f"{player} {kind}", player=player, kind=kind, timestamp=st.tick())
    st.player_effects.append(effect)
    game.log.add("tm_0_1", f"{label(game, source)} instructs: {effect.text}")


def grant_extra_turn(game: Table, player: str, *, source: int) -> None:
    game.state.extra_turns.append(player)
    game.log.add(
        "tm_1_3_2", f"{label(game, source)}: {player} will take an extra turn after this one"
    )


def emit(game: Table, event: Event, *, last_known: CardView | None = None) -> None:
    """Collect the triggered abilities that wait for this event; they go on the stack
    the next time a player would receive priority (rule 3.4.3.2)."""
    views = list(current_views(game).values())
    if last_known is not None and all(v.card_id != last_known.card_id for v in views):
        views.append(last_known)
    for view in views:
        for ability in view.abilities:
            if (
                isinstance(ability, TriggeredAbility)
                and ability.event is event.kind
                and ability.condition(view, event)
            ):
                name = label(game, view.card_id)
                game.state.pending.append(
                    PendingTrigger(view.card_id, name, view.controller, ability, event)
                )
                game.log.add(event.kind.rule, f'{name} triggers: "{ability.text}"')
