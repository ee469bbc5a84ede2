"""Technomancy's side of the kernel's decisions: a player picks cards from their hand.

The rules ask the player, never the engine, whenever they call for a choice (the
cleanup discard of rule 3.3.6.2): the game builds a kernel
:class:`~rulesref.engine.decisions.Decision` whose options are the cards the player
may pick and asks the game's decider, exactly as Netrunner does.  A card in one's own
hand is known to its owner, so it is offered by name; identical copies are told apart
by the object (``game.card(...)``), and a bare name picks the first copy still there,
which is the same card in every way that matters.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulesref.engine.decisions import Decision, Option
from rulesref.games.technomancy.procedures.names import label
from rulesref.games.technomancy.procedures.views import CardInfo
from rulesref.games.technomancy.state.table import Table


@dataclass(frozen=True, eq=False)
class CardOption(Option):
    """A card, answered by its name or by a :class:`CardInfo` of that very card."""

    def answered_by(self, answer: object) -> bool:
        if isinstance(answer, CardInfo):
            return bool(answer.id == self.value)
        return super().answered_by(answer)


def hand_options(game: Table, player: str, card_ids: list[int]) -> tuple[Option, ...]:
    """One option per card; only the first copy of each name answers to the name."""
    named: set[str] = set()
    options: list[Option] = []
    for card_id in card_ids:
        name = game.state.cards[card_id].name
        names: tuple[object, ...] = () if name in named else (name,)
        named.add(name)
        options.append(CardOption(label(game, card_id), card_id, names))
    return tuple(options)


def ask(game: Table, decision: Decision) -> Option:
    """Ask the decider; the trace records the question and the answer under the rule."""
    chosen = game.decider.decide(decision)
    game.log.add(
        decision.rule,
        f'{decision.player} is asked "{decision.question}" and answers {chosen.label}',
    )
    return chosen


def choose_from_hand(game: Table, player: str, question: str, rule: str) -> int:
    """Ask ``player`` for one card of their hand (the id of the card chosen)."""
    hand = list(game.state.players[player].hand)
    chosen: int = ask(
        game, Decision(player, question, rule, hand_options(game, player, hand))
    ).value
    return chosen
