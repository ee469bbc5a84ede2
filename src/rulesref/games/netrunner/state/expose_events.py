"""Exposing cards: one instruction may expose several at once, each a separate
occurrence for the abilities that look for a card being exposed."""

from __future__ import annotations

from rulesref.games.netrunner.state.events import CardsEvent


class Expose(CardsEvent):
    kind = "expose"
    verb = "exposes"
    rules = ("rule_expose",)
