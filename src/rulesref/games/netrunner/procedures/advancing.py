"""Advancing cards: the Corp's basic action (a click and a credit) or an ability's
instruction; either way one advancement counter from the bank, on an installed card that
can be advanced."""

from __future__ import annotations

from rulesref.engine.errors import IllegalAction
from rulesref.games.netrunner.procedures.costs import Clicks, Credits, plural
from rulesref.games.netrunner.state.advance_events import Advance
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.table import Table
from rulesref.games.netrunner.timing.costs import Cost, pay


def advance(game: Table, card: NetrunnerCard, *, as_action: bool = True) -> bool:
    """Advance ``card``; as the basic action, pay its click and credit first."""
    if not card.installed or card.behaviour is None or not card.behaviour.can_be_advanced():
        raise IllegalAction(
            f"{card.title} cannot be advanced: only installed agendas and cards that can be "
            "advanced can",
            "rule_you_can_advance",
        )
    if as_action:
        if game.active != "corp" or (game.run is not None and game.run.phased):
            raise IllegalAction(
                "advancing is a basic action of the Corp's action phase",
                "corp_basic_action_advance",
            )
        pay(
            Cost((Clicks(game, "corp", 1), Credits(game, "corp", 1))),
            payer="Corp",
            purpose=f"advancing {card.title}",
            timing=game.timing,
            also_cite=("corp_basic_action_advance",),
        )

    def place() -> None:
        card.counters["advancement"] += 1

    return game.timing.perform(
        Advance("corp", [card]),
        place,
        rules=Advance.rules,
        announce=f"the Corp advances {card.title} "
        f"({plural(card.counters['advancement'] + 1, 'advancement counter')})",
    )
