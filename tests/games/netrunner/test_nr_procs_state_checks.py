"""What a checkpoint looks at (sec_checkpoints): only active unique cards count against
each other, and a step's outcome is there for the steps the rules put after it in the
same checkpoint."""

from __future__ import annotations

import pytest

from rulesref.games.netrunner import Game


@pytest.mark.parametrize("rezzed", [True, False])
def test_only_active_copies_of_a_unique_card_count(rezzed: bool) -> None:
    second = "Ben Musashi (rezzed)" if rezzed else "Ben Musashi"
    game = Game.given(
        corp={
            "remote": {"Server 1": ["Ben Musashi (rezzed)"], "Server 2": [second]},
            "hq": ["Hedge Fund"],
            "credits": 5,
        },
        turn="corp",
    )
    game.play("Hedge Fund")  # any action: its checkpoints look at the board
    installed = [c for c in game.cards("Ben Musashi") if c.installed]
    assert len(installed) == (1 if rezzed else 2)
    assert bool(game.log.citing("rule_uniqueness")) is rezzed


def test_a_server_the_remote_limit_empties_ceases_in_the_same_checkpoint() -> None:
    """Card restrictions (the limit on remote servers) come before remote servers cease:
    the server whose cards the limit trashes is gone before anything else happens."""
    game = Game.given(
        corp={
            "identity": "Earth Station: SEA Headquarters",
            "hq": ["Hedge Fund"],
            "remote": {"Server 1": ["Raman Rai"], "Server 2": ["Mr. Stone"]},
            "credits": 5,
        },
        turn="corp",
    )
    game.corp.answers("Server 1")  # keep Server 1
    mark = game.log.mark()
    game.play("Hedge Fund")
    lines = [str(line) for line in game.log.since(mark)]
    trashed = next(i for i, line in enumerate(lines) if "Corp trashes Mr. Stone" in line)
    ceased = next(i for i, line in enumerate(lines) if "it ceases to exist" in line)
    played = next(i for i, line in enumerate(lines) if "Corp plays Hedge Fund" in line)
    assert trashed < ceased < played
    assert "Server 2" in lines[ceased]
    assert list(game.servers) == ["HQ", "R&D", "Archives", "Server 1"]


@pytest.mark.parametrize("server", ["Server 1", "HQ"])
def test_a_ceased_server_takes_its_positions_with_it(server: str) -> None:
    """Remote servers cease before vacant positions do: a remote emptied of its only ice
    is gone with its position, which is not said to cease on its own; a central server's
    empty position does."""
    game = Game.given(corp={"ice": {server: ["Ice Wall"]}}, turn="corp")
    mark = game.log.mark()
    game.trash("Ice Wall", by="corp")
    lines = game.log.since(mark)
    remote = server != "HQ"
    assert (server in game.servers) is not remote
    assert bool(lines.citing("step_checkpoint_remote_server")) is remote
    assert bool(lines.citing("step_checkpoint_vacant_position")) is not remote
