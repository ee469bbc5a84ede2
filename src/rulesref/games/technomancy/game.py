"""The Technomancy game: how to set one up, what you can ask it, what players can do.

Scenarios drive a game only through this class. The procedures it calls live in modules
named after the rules they implement (``turns``, ``priority``, ``playing``, ``actions``).
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TypedDict

from rulesref.games.technomancy import actions, playing, priority, turns
from rulesref.games.technomancy.cards import Card, CardType, Zone, faction_label
from rulesref.games.technomancy.catalog import CardCatalog
from rulesref.games.technomancy.errors import IllegalAction
from rulesref.games.technomancy.layers import Application, CardView, compute_views
from rulesref.games.technomancy.log import Log
from rulesref.games.technomancy.modes import MATRIX, GameMode, deck_level
from rulesref.games.technomancy.phases import Phase
from rulesref.games.technomancy.sample_cards import SAMPLE_CARDS
from rulesref.games.technomancy.scrip import Scrips
from rulesref.games.technomancy.state import Decision, GameState, PlayerState


class PlayerSetup(TypedDict, total=False):
    """One player's corner of :meth:`Game.given`. Battlefield entries may carry state in
    brackets: ``"Street Samurai (tapped, health 1)"``. Libraries are listed top first."""

    hand: list[str]
    battlefield: list[str]
    library: list[str]
    discard: list[str]
    health: int
    scrip: dict[str, int]


@dataclass(frozen=True)
class CardInfo:
    """A card as it is at the moment you asked: printed facts plus its current view."""

    id: int
    name: str
    type: CardType
    owner: str
    controller: str
    zone: Zone
    tapped: bool
    damage: int | None
    health: int | None
    max_health: int | None
    factions: tuple[str, ...]
    cost: Scrips
    scrip_cost: int
    level: int
    created: bool
    abilities: tuple[str, ...]

    @property
    def faction(self) -> str:
        """'CORP2/CORP4', or 'factionless' for a card with no scrip in its cost (5.3.1)."""
        return "/".join(self.factions) if self.factions else "factionless"

    def __repr__(self) -> str:
        who = (
            self.owner
            if self.controller == self.owner
            else (f"{self.owner}, controlled by {self.controller}")
        )
        where = {
            Zone.BATTLEFIELD: "on the battlefield",
            Zone.HAND: "in hand",
            Zone.STACK: "on the stack",
            Zone.LIBRARY: "in the library",
            Zone.DISCARD: "in the discard pile",
            Zone.OUTSIDE: "outside the game",
        }[self.zone]
        parts = [f"{self.type} {where}"]
        if self.zone is Zone.BATTLEFIELD and self.type is CardType.AGENT:
            parts.append(f"damage {self.damage}, health {self.health}")
            if self.health != self.max_health:
                parts[-1] += f" (printed {self.max_health})"
        if self.tapped:
            parts.append("tapped")
        return f"<{self.name} ({who}): {', '.join(parts)}>"


CardRef = str | CardInfo


class Game:
    """A game of Technomancy. Build one with :meth:`start` (a real game from decks) or
    :meth:`given` (a position in the middle of a turn, for a scenario)."""

    def __init__(self, state: GameState, catalog: CardCatalog, log: Log) -> None:
        self.state = state
        self.catalog = catalog
        self.log = log

    # ----------------------------------------------------------------- setting up

    @classmethod
    def start(
        cls,
        decks: Mapping[str, Sequence[str]],
        *,
        seed: int,
        mode: GameMode = MATRIX,
        max_deck_level: int | None = None,
        catalog: CardCatalog = SAMPLE_CARDS,
    ) -> Game:
        """Start a game. ``decks`` lists the players in their agreed, clockwise turn order.

        The rulebook gives no opening hand, so none is drawn: each player's first card comes
        in their first draw phase. Libraries are shuffled with the same seeded generator that
        picks the starting player, so a seed fixes the whole game.
        """
        names = list(decks)
        if len(names) < 2:
            raise IllegalAction(f"a game needs at least two players, not {len(names)}", "tm_1_1")
        for name in names:
            mode.check_deck(name, decks[name], catalog)
        state = _new_state(names, mode, seed)
        game = cls(state, catalog, Log())
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
            state.rng.shuffle(state.players[name].library)
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

    @classmethod
    def given(
        cls,
        *,
        players: Sequence[str] = ("Ada", "Bo"),
        active: str | None = None,
        phase: str | Phase = Phase.MAIN,
        seed: int = 0,
        mode: GameMode = MATRIX,
        catalog: CardCatalog = SAMPLE_CARDS,
        **setup: PlayerSetup,
    ) -> Game:
        """A game at the start of ``phase`` in ``active``'s turn (default: the first player's),
        with each player's cards as described, e.g. ``Ada={"hand": ["Short Circuit"]}``."""
        names = [*players, *(n for n in setup if n not in players)]
        state = _new_state(names, mode, seed)
        game = cls(state, catalog, Log())
        for name in names:
            game._set_up_player(name, setup.get(name, PlayerSetup()))
        first = Phase.named(phase)
        turns.start_turn(
            game,
            active or names[0],
            rule="tm_1_3",
            why="given",
            first_phase=first,
        )
        return game

    def _set_up_player(self, name: str, setup: PlayerSetup) -> None:
        p = self.state.players[name]
        for zone, names in (
            (Zone.LIBRARY, setup.get("library", [])),
            (Zone.HAND, setup.get("hand", [])),
            (Zone.DISCARD, setup.get("discard", [])),
        ):
            for card_name in names:
                actions.new_card(self, card_name, name, zone)
        for entry in setup.get("battlefield", []):
            card_name, tapped, health = _parse_battlefield_entry(entry)
            card = actions.new_card(self, card_name, name, Zone.BATTLEFIELD)
            card.timestamp = self.state.tick()
            card.tapped = tapped
            card.health = health if health is not None else card.definition.health
        if "health" in setup:
            p.health = setup["health"]
        p.scrip = Scrips.of(setup.get("scrip", {}))

    # ----------------------------------------------------------------- asking

    @property
    def players(self) -> tuple[str, ...]:
        """Players still in the game, in turn order."""
        return tuple(self.state.in_turn_order)

    @property
    def active_player(self) -> str:
        return self.state.active

    @property
    def non_active_players(self) -> tuple[str, ...]:
        return tuple(p for p in self.players if p != self.state.active)

    @property
    def phase(self) -> Phase:
        return self.state.phase

    @property
    def turn(self) -> int:
        return self.state.turn

    @property
    def priority(self) -> str | None:
        """Who may act now; None when nobody has priority (recovery, most cleanups)."""
        return self.state.priority

    @property
    def stack(self) -> tuple[str, ...]:
        """What is on the stack, top first (the top takes effect first)."""
        return tuple(item.description for item in reversed(self.state.stack))

    @property
    def awaiting(self) -> Decision | None:
        return self.state.awaiting

    @property
    def winner(self) -> str | None:
        return self.state.winner

    @property
    def losers(self) -> tuple[str, ...]:
        return tuple(p for p in self.state.seats if self.state.players[p].lost)

    def health(self, player: str) -> int:
        return self.state.players[player].health

    def max_hand_size(self, player: str) -> int:
        return self.state.players[player].hand_size

    def scrip(self, player: str) -> dict[str, int]:
        return self.state.players[player].scrip.as_dict()

    def hand(self, player: str) -> list[str]:
        return [self.state.cards[i].name for i in self.state.players[player].hand]

    def library(self, player: str) -> list[str]:
        """The library, top first."""
        return [self.state.cards[i].name for i in self.state.players[player].library]

    def discard_pile(self, player: str) -> list[str]:
        return [self.state.cards[i].name for i in self.state.players[player].discard]

    def battlefield(self, player: str) -> list[str]:
        """The cards on the battlefield that ``player`` controls now (after control effects)."""
        return [v.name for v in self.current_views().values() if v.controller == player]

    def card(
        self,
        name: str,
        *,
        owner: str | None = None,
        controller: str | None = None,
        zone: str | Zone | None = None,
    ) -> CardInfo:
        """The one card matching; identical copies (same owner, zone) give the first."""
        found = self.cards(name, owner=owner, controller=controller, zone=zone)
        if not found:
            raise LookupError(f"no card {name!r} matches")
        if len({(c.owner, c.controller, c.zone) for c in found}) > 1:
            where = "; ".join(repr(c) for c in found)
            raise LookupError(f"{name!r} is ambiguous: {where} (say owner=, controller= or zone=)")
        return found[0]

    def cards(
        self,
        name: str | None = None,
        *,
        owner: str | None = None,
        controller: str | None = None,
        zone: str | Zone | None = None,
    ) -> list[CardInfo]:
        if name is not None:
            name, owner = _possessive(name, owner)
        views = self.current_views()
        infos = [_info(c, views.get(c.id)) for c in self.state.cards.values()]
        zone_ = Zone(zone) if zone is not None else None
        return [
            i
            for i in infos
            if (name is None or i.name == name)
            and (owner is None or i.owner == owner)
            and (controller is None or i.controller == controller)
            and (zone_ is None or i.zone is zone_)
        ]

    @property
    def effects(self) -> list[str]:
        """Continuous effects from resolved cards, by timestamp (rule 6.1)."""
        return [
            f"t{e.timestamp}: {actions.label(self, e.source)} → "
            f"{actions.label(self, e.affected)}: {e.text} ({e.layer.label})"
            for e in sorted(self.state.effects, key=lambda e: e.timestamp)
        ]

    def explain(self, ref: CardRef) -> str:
        """How a card's current properties came about: each effect, in the order applied."""
        card_id = self._ref(ref)
        record: list[Application] = []
        self.current_views(record)
        name = self.state.cards[card_id].name
        lines = [
            f"[{a.layer.rule}] {a.layer.label}, t{a.timestamp}: {a.source}: {a.text}"
            for a in record
            if a.affected == name
        ]
        if not lines:
            return f"no effect applies to {name}"
        head = f"[tm_6_2_1] effects on {name}, by timestamp within each layer, layers in order"
        return "\n".join([head, *lines])

    def current_views(self, record: list[Application] | None = None) -> dict[int, CardView]:
        """Every battlefield card's properties after all continuous effects (rule 6.2)."""
        st = self.state
        names = {i: actions.label(self, i) for i in st.cards}
        return compute_views((st.cards[i] for i in st.battlefield), st.effects, names, record)

    # ----------------------------------------------------------------- doing

    def play(
        self,
        card: CardRef,
        *,
        by: str | None = None,
        target: CardRef | None = None,
        scrip_from: Sequence[CardRef] = (),
    ) -> None:
        """Play a card from the hand of ``by`` (default: whoever has priority)."""
        player = self._actor(by)
        priority.require_priority(self, player, "play a card")
        card_id = self._ref(card, owner=player, zone=Zone.HAND)
        playing.play_card(
            self,
            player,
            card_id,
            target=self._ref(target) if target is not None else None,
            scrip_from=self._scrip_sources(player, scrip_from),
        )

    def _scrip_sources(self, player: str, refs: Sequence[CardRef]) -> list[int]:
        """Name the same card twice to use two copies; untapped copies are picked first."""
        ids: list[int] = []
        for ref in refs:
            ids.append(self._ref(ref, controller=player, zone=Zone.BATTLEFIELD, exclude=ids))
        return ids

    def activate(
        self, card: CardRef, *, by: str | None = None, target: CardRef | None = None
    ) -> None:
        player = self._actor(by)
        priority.require_priority(self, player, "activate an ability")
        playing.activate(
            self,
            player,
            self._ref(card, controller=player, zone=Zone.BATTLEFIELD),
            target=self._ref(target) if target is not None else None,
        )

    def pass_priority(self, by: str | None = None) -> None:
        priority.pass_priority(self, self._actor(by))

    def pass_all(self) -> None:
        """Everyone passes once in turn, starting with the priority holder: either the top of
        the stack takes effect or, with an empty stack, the phase ends."""
        st = self.state
        if st.priority is None:
            raise IllegalAction("nobody has priority", "tm_3_4")
        for _ in range(len(st.in_turn_order) - st.passes):
            self.pass_priority()

    def advance_to(
        self, phase: str | Phase, *, turn_of: str | None = None, turn: int | None = None
    ) -> None:
        """Pass until ``phase`` (of ``turn_of``'s turn, or of turn number ``turn``) has begun
        and someone has priority. Does nothing if the game is already there."""
        goal = Phase.named(phase)
        for _ in range(500):
            st = self.state
            here = (
                st.phase is goal
                and (turn_of is None or st.active == turn_of)
                and (turn is None or st.turn == turn)
            )
            if here and (st.priority is not None or st.awaiting is not None):
                return
            if st.awaiting is not None:
                raise IllegalAction(f"the game is waiting: {st.awaiting.text}", st.awaiting.rule)
            self.pass_all()
        raise RuntimeError(
            f"did not reach the {goal} phase with a player holding priority "
            "(nobody receives priority in recovery, nor in cleanup unless something triggers)"
        )

    def discard(self, *cards: CardRef, by: str | None = None) -> None:
        """Answer the cleanup discard (rule 3.3.6.2)."""
        decision = self.state.awaiting
        player = by or (decision.player if decision else self.state.active)
        ids: list[int] = []
        for ref in cards:
            ids.append(self._ref(ref, owner=player, zone=Zone.HAND, exclude=ids))
        turns.choose_discards(self, player, ids)

    # ----------------------------------------------------------------- helpers

    def _actor(self, by: str | None) -> str:
        if by is not None:
            return by
        if self.state.priority is None:
            raise IllegalAction(f"nobody has priority in the {self.state.phase} phase", "tm_3_4")
        return self.state.priority

    def _ref(
        self,
        ref: CardRef,
        *,
        owner: str | None = None,
        controller: str | None = None,
        zone: Zone | None = None,
        exclude: Sequence[int] = (),
    ) -> int:
        if isinstance(ref, CardInfo):
            return ref.id
        name, owner = _possessive(ref, owner)
        matches = [
            c
            for c in self.cards(name, owner=owner, controller=controller, zone=zone)
            if c.id not in exclude
        ]
        if not matches and zone is not None and controller is None:
            raise IllegalAction(f"{owner or 'nobody'} has no {name} in {zone}", "tm_3_6_1")
        if not matches:
            raise LookupError(f"no card {ref!r} here")
        if len({(c.owner, c.controller, c.zone) for c in matches}) > 1:
            raise LookupError(f'{ref!r} is ambiguous: say "Bo\'s {name}" or pass game.card(...)')
        return min(matches, key=lambda c: c.tapped).id

    def __repr__(self) -> str:
        st = self.state
        return (
            f"<Technomancy game: turn {st.turn}, {st.active}'s {st.phase} phase, "
            f"priority: {st.priority or 'nobody'}, stack: {len(st.stack)}>"
        )


