"""Refusals the rules themselves make, each naming the rule that makes it.

A scenario that tries something the rules forbid should fail loudly with the
reason a judge would give, not quietly do something else.
"""

from __future__ import annotations


class RulesViolation(Exception):
    """Something the rules do not allow; ``rule`` is the rule ID that says so."""

    def __init__(self, message: str, rule: str | None = None) -> None:
        super().__init__(f"{message} ({rule})" if rule else message)
        self.message = message
        self.rule = rule


class IllegalAction(RulesViolation):
    """An action or effect that cannot be taken in the current game state."""


class CannotPay(RulesViolation):
    """A cost that cannot be paid in full, so nothing of it is paid."""


class InvalidTarget(RulesViolation):
    """A target announcement the rules reject."""


class IllegalChoice(RulesViolation):
    """A choice (not a target) that does not meet what the ability requires."""


class BadSetup(RulesViolation):
    """A board description (``Game.given``) that no game could be in; ``rule`` names the
    setup key or argument at fault."""
