"""Why the engine refused something: the kernel's refusals, each naming its rule.

Technomancy raises the kernel's errors (:mod:`rulesref.engine.errors`), message first and
rule second like every game, so one ``except RulesViolation`` catches a refusal in any of
them.  Only the deck check has no kernel counterpart.
"""

from __future__ import annotations

from rulesref.engine.errors import CannotPay, IllegalAction, RulesViolation

#: Any refusal of the rules (the kernel's base class).
RulesError = RulesViolation


class IllegalDeck(RulesViolation):
    """A deck that breaks the game mode's construction rules."""


__all__ = ["CannotPay", "IllegalAction", "IllegalDeck", "RulesError"]
