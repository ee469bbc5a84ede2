"""What the invented cards do: small builders of effects, shared by every card family.

Each card family (agents, buildings, quickhacks, programs) lives in its own module and
names its effects with these, so a card reads as its cost, its numbers and what it does.
"""

from __future__ import annotations

from collections.abc import Callable

from rulesref.games.technomancy.procedures import actions
from rulesref.games.technomancy.procedures.layers import current_views
from rulesref.games.technomancy.state.abilities import (
    Event,
    PlayerRuleKind,
    Resolving,
    ScripAbility,
)
from rulesref.games.technomancy.state.effects import CardView, Layer
from rulesref.games.technomancy.state.objects import CardDefinition, CardType
from rulesref.games.technomancy.state.scrip import Scrip, Scrips
from rulesref.games.technomancy.state.table import Table

AGENT, BUILDING, PROGRAM, QUICKHACK = (
    CardType.AGENT,
    CardType.BUILDING,
    CardType.PROGRAM,
    CardType.QUICKHACK,
)


def target(r: Resolving) -> int:
    assert r.target is not None, "a targeted effect always has its target"
    return r.target


# --- small effect builders -------------------------------------------------------------


def deal(amount: int) -> Callable[[Table, Resolving], None]:
    def resolve(game: Table, r: Resolving) -> None:
        actions.deal_damage(game, r.source, target(r), amount)

    return resolve


def until_end_of_turn(
    layer: Layer, text: str, modify: Callable[[CardView], None]
) -> Callable[[Table, Resolving], None]:
    def resolve(game: Table, r: Resolving) -> None:
        actions.add_effect(
            game, source=r.source, affected=target(r), layer=layer, text=text, modify=modify
        )

    return resolve


def add_damage(n: int) -> Callable[[CardView], None]:
    def modify(v: CardView) -> None:
        assert v.damage is not None
        v.damage += n

    return modify


def set_damage(n: int) -> Callable[[CardView], None]:
    def modify(v: CardView) -> None:
        v.damage = n

    return modify


def add_health(n: int) -> Callable[[CardView], None]:
    def modify(v: CardView) -> None:
        assert v.health is not None
        v.health += n

    return modify


def lose_abilities(v: CardView) -> None:
    v.abilities = ()


def become_corp5(v: CardView) -> None:
    v.factions = frozenset({Scrip.CORP5})


def no_recovery(v: CardView) -> None:
    v.flags.add("doesn't recover")


def gain_control(game: Table, r: Resolving) -> None:
    player = r.controller

    def modify(v: CardView) -> None:
        v.controller = player

    actions.add_effect(
        game,
        source=r.source,
        affected=target(r),
        layer=Layer.CONTROL,
        text=f"{player} controls it",
        modify=modify,
    )


def yours(source: CardView, event: Event) -> bool:
    return event.player == source.controller


def itself(source: CardView, event: Event) -> bool:
    return event.card == source.card_id


def add_scrip(kind: Scrip) -> Callable[[Table, Resolving], None]:
    def resolve(game: Table, r: Resolving) -> None:
        actions.add_scrip(game, r.controller, kind, 1, rule="tm_3_4_5")

    return resolve


def draw(n: int) -> Callable[[Table, Resolving], None]:
    def resolve(game: Table, r: Resolving) -> None:
        actions.draw(game, r.controller, n, rule="tm_3_4_5")

    return resolve


def reboot(game: Table, r: Resolving) -> None:
    actions.recover(game, target(r))


def patch_job(game: Table, r: Resolving) -> None:
    actions.heal(game, target(r), 3)


def samurai_strike(game: Table, r: Resolving) -> None:
    view = current_views(game).get(r.source)
    amount = view.damage if view is not None else game.state.cards[r.source].definition.damage
    actions.deal_damage(game, r.source, target(r), amount or 0)


def recover_your_agents(game: Table, r: Resolving) -> None:
    for view in list(current_views(game).values()):
        if view.type is AGENT and view.controller == r.controller:
            actions.recover(game, view.card_id)


def volatile_blast(game: Table, r: Resolving) -> None:
    for view in list(current_views(game).values()):
        if view.type is AGENT:
            actions.deal_damage(game, r.source, view.card_id, 1)


def time_dilation(game: Table, r: Resolving) -> None:
    actions.grant_extra_turn(game, r.controller, source=r.source)


def drone_swarm(game: Table, r: Resolving) -> None:
    for _ in range(2):
        actions.create_card(game, r.controller, "Drone")


def urban_sprawl(game: Table, r: Resolving) -> None:
    actions.add_player_effect(game, r.controller, PlayerRuleKind.EXTRA_BUILDING, source=r.source)


def relay(kind: Scrip) -> CardDefinition:
    n = kind.value[-1]
    return CardDefinition(
        f"Corp{n} Relay", BUILDING, text=f"Tap: add one {kind}.", abilities=(ScripAbility(kind),)
    )


def cost(**kinds: int) -> Scrips:
    return Scrips.of(**kinds)
