"""Setting a game up: a real start from decks (rules 1.1-1.5) or a scenario's position.

:func:`start` follows the rules' setup: agree a mode, fix turn order, check deck levels,
choose the starting player at random.  :func:`given` builds a position in the middle of a
turn from plain data, read with the kernel's board-description reader
(:mod:`rulesref.engine.setup`), so a misspelt key or card state is refused, not ignored.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypedDict, TypeVar

from rulesref.engine.errors import BadSetup
from rulesref.engine.log import Log
from rulesref.engine.objects import ObjectIds
from rulesref.engine.setup import check_keys, count, parse_entry, titles
from rulesref.games.technomancy.errors import IllegalAction
from rulesref.games.technomancy.procedures import actions, turns
from rulesref.games.technomancy.rules import technomancy_log
from rulesref.games.technomancy.state.catalog import CardCatalog
from rulesref.games.technomancy.state.game_state import (
    PLAYER_ZONES,
    GameState,
    PlayerState,
    build_zones,
)
from rulesref.games.technomancy.state.modes import GameMode, deck_level
from rulesref.games.technomancy.state.objects import Zone
from rulesref.games.technomancy.state.phases import Phase
from rulesref.games.technomancy.state.scrip import Scrips
from rulesref.games.technomancy.state.table import Table

#: Builds the game object around its state (the facade's constructor).
G = TypeVar("G", bound=Table)


class PlayerSetup(TypedDict, total=False):
    """One player's corner of :meth:`Game.given`. Battlefield entries may carry state in
    brackets: ``"Street Samurai (tapped, health 1)"``. Libraries are listed top first."""

    hand: list[str]
    battlefield: list[str]
    library: list[str]
    discard: list[str]
    health: int
    scrip: dict[str, int]


SETUP_KEYS = frozenset(PlayerSetup.__annotations__)


def new_state(names: Sequence[str], mode: GameMode, seed: int) -> GameState:
    ids = ObjectIds()
    zones = build_zones(list(names), ids)
    return GameState(
        mode=mode,
        seats=list(names),
        players={
            n: PlayerState(
                name=n,
                health=mode.starting_health,
                hand_size=mode.hand_size,
                zones={kind: zones.get(kind, n) for kind in PLAYER_ZONES},
            )
            for n in names
        },
        rng=random.Random(seed),
        zones=zones,
        ids=ids,
    )


def start(
    make: Callable[[GameState, CardCatalog, Log], G],
    decks: Mapping[str, Sequence[str]],
    *,
    seed: int,
    mode: GameMode,
    max_deck_level: int | None,
    catalog: CardCatalog,
) -> G:
    """Start a game from decks, the players listed in their agreed clockwise order."""
    names = list(decks)
    if len(names) < 2:
        raise IllegalAction(f"a game needs at least two players, not {len(names)}", "tm_1_1")
    for name in names:
        mode.check_deck(name, decks[name], catalog)
    state = new_state(names, mode, seed)
    game = make(state, catalog, technomancy_log())
    game.log.add("tm_1_4", f"the players agree on {mode.name} mode and apply its rules")
    game.log.add(
        "tm_1_3_1", "turn order, agreed before the game: " + " → ".join(names) + " (clockwise)"
    )
    game.log.add(
        mode.starting_health_rule, f"each player starts with {mode.starting_health} health"
    )
    for name in names:
        for card_name in decks[name]:
            actions.new_card(game, card_name, name, Zone.LIBRARY)
        state.rng.shuffle(state.players[name].zones[Zone.LIBRARY].cards)
    if max_deck_level is not None:
        game.log.add("tm_1_5", f"the maximum deck level is {max_deck_level}")
        for name in names:
            level = deck_level(decks[name], catalog)
            if level > max_deck_level:
                state.players[name].lost = True
                game.log.add(
                    "tm_1_5_1",
                    f"{name}'s deck level {level} is higher than {max_deck_level}: "
                    f"{name} loses the game",
                )
    remaining = state.in_turn_order
    if len(remaining) == 1:
        state.winner = remaining[0]
        game.log.add("tm_1_1", f"only {state.winner} is left, so {state.winner} wins")
        return game
    if not remaining:
        return game
    starting = state.rng.choice(remaining)
    game.log.add("tm_1_2_1", f"the starting player is drawn at random (seed {seed})")
    turns.start_turn(game, starting, rule="tm_1_2", why="chosen at random to start")
    return game


def given(
    make: Callable[[GameState, CardCatalog, Log], G],
    *,
    players: Sequence[str],
    active: str | None,
    phase: str | Phase,
    seed: int,
    mode: GameMode,
    catalog: CardCatalog,
    setup: Mapping[str, PlayerSetup],
) -> G:
    """A position at the start of ``phase`` in ``active``'s turn."""
    names = [*players, *(n for n in setup if n not in players)]
    if active is not None and active not in names:
        raise BadSetup(f"active: {active!r} is not one of the players {names}", "active")
    state = new_state(names, mode, seed)
    game = make(state, catalog, technomancy_log())
    for name in names:
        _set_up_player(game, name, setup.get(name, PlayerSetup()))
    turns.start_turn(
        game, active or names[0], rule="tm_1_3", why="given", first_phase=Phase.named(phase)
    )
    return game


def _set_up_player(game: Table, name: str, setup: Mapping[str, Any]) -> None:
    if not isinstance(setup, Mapping):
        raise BadSetup(f"{name}: a player's setup is a mapping of keys, not {setup!r}", name)
    check_keys(name, setup, SETUP_KEYS)
    p = game.state.players[name]
    for zone, key in ((Zone.LIBRARY, "library"), (Zone.HAND, "hand"), (Zone.DISCARD, "discard")):
        for card_name in titles(setup.get(key, []), f"{name}.{key}"):
            _known(game, card_name, f"{name}.{key}")
            actions.new_card(game, card_name, name, zone)
    for text in titles(setup.get("battlefield", []), f"{name}.battlefield"):
        entry = parse_entry(text, flags={"tapped"}, numbers={"health"}, key=f"{name}.battlefield")
        _known(game, entry.title, f"{name}.battlefield")
        card = actions.new_card(game, entry.title, name, Zone.BATTLEFIELD)
        card.timestamp = game.state.tick()
        card.tapped = "tapped" in entry.flags
        card.health = entry.numbers.get("health", card.definition.health)
    if "health" in setup:
        p.health = count(setup, "health", p.health)
    scrip = setup.get("scrip", {})
    if not isinstance(scrip, Mapping):
        raise BadSetup(f"{name}.scrip maps scrip kinds to amounts, not {scrip!r}", "scrip")
    try:
        p.scrip = Scrips.of(scrip)
    except (KeyError, TypeError, ValueError) as error:
        raise BadSetup(f"{name}.scrip: {error}", "scrip") from None


def _known(game: Table, card_name: str, key: str) -> None:
    if card_name not in game.catalog:
        raise BadSetup(f"{key}: no card named {card_name!r} in this game's catalog", key)
