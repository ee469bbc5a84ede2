"""The Technomancy game facade: the one object scenarios drive.

Setting up lives in :mod:`~rulesref.games.technomancy.setup`, what you can see in
:mod:`~rulesref.games.technomancy.views`, and the procedures in modules named after the
rules they implement (``turns``, ``priority``, ``playing``, ``actions``).  The facade only
names things and hands them on.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rulesref.engine.decisions import Callback
from rulesref.engine.transactions import fingerprint, transactional
from rulesref.games.technomancy.cards.sample_cards import SAMPLE_CARDS
from rulesref.games.technomancy.errors import IllegalAction
from rulesref.games.technomancy.procedures import layers, passing, playing, setup, views
from rulesref.games.technomancy.procedures.setup import PlayerSetup
from rulesref.games.technomancy.procedures.views import CardInfo, CardRef
from rulesref.games.technomancy.state import modes
from rulesref.games.technomancy.state.catalog import CardCatalog
from rulesref.games.technomancy.state.effects import Application, CardView
from rulesref.games.technomancy.state.modes import MATRIX, GameMode
from rulesref.games.technomancy.state.objects import Zone
from rulesref.games.technomancy.state.phases import Phase
from rulesref.games.technomancy.state.table import Table

__all__ = ["CardInfo", "CardRef", "Game", "PlayerSetup", "deck_level"]


#: A player's action: if the rules refuse any part of it, the game state is put back
#: exactly as it was, in place (the log keeps its record of the attempt).
action = transactional(root=lambda game: game.state)


def deck_level(deck: Sequence[str], catalog: CardCatalog | None = None) -> int:
    """A deck's level (rule 1.5), its cards read from ``catalog`` (the sample cards by
    default); see :func:`rulesref.games.technomancy.state.modes.deck_level`."""
    return modes.deck_level(deck, SAMPLE_CARDS if catalog is None else catalog)


class Game(Table):
    """A game of Technomancy. Build one with :meth:`start` (a real game from decks) or
    :meth:`given` (a position in the middle of a turn, for a scenario)."""

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
        return setup.start(
            cls, decks, seed=seed, mode=mode, max_deck_level=max_deck_level, catalog=catalog
        )

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
        **board: PlayerSetup,
    ) -> Game:
        """A game at the start of ``phase`` in ``active``'s turn (default: the first player's),
        with each player's cards as described, e.g. ``Ada={"hand": ["Short Circuit"]}``."""
        return setup.given(
            cls,
            players=players,
            active=active,
            phase=phase,
            seed=seed,
            mode=mode,
            catalog=catalog,
            setup=board,
        )

    # ----------------------------------------------------------------- asking

    def fingerprint(self) -> object:
        """The whole game state as a value two moments compare by (for rollback tests)."""
        return fingerprint(self.state)

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
        return views.card(self, name, owner=owner, controller=controller, zone=zone)

    def cards(
        self,
        name: str | None = None,
        *,
        owner: str | None = None,
        controller: str | None = None,
        zone: str | Zone | None = None,
    ) -> list[CardInfo]:
        return views.cards(self, name, owner=owner, controller=controller, zone=zone)

    @property
    def effects(self) -> list[str]:
        """Continuous effects from resolved cards, by timestamp (rule 6.1)."""
        return views.effects(self)

    def explain(self, ref: CardRef) -> str:
        """How a card's current properties came about: each effect, in the order applied."""
        return views.explain(self, self._ref(ref))

    def current_views(self, record: list[Application] | None = None) -> dict[int, CardView]:
        """Every battlefield card's properties after all continuous effects (rule 6.2)."""
        return layers.current_views(self, record)

    @action
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

    @action
    def activate(
        self, card: CardRef, *, by: str | None = None, target: CardRef | None = None
    ) -> None:
        player = self._actor(by)
        playing.activate(
            self,
            player,
            self._ref(card, controller=player, zone=Zone.BATTLEFIELD),
            target=self._ref(target) if target is not None else None,
        )

    @action
    def pass_priority(self, by: str | None = None) -> None:
        passing.pass_priority(self, self._actor(by))

    @action
    def pass_all(self) -> None:
        """Everyone passes once in turn, starting with the priority holder: either the top of
        the stack takes effect or, with an empty stack, the phase ends."""
        st = self.state
        if st.priority is None:
            raise IllegalAction("nobody has priority", "tm_3_4")
        for _ in range(len(st.in_turn_order) - st.passes):
            self.pass_priority()

    @action
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
            if here and st.priority is not None:
                return
            self.pass_all()
        raise RuntimeError(
            f"did not reach the {goal} phase with a player holding priority "
            "(nobody receives priority in recovery, nor in cleanup unless something triggers)"
        )

    # ----------------------------------------------------------------- deciding

    def answers(self, player: str, *answers: object) -> None:
        """Queue answers for the next decisions the rules ask ``player``, in order: a card's
        name (the first copy still there) or the card itself (``game.card(...)``)."""
        self.decider.answer(player, answers)

    def decides_with(self, player: str, callback: Callback | None) -> None:
        """Answer ``player``'s decisions with ``callback(decision)`` once the queued answers
        are used up (``None`` removes it)."""
        self.decider.use(player, callback)

    def unused_answers(self, player: str) -> list[object]:
        """Queued answers no decision has asked for yet."""
        return self.decider.unused(player)

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
        return views.resolve(
            self, ref, owner=owner, controller=controller, zone=zone, exclude=exclude
        )
