"""Advancing a card: placing an advancement counter from the bank on it (rule_advance),
which is not the same as placing one directly (rule_placing_advancement_counter)."""

from __future__ import annotations

from rulesref.games.netrunner.state.events import CardsEvent


class Advance(CardsEvent):
    kind = "advance"
    verb = "advances"
    rules = ("rule_advance",)
