"""Reading the compact board description of ``Game.given``.

Corp keys: ``credits``, ``clicks``, ``hq``, ``rnd`` (top first), ``archives``
(faceup), ``archives_facedown``, ``ice`` (server -> ice, position 1 innermost
first), ``remote`` (server -> cards in its root), ``root`` (central server ->
upgrades), ``rezzed`` (titles of installed cards that are rezzed),
``score_area``, ``counters`` (title -> {kind: n}).

Runner keys: ``credits``, ``clicks``, ``tags``, ``identity``, ``grip``, ``stack``
(top first), ``heap``, ``rig`` (installed faceup), ``rig_facedown``, ``hosted``
(host title -> installed cards it hosts), ``score_area``, ``counters``.

Clicks default to the allotment of the player whose turn it is, 0 otherwise;
credits default to 5.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from rulesref.engine.errors import IllegalChoice
from rulesref.games.netrunner.hosting import check_host
from rulesref.games.netrunner.objects import NetrunnerCard
from rulesref.games.netrunner.turns import ALLOTTED_CLICKS
from rulesref.games.netrunner.zones import ZoneType

if TYPE_CHECKING:
    from rulesref.games.netrunner.game import Game

CORP_KEYS = frozenset(
    {
        "credits",
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
        return [value]
    if not isinstance(value, Iterable):
        raise IllegalChoice(f"{key} should list card titles")
    return [str(v) for v in value]


def _check_keys(side: str, given: Mapping[str, Any], allowed: frozenset[str]) -> None:
    unknown = set(given) - allowed
    if unknown:
        raise IllegalChoice(
            f"unknown {side} setup keys: {', '.join(sorted(unknown))} "
            f"(known: {', '.join(sorted(allowed))})"
        )


def _put(
    game: Game, title: str, owner: str, kind: ZoneType, zone_owner: str | None, faceup: bool
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


def _put_piles(game: Game, side: str, given: Mapping[str, Any]) -> None:
    for key, owner, kind, faceup in _PILES[side]:
        for title in _titles(given.get(key, []), key):
            _put(game, title, owner, kind, side, faceup)


def _install(game: Game, title: str, owner: str, faceup: bool) -> NetrunnerCard:
    card = _put(game, title, owner, ZoneType.PLAY_AREA, None, faceup)
    card.installed = True
    return card


def build(game: Game, corp: Mapping[str, Any], runner: Mapping[str, Any]) -> None:
    _check_keys("corp", corp, CORP_KEYS)
    _check_keys("runner", runner, RUNNER_KEYS)
    for player, given in ((game.corp, corp), (game.runner, runner)):
        player.credits = int(given.get("credits", 5))
        default_clicks = ALLOTTED_CLICKS[player.side] if game.active == player.side else 0
        player.clicks = int(given.get("clicks", default_clicks))
    game.runner.tags = int(runner.get("tags", 0))

    _put_piles(game, "corp", corp)
    for server_name, titles in dict(corp.get("ice", {})).items():
        server = game.server(server_name, create=True)
        for title in _titles(titles, f"ice of {server_name}"):
            card = _install(game, title, "corp", False)
            if card.facts.type != "ice":
                raise IllegalChoice(f"{title} is not ice")
            card.server = server
            server.ice.append(card)
    roots = {**dict(corp.get("root", {})), **dict(corp.get("remote", {}))}
    for server_name, titles in roots.items():
        server = game.server(server_name, create=True)
        for title in _titles(titles, f"root of {server_name}"):
            card = _install(game, title, "corp", False)
            if card.facts.type not in ("agenda", "asset", "upgrade"):
                raise IllegalChoice(f"{title} cannot be installed in a server's root")
            card.server = server
            server.root.append(card)
    for title in _titles(corp.get("rezzed", []), "rezzed"):
        card = game.card(title)
        if card.rezzed is None or card.facts.type == "agenda":
            raise IllegalChoice(f"{title} is not an installed card that can be rezzed")
        card.faceup = True

    if "identity" in runner:
        identity = _put(game, str(runner["identity"]), "runner", ZoneType.PLAY_AREA, None, True)
        identity.is_identity = True
    _put_piles(game, "runner", runner)
    for title in _titles(runner.get("rig", []), "rig"):
        _install(game, title, "runner", True)
    for title in _titles(runner.get("rig_facedown", []), "rig_facedown"):
        _install(game, title, "runner", False)
    for host_title, titles in dict(runner.get("hosted", {})).items():
        host = game.card(host_title)
        for title in _titles(titles, f"hosted on {host_title}"):
            card = game.new_card(title, "runner")
            check_host(game, card, host)
            game.zones.put(card, game.zones.get(ZoneType.PLAY_AREA))
            card.faceup = card.installed = True
            card.host = host

    for given in (corp, runner):
        for title, counters in dict(given.get("counters", {})).items():
            card = game.card(title)
            for kind, amount in dict(counters).items():
                card.counters[str(kind)] = int(amount)
