"""Why the engine refused something, with the rule that says so."""

from __future__ import annotations


class RulesError(Exception):
    """An attempt the rules do not allow; the message cites the rule."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"[{rule}] {message}")
        self.rule = rule
        self.message = message


class IllegalAction(RulesError):
    """Playing, activating, passing or choosing when the rules say you may not."""


class CannotPay(RulesError):
    """The final cost could not be paid, so the play was aborted and the game rolled back."""


class IllegalDeck(RulesError):
    """A deck that breaks the game mode's construction rules."""
