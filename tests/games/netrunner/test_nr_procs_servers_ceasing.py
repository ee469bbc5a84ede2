"""Remote servers cease to exist (rule_remote_server_cease_to_exist): an empty remote server
is gone after the next checkpoint, a run on it ends as neither successful nor
unsuccessful unless it already was one, its name is never given to a new server,
and installing into a server never destroys it."""

from __future__ import annotations

import pytest

from rulesref.engine.errors import IllegalChoice
from rulesref.games.netrunner import Game
from rulesref.games.netrunner.procedures import installing


@pytest.mark.parametrize("protected", [False, True])
def test_an_emptied_remote_server_ceases_at_the_next_checkpoint(protected: bool) -> None:
    game = Game.given(
        corp={
            "remote": {"Server 1": ["Hostile Takeover"]},
            "ice": {"Server 1": ["Ice Wall"]} if protected else {},
        },
    )
    game.trash("Hostile Takeover", by="corp")
    assert ("Server 1" in game.servers) is protected
    assert bool(game.log.citing("step_checkpoint_remote_server")) is not protected


def test_a_new_remote_server_never_takes_the_name_of_one_that_ceased() -> None:
    game = Game.given(
        corp={
            "hq": ["Priority Requisition"],
            "remote": {"Server 1": ["Hostile Takeover"], "Server 2": ["Raman Rai"]},
        },
        turn="corp",
    )
    game.trash("Hostile Takeover", by="corp")
    game.install("Priority Requisition", server="new")
    assert list(game.servers) == ["HQ", "R&D", "Archives", "Server 2", "Server 3"]
    assert game.card("Raman Rai").installed  # Server 2 was not taken for a new server


def _second_run(root: list[str]) -> tuple[Game, str]:
    """Server 1 is protected by Ice Wall, and holds ``root``; Chisel is on Ice Wall with one
    virus counter after a first run, so the second run's encounter trashes Ice Wall.  The
    game after the second run, and that run's trace."""
    game = Game.given(
        corp={
            "ice": {"Server 1": ["Ice Wall"]},
            "remote": {"Server 1": root} if root else {},
            "rezzed": ["Ice Wall"],
        },
        runner={"grip": ["Chisel"], "credits": 10},
        turn="runner",
    )
    game.install("Chisel", host="Ice Wall")
    game.run_on("Server 1")
    game.proceed_to_end()  # Ice Wall ends this run; Chisel gets its counter
    assert game.card("Chisel").counters["virus"] == 1
    mark = game.log.mark()
    game.run_on("Server 1")
    game.proceed_to_end()
    return game, str(game.log.since(mark))


def test_a_run_on_a_server_that_ceases_is_neither_successful_nor_unsuccessful() -> None:
    game, lines = _second_run([])
    assert game.card("Ice Wall").zone_type.value == "discard pile"
    assert "Server 1" not in game.servers
    assert "is complete (neither)" in lines
    assert "rule_server_cease_to_exist_unsuccesful_exception" in lines
    assert "step_approach_server" not in lines  # the run never reaches the server


def test_a_run_on_a_server_that_stays_goes_on_to_its_success() -> None:
    game, lines = _second_run(["Hostile Takeover"])
    assert game.card("Hostile Takeover").zone_type.value == "score area"
    # The stolen agenda was its last card: Server 1 ceases, but the run was declared
    # successful before, and stays so.
    assert "Server 1" not in game.servers
    assert lines.index("it ceases to exist") < lines.index("is complete (successful)")


@pytest.mark.parametrize("emptied", [False, True])
def test_a_server_emptied_in_a_window_ends_the_run_once_the_window_closes(emptied: bool) -> None:
    game = Game.given(
        corp={"remote": {"Server 1": ["Hostile Takeover", "Strongbox"]}},
        runner={"credits": 0},
        turn="runner",
    )
    game.run_on("Server 1")
    assert game.window == "initiation"
    game.trash(*(["Hostile Takeover", "Strongbox"] if emptied else ["Strongbox"]), by="corp")
    assert ("Server 1" in game.servers) is not emptied
    assert game.window == "initiation"  # the open window is not closed by it
    mark = game.log.mark()
    game.proceed_to_end()
    lines = str(game.log.since(mark))
    assert ("step_initiation_complete" in lines) is not emptied
    assert ("is complete (neither)" in lines) is emptied
    assert ("is complete (successful)" in lines) is not emptied


def test_a_ceased_server_cannot_be_named_again() -> None:
    game = Game.given(
        corp={"hq": ["Priority Requisition"], "remote": {"Server 1": ["Hostile Takeover"]}},
        turn="corp",
    )
    game.trash("Hostile Takeover", by="corp")
    before = game.state()
    with pytest.raises(IllegalChoice, match="Server 1 ceased to exist"):
        game.install("Priority Requisition", server="Server 1")
    assert game.state() == before


@pytest.mark.parametrize("kind", ["ice", "asset"])
def test_installing_never_destroys_its_destination(
    kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No card of the engine makes the Corp pay for a root install, or for ice replacing
    the only ice: a printed cost of 1 stands in, so that paying it (and the checkpoint
    after it) falls between trashing the server's last card and installing the new one."""
    monkeypatch.setattr(installing, "printed_cost_as", lambda game, card, kind: 1)
    first, *others = (
        ["Ice Wall", "Enigma", "Wall of Static"]
        if kind == "ice"
        else ["Tech Startup", "Aggressive Secretary", "Daily Business Show"]
    )
    game = Game.given(
        corp={"hq": others, "ice" if kind == "ice" else "remote": {"Server 1": [first]}},
        turn="corp",
    )
    old = first
    for new in others:  # the second install finds no install left under way from the first
        installing.install(
            game, game.card(new), by="corp", server="Server 1", trashing=[game.card(old)]
        )
        assert game.card(old).zone_type.value == "discard pile"
        assert game.card(new).server is game.servers["Server 1"]
        old = new
    assert len(game.log.citing("rule_install_cannot_destroy_server")) == 2
    game.trash(old, by="corp")
    assert "Server 1" not in game.servers  # no install under way keeps it
