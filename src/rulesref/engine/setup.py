"""Reading the compact board descriptions every game's ``Game.given`` accepts.

A scenario describes a game in the middle of play as plain data: per player a
mapping of setup keys to card lists, each card an *entry* such as
``"Project Nightfall (2 counters)"``, ``"Data Wall (rezzed)"`` or
``"Bo's Street Samurai (tapped, health 3)"``.  The games share this one reader so
that a typo is refused the same way everywhere: a :class:`BadSetup` naming the
key or entry at fault, never a silently ignored word.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rulesref.engine.errors import BadSetup

_ENTRY = re.compile(r"^(?P<title>[^()]+?)\s*(?:\((?P<state>[^()]*)\))?$")
_COUNT_FIRST = re.compile(r"^(?P<n>-?\d+) (?P<word>[a-z][a-z ]*)$")
_COUNT_LAST = re.compile(r"^(?P<word>[a-z][a-z ]*?) (?P<n>-?\d+)$")


@dataclass(frozen=True)
class Entry:
    """One card of a board description: its title and the state written after it."""

    title: str
    #: Bare words: ``rezzed``, ``tapped`` ...
    flags: frozenset[str] = frozenset()
    #: ``2 counters`` -> {"counter": 2}; ``health 3`` -> {"health": 3}.
    numbers: Mapping[str, int] = field(default_factory=dict)

    def number(self, word: str, default: int = 0) -> int:
        return self.numbers.get(word, default)


def parse_entry(
    entry: str,
    *,
    flags: Collection[str] = (),
    numbers: Collection[str] = (),
    key: str = "setup",
) -> Entry:
    """Read ``"Title (flag, 2 counters, health 3)"``; only the given words are allowed.

    ``numbers`` are singular nouns: ``"counter"`` accepts ``1 counter`` and ``2 counters``
    (the count first) as well as ``counter 2``; ``"health"`` accepts ``health 3``.
    """
    if not isinstance(entry, str):
        raise BadSetup(f"{key}: expected a card title, not {entry!r}", key)
    match = _ENTRY.match(entry.strip())
    if match is None or not match["title"].strip():
        raise BadSetup(f"{key}: cannot read {entry!r} as 'Title (state, ...)'", key)
    found_flags: set[str] = set()
    found_numbers: dict[str, int] = {}
    for part in filter(None, (p.strip() for p in (match["state"] or "").split(","))):
        counted = _COUNT_FIRST.match(part) or _COUNT_LAST.match(part)
        word = _singular(counted["word"], numbers) if counted is not None else None
        if part in flags:
            found_flags.add(part)
        elif counted is not None and word is not None:
            found_numbers[word] = int(counted["n"])
        else:
            allowed = sorted(flags) + [f"N {word}" for word in sorted(numbers)]
            raise BadSetup(
                f"{key}: unknown state {part!r} in {entry!r} "
                f"(known: {', '.join(allowed) or 'none'})",
                key,
            )
    return Entry(match["title"].strip(), frozenset(found_flags), found_numbers)


def _singular(word: str, numbers: Collection[str]) -> str | None:
    """``counters`` -> ``counter``; a word that is itself known (``virus``) stays."""
    if word in numbers:
        return word
    if word.endswith("s") and word[:-1] in numbers:
        return word[:-1]
    return None


def titles(value: Any, key: str) -> list[str]:
    """A setup value that lists cards: one title or a list of them."""
    if isinstance(value, str):
        return [value]
    if not isinstance(value, Iterable) or isinstance(value, Mapping):
        raise BadSetup(f"{key} should list card titles, not {value!r}", key)
    return [str(v) for v in value]


def check_keys(who: str, given: Mapping[str, Any], allowed: Collection[str]) -> None:
    """Refuse a board description with keys the game does not read."""
    unknown = set(given) - set(allowed)
    if unknown:
        raise BadSetup(
            f"unknown {who} setup keys: {', '.join(sorted(unknown))} "
            f"(known: {', '.join(sorted(allowed))})",
            ", ".join(sorted(unknown)),
        )


def count(given: Mapping[str, Any], key: str, default: int) -> int:
    """A setup value that is a number of something (credits, actions): never negative."""
    value = given.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise BadSetup(f"{key} should be a whole number of at least 0, not {value!r}", key)
    return value
