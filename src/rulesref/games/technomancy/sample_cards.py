"""Invented cards for the scenarios: each one exists to exercise a rule.

Names say what the cards do. "Corp1 Relay" … "Corp5 Relay" are free, factionless Buildings
that tap for one scrip of their kind, the way the rest of the cards get paid for.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from rulesref.games.technomancy import actions
from rulesref.games.technomancy.abilities import (
    ActivatedAbility,
    CostModifier,
    Event,
    EventKind,
    PlayerRule,
    PlayerRuleKind,
    Resolving,
    ScripAbility,
    StaticAbility,
    TriggeredAbility,
)
from rulesref.games.technomancy.cards import CardDefinition, CardType
from rulesref.games.technomancy.catalog import CardCatalog
from rulesref.games.technomancy.layers import CardView, Layer
from rulesref.games.technomancy.scrip import Scrip, Scrips

if TYPE_CHECKING:
    from rulesref.games.technomancy.game import Game

AGENT, BUILDING, PROGRAM, QUICKHACK = (
    CardType.AGENT,
    CardType.BUILDING,
    CardType.PROGRAM,
    CardType.QUICKHACK,
)


def _target(r: Resolving) -> int:
    assert r.target is not None, "a targeted effect always has its target"
    return r.target


# --- small effect builders -------------------------------------------------------------


def _deal(amount: int) -> Callable[[Game, Resolving], None]:
    def resolve(game: Game, r: Resolving) -> None:
        actions.deal_damage(game, r.source, _target(r), amount)

    return resolve


def _until_end_of_turn(
    layer: Layer, text: str, modify: Callable[[CardView], None]
) -> Callable[[Game, Resolving], None]:
    def resolve(game: Game, r: Resolving) -> None:
        actions.add_effect(
            game, source=r.source, affected=_target(r), layer=layer, text=text, modify=modify
        )

    return resolve


def _add_damage(n: int) -> Callable[[CardView], None]:
    def modify(v: CardView) -> None:
        assert v.damage is not None
        v.damage += n

    return modify


def _set_damage(n: int) -> Callable[[CardView], None]:
    def modify(v: CardView) -> None:
        v.damage = n

    return modify


def _add_health(n: int) -> Callable[[CardView], None]:
    def modify(v: CardView) -> None:
        assert v.health is not None
        v.health += n

    return modify


def _lose_abilities(v: CardView) -> None:
    v.abilities = ()


def _become_corp5(v: CardView) -> None:
    v.factions = frozenset({Scrip.CORP5})


def _no_recovery(v: CardView) -> None:
    v.flags.add("doesn't recover")


def _gain_control(game: Game, r: Resolving) -> None:
    player = r.controller

    def modify(v: CardView) -> None:
        v.controller = player

    actions.add_effect(
        game,
        source=r.source,
        affected=_target(r),
        layer=Layer.CONTROL,
        text=f"{player} controls it",
        modify=modify,
    )


def _yours(source: CardView, event: Event) -> bool:
    return event.player == source.controller


def _itself(source: CardView, event: Event) -> bool:
    return event.card == source.card_id


def _add_scrip(kind: Scrip) -> Callable[[Game, Resolving], None]:
    def resolve(game: Game, r: Resolving) -> None:
        actions.add_scrip(game, r.controller, kind, 1, rule="tm_3_4_5")

    return resolve


def _draw(n: int) -> Callable[[Game, Resolving], None]:
    def resolve(game: Game, r: Resolving) -> None:
        actions.draw(game, r.controller, n, rule="tm_3_4_5")

    return resolve


def _reboot(game: Game, r: Resolving) -> None:
    actions.recover(game, _target(r))


def _patch_job(game: Game, r: Resolving) -> None:
    actions.heal(game, _target(r), 3)


def _samurai_strike(game: Game, r: Resolving) -> None:
    view = game.current_views().get(r.source)
    amount = view.damage if view is not None else game.state.cards[r.source].definition.damage
    actions.deal_damage(game, r.source, _target(r), amount or 0)


def _recover_your_agents(game: Game, r: Resolving) -> None:
    for view in list(game.current_views().values()):
        if view.type is AGENT and view.controller == r.controller:
            actions.recover(game, view.card_id)


def _volatile_blast(game: Game, r: Resolving) -> None:
    for view in list(game.current_views().values()):
        if view.type is AGENT:
            actions.deal_damage(game, r.source, view.card_id, 1)


def _time_dilation(game: Game, r: Resolving) -> None:
    actions.grant_extra_turn(game, r.controller, source=r.source)


def _drone_swarm(game: Game, r: Resolving) -> None:
    for _ in range(2):
        actions.create_card(game, r.controller, "Drone")


def _urban_sprawl(game: Game, r: Resolving) -> None:
    actions.add_player_effect(game, r.controller, PlayerRuleKind.EXTRA_BUILDING, source=r.source)


def _relay(kind: Scrip) -> CardDefinition:
    n = kind.value[-1]
    return CardDefinition(
        f"Corp{n} Relay", BUILDING, text=f"Tap: add one {kind}.", abilities=(ScripAbility(kind),)
    )


def _c(**kinds: int) -> Scrips:
    return Scrips.of(**kinds)


#: The cards the engine knows, by title: what scenarios may put in hands, decks and play.
SAMPLE_CARDS = CardCatalog(
    [
        *(_relay(kind) for kind in Scrip),
        # --- Agents
        CardDefinition(
            "Street Samurai",
            AGENT,
            _c(CORP1=2),
            damage=3,
            health=3,
            text="Tap: Street Samurai deals damage equal to its damage to target agent.",
            abilities=(
                ActivatedAbility(
                    "Tap: deal damage equal to this agent's damage to target agent.",
                    _samurai_strike,
                    target="agent",
                ),
            ),
        ),
        CardDefinition("Netrunner Kid", AGENT, _c(CORP2=1), damage=1, health=2),
        CardDefinition(
            "Netwatch Agent",
            AGENT,
            _c(CORP2=1, CORP4=1),
            damage=2,
            health=4,
            text="When Netwatch Agent recovers, draw a card.",
            abilities=(
                TriggeredAbility(
                    "When Netwatch Agent recovers, draw a card.",
                    EventKind.RECOVERS,
                    _draw(1),
                    _itself,
                ),
            ),
        ),
        CardDefinition(
            "Squad Leader",
            AGENT,
            _c(CORP1=1, CORP2=1),
            damage=1,
            health=2,
            text="Other agents you control get +1 health.",
            abilities=(
                StaticAbility(
                    "Other agents you control get +1 health.",
                    Layer.POWER_HEALTH,
                    lambda src, v: (
                        v.type is AGENT
                        and v.card_id != src.card_id
                        and v.controller == src.controller
                    ),
                    _add_health(1),
                ),
            ),
        ),
        CardDefinition(
            "Ripperdoc",
            AGENT,
            _c(CORP3=1),
            damage=1,
            health=2,
            text="Agents you play cost one CORP1 less.",
            abilities=(
                CostModifier(
                    "Agents you play cost one CORP1 less.",
                    "reduction",
                    _c(CORP1=1),
                    lambda src, player, d: d.type is AGENT and player == src.controller,
                ),
            ),
        ),
        CardDefinition(
            "Volatile Drone",
            AGENT,
            _c(CORP5=1),
            damage=1,
            health=1,
            text="When Volatile Drone dies, it deals 1 damage to each agent.",
            abilities=(
                TriggeredAbility(
                    "When Volatile Drone dies, it deals 1 damage to each agent.",
                    EventKind.DIES,
                    _volatile_blast,
                    _itself,
                ),
            ),
        ),
        CardDefinition("Drone", AGENT, damage=1, health=1, created_only=True),
        # --- Buildings
        CardDefinition(
            "Feedback Grid",
            BUILDING,
            _c(CORP5=1),
            text="While an ability is on the stack, agents get -1 health.",
            abilities=(
                StaticAbility(
                    "While an ability is on the stack, agents get -1 health.",
                    Layer.POWER_HEALTH,
                    lambda src, v: v.type is AGENT and v.abilities_on_stack > 0,
                    _add_health(-1),
                ),
            ),
        ),
        CardDefinition(
            "Black Wall",
            BUILDING,
            _c(CORP4=1),
            text="Quickhacks your opponents play cost one additional CORP4.",
            abilities=(
                CostModifier(
                    "Quickhacks your opponents play cost one additional CORP4.",
                    "additional",
                    _c(CORP4=1),
                    lambda src, player, d: d.type is QUICKHACK and player != src.controller,
                ),
            ),
        ),
        CardDefinition(
            "Zoning Board",
            BUILDING,
            _c(CORP2=1),
            text="Players can't play more than one Building each turn.",
            abilities=(
                PlayerRule(
                    "Players can't play more than one Building each turn.",
                    PlayerRuleKind.ONE_BUILDING_LIMIT,
                    lambda src, player: True,
                ),
            ),
        ),
        CardDefinition(
            "Cryo Vault",
            BUILDING,
            _c(CORP3=1),
            text="Agents your opponents control don't recover.",
            abilities=(
                StaticAbility(
                    "Agents your opponents control don't recover.",
                    Layer.OTHER,
                    lambda src, v: v.type is AGENT and v.controller != src.controller,
                    _no_recovery,
                ),
            ),
        ),
        CardDefinition(
            "Zeta Rally",
            BUILDING,
            _c(CORP5=1),
            text="CORP5 agents get +1 damage.",
            abilities=(
                StaticAbility(
                    "CORP5 agents get +1 damage.",
                    Layer.POWER_HEALTH,
                    lambda src, v: v.type is AGENT and Scrip.CORP5 in v.factions,
                    _add_damage(1),
                ),
            ),
        ),
        CardDefinition(
            "Cloud Server",
            BUILDING,
            _c(CORP5=1),
            text="At the beginning of your turn, add one CORP5 to your scrip pool.",
            abilities=(
                TriggeredAbility(
                    "At the beginning of your turn, add one CORP5 to your scrip pool.",
                    EventKind.BEGINNING_OF_TURN,
                    _add_scrip(Scrip.CORP5),
                    _yours,
                ),
            ),
        ),
        CardDefinition(
            "Newsfeed",
            BUILDING,
            _c(CORP1=1),
            text="At the beginning of your draw phase, draw a card.",
            abilities=(
                TriggeredAbility(
                    "At the beginning of your draw phase, draw a card.",
                    EventKind.BEGINNING_OF_DRAW_PHASE,
                    _draw(1),
                    _yours,
                ),
            ),
        ),
        CardDefinition(
            "Ops Center",
            BUILDING,
            _c(CORP3=1),
            text="At the beginning of your main phase, add one CORP3 to your scrip pool.",
            abilities=(
                TriggeredAbility(
                    "At the beginning of your main phase, add one CORP3 to your scrip pool.",
                    EventKind.BEGINNING_OF_MAIN_PHASE,
                    _add_scrip(Scrip.CORP3),
                    _yours,
                ),
            ),
        ),
        CardDefinition(
            "Night Shift",
            BUILDING,
            _c(CORP2=1),
            text="At the end of your turn, recover each agent you control.",
            abilities=(
                TriggeredAbility(
                    "At the end of your turn, recover each agent you control.",
                    EventKind.END_OF_TURN,
                    _recover_your_agents,
                    _yours,
                ),
            ),
        ),
        # --- Quickhacks
        CardDefinition(
            "Short Circuit",
            QUICKHACK,
            _c(CORP1=1),
            text="Deal 2 damage to target agent.",
            target="agent",
            resolve=_deal(2),
        ),
        CardDefinition(
            "Nanoweave",
            QUICKHACK,
            _c(CORP2=1),
            text="Target agent gets +2 health until end of turn.",
            target="agent",
            resolve=_until_end_of_turn(Layer.POWER_HEALTH, "+2 health", _add_health(2)),
        ),
        CardDefinition(
            "Patch Job",
            QUICKHACK,
            _c(CORP2=1),
            text="Target agent regains 3 health.",
            target="agent",
            resolve=_patch_job,
        ),
        CardDefinition(
            "Reboot",
            QUICKHACK,
            _c(CORP3=1),
            text="Target card recovers.",
            target="card",
            resolve=_reboot,
        ),
        CardDefinition(
            "Overclock",
            QUICKHACK,
            _c(CORP1=1),
            text="Target agent gets +2 damage until end of turn.",
            target="agent",
            resolve=_until_end_of_turn(Layer.POWER_HEALTH, "+2 damage", _add_damage(2)),
        ),
        CardDefinition(
            "Dampener",
            QUICKHACK,
            _c(CORP4=1),
            text="Target agent's damage becomes 0 until end of turn.",
            target="agent",
            resolve=_until_end_of_turn(Layer.POWER_HEALTH, "damage becomes 0", _set_damage(0)),
        ),
        CardDefinition(
            "Hijack",
            QUICKHACK,
            _c(CORP4=2),
            level=2,
            text="Gain control of target agent until end of turn.",
            target="agent",
            resolve=_gain_control,
        ),
        CardDefinition(
            "Ghost Protocol",
            QUICKHACK,
            _c(CORP5=1),
            level=2,
            text="Target agent loses all abilities until end of turn.",
            target="agent",
            resolve=_until_end_of_turn(
                Layer.CARD_PROPERTIES, "loses all abilities", _lose_abilities
            ),
        ),
        CardDefinition(
            "Defector",
            QUICKHACK,
            _c(CORP5=1),
            text="Target agent's faction becomes CORP5 until end of turn.",
            target="agent",
            resolve=_until_end_of_turn(Layer.ALLEGIANCE, "faction becomes CORP5", _become_corp5),
        ),
        CardDefinition(
            "Dead Drop",
            QUICKHACK,
            _c(CORP3=1),
            text="Deal 1 damage to target agent. When Dead Drop is discarded from your hand, "
            "add one CORP3 to your scrip pool.",
            target="agent",
            resolve=_deal(1),
            abilities=(
                TriggeredAbility(
                    "When Dead Drop is discarded from your hand, add one CORP3 to your scrip pool.",
                    EventKind.DISCARDED_FROM_HAND,
                    _add_scrip(Scrip.CORP3),
                    _itself,
                ),
            ),
        ),
        # --- Programs
        CardDefinition(
            "Data Mine", PROGRAM, _c(CORP1=1, CORP3=1), text="Draw two cards.", resolve=_draw(2)
        ),
        CardDefinition(
            "Time Dilation",
            PROGRAM,
            _c(CORP3=2),
            level=3,
            text="Take an extra turn after this one.",
            resolve=_time_dilation,
        ),
        CardDefinition(
            "Drone Swarm",
            PROGRAM,
            _c(CORP5=1),
            level=2,
            text="Create two Drones (1 damage, 1 health agents).",
            resolve=_drone_swarm,
        ),
        CardDefinition(
            "Urban Sprawl",
            PROGRAM,
            _c(CORP2=1),
            text="You may play an additional Building this turn.",
            resolve=_urban_sprawl,
        ),
    ]
)

#: A legal Matrix-mode deck of level 1 cards: 50 cards, no more than four copies of any.
STARTER_DECK: tuple[str, ...] = (
    *("Corp1 Relay", "Corp2 Relay", "Corp3 Relay") * 4,
    *("Street Samurai", "Netrunner Kid", "Netwatch Agent", "Squad Leader") * 4,
    *("Short Circuit", "Nanoweave", "Patch Job", "Reboot", "Data Mine") * 4,
    "Overclock",
    "Dampener",
)
