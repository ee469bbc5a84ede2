"""Limits on the number of remote servers.

While an ability limiting them is active, the Corp cannot create a remote server
that would take the count above the limit; and if there are more (the limit came
into force later), the checkpoint keeps as many servers as the limit allows, the
Corp choosing which, and trashes every card of the others.
"""

from __future__ import annotations

from rulesref.engine.errors import IllegalAction
from rulesref.games.netrunner.procedures.choices import choose_name
from rulesref.games.netrunner.procedures.movements import trash
from rulesref.games.netrunner.state.table import Table
from rulesref.games.netrunner.state.zones import Server


class RemoteServerLimit:
    """Mixed into a behaviour whose active ability limits the number of remote servers."""

    def remote_server_limit(self) -> int:
        raise NotImplementedError


def remote_servers(game: Table) -> list[Server]:
    return [s for s in game.servers.values() if not s.is_central and (s.root or s.ice)]


def remote_limit(game: Table) -> tuple[int, str] | None:
    """The lowest active limit, and the card that sets it."""
    limits: list[tuple[int, str]] = []
    for card in game.zones.cards():
        behaviour = card.behaviour
        if isinstance(behaviour, RemoteServerLimit) and behaviour.active:
            limits.append((behaviour.remote_server_limit(), card.title))
    return min(limits) if limits else None


def refuse_new_remote(game: Table, name: str) -> None:
    """The Corp declares ``name``, a new remote server, as a destination: refused if that
    would take the remote servers above an active limit."""
    limit = remote_limit(game)
    if limit is not None and len(remote_servers(game)) + 1 > limit[0]:
        raise IllegalAction(
            f"{limit[1]} limits the Corp to {limit[0]} remote server(s), and "
            f"{len(remote_servers(game))} exist: {name} cannot be created",
            "rule_limit_remote_servers",
        )


def enforce_remote_limit(game: Table) -> None:
    """At a checkpoint: keep as many remote servers as the limit allows (the Corp chooses
    which), and trash every card of the others."""
    limit = remote_limit(game)
    servers = remote_servers(game)
    if limit is None or len(servers) <= limit[0]:
        return
    game.log.record(
        ("step_checkpoint_card_restrictions", "rule_limit_remote_servers"),
        f"checkpoint: {len(servers)} remote servers, more than {limit[1]} allows "
        f"({limit[0]}): the Corp chooses which to keep",
    )
    names = [s.name for s in servers]
    kept: list[str] = []
    while len(kept) < limit[0]:
        left = [n for n in names if n not in kept]
        kept.append(
            choose_name(
                game, "corp", "keep which remote server?", "rule_limit_remote_servers", left
            )
        )
    gone = [c for s in servers if s.name not in kept for c in (*s.root, *s.ice)]
    with game.log.nested():
        trash(game, gone, by="corp", cause=f"{limit[1]}'s limit on remote servers")
