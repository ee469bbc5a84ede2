"""Reading the board description of ``Table.given`` with the kernel's setup reader.

Corp keys: ``hq``, ``rd`` (top first), ``archives``, ``servers`` (remote server name ->
its cards), ``ice`` (server name -> the ice protecting it, innermost first), ``bits``,
``actions``.  Runner keys: ``grip``, ``stack`` (top first), ``heap``, ``rig``, ``bits``,
``actions``.  Installed cards may say ``"Data Wall (rezzed)"`` or
``"Project Nightfall (2 counters)"``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict

from rulesref.engine.errors import BadSetup
from rulesref.engine.setup import check_keys, count, parse_entry, titles
from rulesref.games.netrunner1996.state.objects import Side, Zone
from rulesref.games.netrunner1996.state.table import Table


class CorpSetup(TypedDict, total=False):
    """``servers`` maps a remote server's name to its cards and ``ice`` a server's name to
    the ice protecting it (innermost first); entries may say ``"Project Nightfall
    (2 counters)"`` or ``"Data Wall (rezzed)"``. R&D is top first."""

    hq: list[str]
    rd: list[str]
    archives: list[str]
    servers: dict[str, list[str]]
    ice: dict[str, list[str]]
    bits: int
    actions: int


class RunnerSetup(TypedDict, total=False):
    grip: list[str]
    stack: list[str]
    heap: list[str]
    rig: list[str]
    bits: int
    actions: int


CORP_PILES = {"hq": Zone.HQ, "rd": Zone.RD, "archives": Zone.ARCHIVES}
RUNNER_PILES = {"grip": Zone.GRIP, "stack": Zone.STACK, "heap": Zone.HEAP, "rig": Zone.RIG}
CORP_KEYS = frozenset({*CORP_PILES, "servers", "ice", "bits", "actions"})
RUNNER_KEYS = frozenset({*RUNNER_PILES, "bits", "actions"})


def set_up(game: Table, side: Side, given: Mapping[str, Any], default_actions: int) -> None:
    if not isinstance(given, Mapping):
        raise BadSetup(f"the {side} setup should be a mapping of keys, not {given!r}", side.key)
    check_keys(side.value, given, CORP_KEYS if side is Side.CORP else RUNNER_KEYS)
    state = game.sides[side]
    state.bits = count(given, "bits", 5)
    state.actions = count(given, "actions", default_actions)
    for key, kind in (CORP_PILES if side is Side.CORP else RUNNER_PILES).items():
        for entry in titles(given.get(key, []), key):
            _place(game, entry, game.zone(kind, side.key), key, installed=False)
    if side is Side.CORP:
        for key, kind in (("servers", Zone.SERVER), ("ice", Zone.ICE)):
            servers = given.get(key, {})
            if not isinstance(servers, Mapping):
                raise BadSetup(f"{key} should map server names to cards, not {servers!r}", key)
            for server, entries in servers.items():
                if not isinstance(server, str) or not server.strip():
                    raise BadSetup(f"{key}: a server needs a name, not {server!r}", key)
                if kind is Zone.SERVER and server in ("HQ", "R&D", "Archives"):
                    raise BadSetup(f"{key}: {server} is a central server, not a remote", key)
                for entry in titles(entries, f"{key}.{server}"):
                    _place(game, entry, game.zone(kind, server), f"{key}.{server}", installed=True)


def _place(game: Table, text: str, zone: Any, key: str, *, installed: bool) -> None:
    entry = parse_entry(
        text,
        flags={"rezzed"} if installed else (),
        numbers={"counter"} if installed else (),
        key=key,
    )
    definition = game.catalog.get(entry.title)
    if definition is None:
        raise BadSetup(f"{key}: no card titled {entry.title!r} in this game's catalog", key)
    card = game.new_card(definition, zone)
    card.rezzed = "rezzed" in entry.flags
    if card.rezzed and definition.rez_cost is None:
        raise BadSetup(f"{key}: {entry.title} has no rez cost, so it cannot be rezzed", key)
    if entry.number("counter") and not definition.can_be_advanced:
        raise BadSetup(f"{key}: {entry.title} cannot hold advancement counters", key)
    if entry.number("counter") < 0:
        raise BadSetup(f"{key}: a negative number of counters on {entry.title}", key)
    card.counters["advancement"] = entry.number("counter")
