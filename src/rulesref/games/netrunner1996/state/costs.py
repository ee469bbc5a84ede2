"""Costs: actions and bits. "cost(s): effect" abilities need every part paid (rule 1.1)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Cost:
    """So many actions and so many bits. Actions can only come from the current turn."""

    actions: int = 0
    bits: int = 0

    def __str__(self) -> str:
        parts = []
        if self.actions:
            parts.append(plural(self.actions, "action"))
        if self.bits:
            parts.append(plural(self.bits, "bit"))
        return " + ".join(parts) or "nothing"


def plural(n: int, word: str) -> str:
    """``plural(1, "action")`` is "1 action"; ``plural(3, "bit")`` is "3 bits"."""
    return f"{n} {word}" + ("" if n == 1 else "s")


FREE = Cost()
ONE_ACTION = Cost(actions=1)
