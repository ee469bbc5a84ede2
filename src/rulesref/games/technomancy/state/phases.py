"""The phases of a turn, in order (rule 3.3), and which of them give priority."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    RECOVERY = "recovery"
    TURN_START = "turn start"
    DRAW = "draw"
    MAIN = "main"
    TURN_END = "turn end"
    CLEANUP = "cleanup"

    @property
    def rule(self) -> str:
        """Rule 3.3.1 is the recovery phase, 3.3.2 turn start, and so on."""
        return f"tm_3_3_{list(Phase).index(self) + 1}"

    @property
    def next(self) -> Phase | None:
        """The phase after this one in the same turn; None after cleanup."""
        phases = list(Phase)
        i = phases.index(self)
        return phases[i + 1] if i + 1 < len(phases) else None

    @classmethod
    def named(cls, name: str | Phase) -> Phase:
        """Accepts 'main', 'Main Phase', 'turn-end' and the like."""
        if isinstance(name, Phase):
            return name
        key = name.lower().replace("-", " ").removesuffix(" phase").strip()
        return cls(key)