def _new_state(names: Sequence[str], mode: GameMode, seed: int) -> GameState:
    return GameState(
        mode=mode,
        seats=list(names),
        players={
            n: PlayerState(name=n, health=mode.starting_health, hand_size=mode.hand_size)
            for n in names
        },
        rng=random.Random(seed),
    )


_ENTRY = re.compile(r"^(?P<name>[^()]+?)\s*(?:\((?P<state>[^()]*)\))?$")


def _parse_battlefield_entry(entry: str) -> tuple[str, bool, int | None]:
    m = _ENTRY.match(entry)
    if m is None:
        raise ValueError(f"cannot read battlefield entry {entry!r}")
    tapped, health = False, None
    for part in filter(None, (p.strip() for p in (m["state"] or "").split(","))):
        if part == "tapped":
            tapped = True
        elif part.startswith("health "):
            health = int(part.removeprefix("health "))
        else:
            raise ValueError(f"unknown card state {part!r} in {entry!r}")
    return m["name"], tapped, health


def _possessive(name: str, owner: str | None) -> tuple[str, str | None]:
    """Read "Bo's Street Samurai" as the Street Samurai that Bo owns."""
    m = re.match(r"^(\w+)'s (.+)$", name)
    if m and owner is None:
        return m[2], m[1]
    return name, owner


def _info(card: Card, view: CardView | None) -> CardInfo:
    d = card.definition
    factions = view.factions if view else d.factions
    return CardInfo(
        id=card.id,
        name=card.name,
        type=d.type,
        owner=card.owner,
        controller=view.controller if view else card.controller,
        zone=card.zone,
        tapped=card.tapped,
        damage=view.damage if view else d.damage,
        health=view.health if view else d.health,
        max_health=d.health,
        factions=tuple(sorted(factions)) if faction_label(factions) != "factionless" else (),
        cost=d.cost,
        scrip_cost=d.scrip_cost,
        level=d.level,
        created=card.created,
        abilities=tuple(_ability_text(a) for a in (view.abilities if view else d.abilities)),
    )


def _ability_text(ability: object) -> str:
    return str(getattr(ability, "text", ability))
