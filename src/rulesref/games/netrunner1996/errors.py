"""Refusals, each naming the rule (or the basic play) that forbids the attempt."""

from __future__ import annotations


class IllegalAction(Exception):
    """Something the rules do not allow now; nothing in the game has changed."""

    def __init__(self, rule: str | None, message: str) -> None:
        super().__init__(f"[{rule or 'not in excerpt'}] {message}")
        self.rule = rule
        self.message = message
