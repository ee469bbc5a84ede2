"""Reading the compact board description of ``Game.given``.

Corp keys: ``credits``, ``clicks``, ``identity``, ``bad_publicity``, ``hq``,
``rnd`` (top first), ``archives`` (faceup), ``archives_facedown``, ``ice``
(server -> ice, position 1 innermost first), ``remote`` (server -> cards in its
root), ``root`` (central server -> upgrades), ``rezzed`` (titles of installed
cards that are rezzed), ``score_area``, ``counters`` (title -> {kind: n}).

Runner keys: ``credits``, ``clicks``, ``tags``, ``identity``, ``grip``, ``stack``
(top first), ``heap``, ``rig`` (installed faceup), ``rig_facedown``, ``hosted``
(host title -> installed cards it hosts), ``score_area``, ``counters``.

An installed card may be written with its state, which then belongs to that copy
only: ``"Ice Wall (rezzed, 2 advancement)"``, ``"Cache (3 virus)"``.  Lists
such as ``rezzed`` and ``counters`` name a card by title and need it to be the
only copy.

Clicks default to the allotment of the player whose turn it is, 0 otherwise;
credits default to 5.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from rulesref.engine.errors import BadSetup, RulesViolation
from rulesref.engine.setup import parse_entry
from rulesref.games.netrunner.procedures.credit_sources import place_recurring
from rulesref.games.netrunner.procedures.hosting import check_host
from rulesref.games.netrunner.procedures.installing import RUNNER_INSTALLABLE
from rulesref.games.netrunner.procedures.positions import occupy
from rulesref.games.netrunner.procedures.turns import ALLOTTED_CLICKS
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.table import Table
from rulesref.games.netrunner.state.zones import CENTRAL_SERVERS, ZoneType

CORP_KEYS = frozenset(
    {
        "credits",
        "identity",
        "bad_publicity",
        "clicks",
        "hq",
        "rnd",
        "archives",
        "archives_facedown",
        "ice",
        "remote",
        "root",
        "rezzed",
        "score_area",
        "counters",
    }
)

RUNNER_KEYS = frozenset(
    {
        "credits",
        "clicks",
        "tags",
        "identity",
        "grip",
        "stack",
        "heap",
        "rig",
        "rig_facedown",
        "hosted",
        "score_area",
        "counters",
    }
)


def _titles(value: Any, key: str) -> list[str]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list | tuple) or not all(
        isinstance(v, str) and v.strip() for v in value
    ):
        raise BadSetup(f"{key} should be a card title or a list of card titles, not {value!r}", key)
    return list(value)


def _mapping(value: Any, key: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping) or not all(isinstance(k, str) for k in value):
        raise BadSetup(f"{key} should map names to values, not {value!r}", key)
    return value


def _number(value: Any, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise BadSetup(f"{key} should be a whole number of at least 0, not {value!r}", key)
    return value


def _check_keys(side: str, given: Any, allowed: frozenset[str]) -> Mapping[str, Any]:
    if not isinstance(given, Mapping):
        raise BadSetup(f"the {side} board should be a mapping of setup keys, not {given!r}", side)
    unknown = {str(k) for k in given} - allowed
    if unknown:
        raise BadSetup(
            f"unknown {side} setup keys: {', '.join(sorted(unknown))} "
            f"(known: {', '.join(sorted(allowed))})",
            side,
        )
    return given


@contextmanager
def _about(key: str) -> Iterator[None]:
    """Report any refusal while reading ``key`` as a bad setup naming that key."""
    try:
        yield
    except BadSetup:
        raise
    except RulesViolation as error:
        raise BadSetup(f"{key}: {error.message}", key) from error


def _put(
    game: Table, title: str, owner: str, kind: ZoneType, zone_owner: str | None, faceup: bool
) -> NetrunnerCard:
    card = game.new_card(title, owner)
    game.zones.put(card, game.zones.get(kind, zone_owner))
    card.faceup = faceup
    return card


#: side → (board key, owner of the cards, zone, faceup), in the order they are put.
#: A Runner's score area holds agendas the Corp owns.
_PILES: dict[str, tuple[tuple[str, str, ZoneType, bool], ...]] = {
    "corp": (
        ("rnd", "corp", ZoneType.DECK, False),
        ("hq", "corp", ZoneType.HAND, False),
        ("archives", "corp", ZoneType.DISCARD, True),
        ("archives_facedown", "corp", ZoneType.DISCARD, False),
        ("score_area", "corp", ZoneType.SCORE_AREA, True),
    ),
    "runner": (
        ("stack", "runner", ZoneType.DECK, False),
        ("grip", "runner", ZoneType.HAND, False),
        ("heap", "runner", ZoneType.DISCARD, True),
        ("score_area", "corp", ZoneType.SCORE_AREA, True),
    ),
}


def _put_piles(game: Table, side: str, given: Mapping[str, Any]) -> None:
    for key, owner, kind, faceup in _PILES[side]:
        for title in _titles(given.get(key, []), key):
            with _about(key):
                card = _put(game, title, owner, kind, side, faceup)
            if key == "score_area" and card.facts.type != "agenda":
                raise BadSetup(f"score_area: {title} is not an agenda", key)


#: Counters an installed card's entry may state: ``"Ice Wall (rezzed, 2 advancement)"``.
COUNTER_WORDS = ("advancement", "power", "virus", "credit", "agenda")


def _install(game: Table, entry: str, owner: str, faceup: bool, key: str) -> NetrunnerCard:
    """Install one card of the board; its entry may give this copy its own state, so two
    copies of a card can differ (``"Ice Wall (rezzed)"`` beside ``"Ice Wall"``)."""
    flags = ("rezzed",) if owner == "corp" else ()
    read = parse_entry(entry, flags=flags, numbers=COUNTER_WORDS, key=key)
    card = _put(game, read.title, owner, ZoneType.PLAY_AREA, None, faceup)
    card.installed = True
    if owner == "runner" and not faceup:
        card.facedown_origin = "installed facedown before the game"
    if "rezzed" in read.flags:
        if card.rezzed is None or card.facts.type == "agenda":
            raise BadSetup(f"{key}: {read.title} cannot be rezzed", key)
        card.faceup = True
    for word, amount in read.numbers.items():
        card.counters[word] = _number(amount, f"{key}: {word} counters on {read.title}")
    return card


def _servers(game: Table, corp: Mapping[str, Any]) -> None:
    for server_name, titles in _mapping(corp.get("ice", {}), "ice").items():
        with _about("ice"):
            server = game.server(server_name, create=True)
            for title in _titles(titles, f"ice of {server_name}"):
                card = _install(game, title, "corp", False, "ice")
                if card.facts.type != "ice":
                    raise BadSetup(f"ice: {title} is not ice", "ice")
                occupy(server.new_position(len(server.positions)), card)
    for key in ("root", "remote"):
        for server_name, titles in _mapping(corp.get(key, {}), key).items():
            if (server_name in CENTRAL_SERVERS) != (key == "root"):
                raise BadSetup(
                    f"{key}: {server_name!r} is {'not ' if key == 'root' else ''}a central "
                    "server (root: central servers' upgrades; remote: remote servers)",
                    key,
                )
            with _about(key):
                server = game.server(server_name, create=True)
                for title in _titles(titles, f"{key} of {server_name}"):
                    card = _install(game, title, "corp", False, key)
                    allowed = ("upgrade",) if key == "root" else ("agenda", "asset", "upgrade")
                    if card.facts.type not in allowed:
                        raise BadSetup(
                            f"{key}: {title} cannot be installed in the root of {server_name}",
                            key,
                        )
                    card.server = server
                    server.root.append(card)


def _identity(game: Table, side: str, given: Mapping[str, Any]) -> None:
    if "identity" not in given:
        return
    titles = _titles(given["identity"], "identity")
    with _about("identity"):
        identity = _put(game, titles[0], side, ZoneType.PLAY_AREA, None, True)
    if len(titles) != 1 or identity.facts.type != f"{side}_identity":
        raise BadSetup(f"identity: {given['identity']!r} is not one {side} identity", "identity")
    identity.is_identity = True


def build(game: Table, corp: Any, runner: Any) -> None:
    corp = _check_keys("corp", corp, CORP_KEYS)
    runner = _check_keys("runner", runner, RUNNER_KEYS)
    for player, given in ((game.corp, corp), (game.runner, runner)):
        player.credits = _number(given.get("credits", 5), "credits")
        default_clicks = ALLOTTED_CLICKS[player.side] if game.active == player.side else 0
        player.clicks = _number(given.get("clicks", default_clicks), "clicks")
    game.runner.tags = _number(runner.get("tags", 0), "tags")
    game.corp.bad_publicity = _number(corp.get("bad_publicity", 0), "bad_publicity")
    _identity(game, "corp", corp)

    _put_piles(game, "corp", corp)
    _servers(game, corp)
    for title in _titles(corp.get("rezzed", []), "rezzed"):
        with _about("rezzed"):
            card = game.card(title)
        if card.rezzed is None or card.facts.type == "agenda":
            raise BadSetup(f"rezzed: {title} is not an installed card that can be rezzed", "rezzed")
        card.faceup = True

    _identity(game, "runner", runner)
    _put_piles(game, "runner", runner)
    for key, faceup in (("rig", True), ("rig_facedown", False)):
        for title in _titles(runner.get(key, []), key):
            with _about(key):
                card = _install(game, title, "runner", faceup, key)
            if card.facts.type not in RUNNER_INSTALLABLE:
                raise BadSetup(f"{key}: {title} is not a program, hardware or resource", key)
    for host_title, titles in _mapping(runner.get("hosted", {}), "hosted").items():
        with _about("hosted"):
            host = game.card(host_title)
            if not host.installed:
                raise BadSetup(f"hosted: {host_title} is not installed", "hosted")
            for title in _titles(titles, f"hosted on {host_title}"):
                card = _install(game, title, "runner", True, "hosted")
                check_host(game, card, host)
                card.host = host

    for card in [*game.corp.installed, *game.runner.installed]:
        if card.behaviour is not None and card.behaviour.active and not card.counters["credit"]:
            place_recurring(game, card)
    for given in (corp, runner):
        for title, counters in _mapping(given.get("counters", {}), "counters").items():
            with _about("counters"):
                card = game.card(title)
            for kind, amount in _mapping(counters, f"counters of {title}").items():
                card.counters[kind] = _number(amount, f"{kind} counters on {title}")
