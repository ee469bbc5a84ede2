"""Remote servers that cease to exist: a remote server exists while a card is installed in
its root or protecting it, and an empty one ceases to exist at the next checkpoint.

The Corp cannot destroy a server by installing cards: a server that is the
destination of a card being installed stays through every checkpoint of that
install, so it is the same server once the card is in.  A run on a server that
ceased to exist goes on to its Run Ends Phase (see
:func:`~rulesref.games.netrunner.procedures.runs.advance`).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from rulesref.games.netrunner.state.table import Table
from rulesref.games.netrunner.state.zones import Server


@contextmanager
def installing_into(server: Server | None) -> Iterator[None]:
    """While a card is being installed with ``server`` as its destination."""
    if server is None:
        yield
        return
    server.receiving += 1
    try:
        yield
    finally:
        server.receiving -= 1


def cease_empty_remotes(game: Table) -> None:
    """The checkpoint's step for remote servers: each empty one ceases to exist, unless a
    card is being installed in it."""
    for server in list(game.servers.values()):
        if server.is_central or server.root or server.ice:
            continue
        if server.receiving:  # ice too: its position is made inside installing_into
            game.log.record(
                ("step_checkpoint_remote_server", "rule_install_cannot_destroy_server"),
                f"checkpoint: {server.name} is empty, but a card is being installed in it: it "
                "does not cease to exist",
            )
            continue
        game.ceased[server.name] = game.servers.pop(server.name)
        game.log.record(
            (
                "step_checkpoint_remote_server",
                "rule_remote_server_cease_to_exist",
                "rule_server_ceases_to_exist",
            ),
            f"checkpoint: no card is installed in the root of {server.name} or protecting it: "
            "it ceases to exist",
        )
