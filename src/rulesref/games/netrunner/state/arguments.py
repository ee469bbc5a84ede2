"""Checking what a caller passes to the public API before anything is done with it.

A scenario (or a fuzzer) may pass anything: a side called "bob", a negative
count, ``None`` for a card.  Each check here turns such nonsense into a domain
error naming the argument, so the game never acts on it and never fails with a
bare Python error.
"""

from __future__ import annotations

from typing import Any

from rulesref.engine.errors import IllegalChoice

SIDES = ("corp", "runner")
DAMAGE_TYPES = ("net", "meat", "core")
CARD_TYPES = (
    "agenda",
    "asset",
    "upgrade",
    "ice",
    "operation",
    "program",
    "hardware",
    "resource",
    "event",
)


def side(value: Any, argument: str = "side") -> str:
    if not isinstance(value, str) or value not in SIDES:
        raise IllegalChoice(f"{argument} must be 'corp' or 'runner', not {value!r}", argument)
    return value


def count(value: Any, argument: str, *, least: int = 0) -> int:
    """A whole number of at least ``least`` (``True`` is not a number here)."""
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise IllegalChoice(
            f"{argument} must be a whole number of at least {least}, not {value!r}", argument
        )
    return value


def text(value: Any, argument: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise IllegalChoice(f"{argument} must be a non-empty name, not {value!r}", argument)
    return value


def choice(value: Any, allowed: tuple[str, ...], argument: str) -> str:
    if not isinstance(value, str) or value not in allowed:
        raise IllegalChoice(
            f"{argument} must be one of {', '.join(allowed)}, not {value!r}", argument
        )
    return value


def optional_text(value: Any, argument: str) -> str | None:
    return None if value is None else text(value, argument)


def card_list(value: Any, argument: str) -> list[Any]:
    """A list or tuple of cards (a single title is not a list of its letters)."""
    if not isinstance(value, list | tuple):
        raise IllegalChoice(f"{argument} must be a list of cards, not {value!r}", argument)
    return list(value)
