"""The game log: the kernel's trace, refusing a citation the 1996 excerpt does not have.

Steps the excerpt does not cover (a run, stealing an agenda) cite no rule rather than one
they do not come from.
"""

from __future__ import annotations

from collections.abc import Sequence

from rulesref.engine.log import Log as KernelLog
from rulesref.engine.log import LogEntry, LogExcerpt
from rulesref.games.netrunner1996.rules import RULES

__all__ = ["Log", "LogEntry", "LogExcerpt"]


class Log(KernelLog):
    def record(self, rules: str | Sequence[str], text: str) -> None:
        cited = (rules,) if isinstance(rules, str) else tuple(rules)
        unknown = [rule for rule in cited if rule not in RULES]
        if unknown:
            raise KeyError(f"no rule {unknown[0]!r} in the 1996 excerpt")
        super().record(cited, text)
