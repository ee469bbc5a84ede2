"""Which servers a run event may run, and the order of Account Siphon's and
Because I Can's instructions."""

from __future__ import annotations

import pytest

from rulesref.engine.errors import IllegalAction
from rulesref.games.netrunner import Game


def _runner(*grip: str) -> Game:
    return Game.given(
        corp={
            "hq": ["Hedge Fund", "Hedge Fund"],
            "rnd": ["Ice Wall"],
            "remote": {"Server 1": ["Raman Rai"]},
            "credits": 3,
        },
        runner={"grip": list(grip), "credits": 5},
        turn="runner",
    )


@pytest.mark.parametrize(
    ("event", "server", "message"),
    [
        ("Account Siphon", "R&D", "it runs HQ, and R&D is not one"),
        ("Because I Can", "HQ", "it runs a remote server, and HQ is not one"),
        ("Account Siphon", "Server 9", "there is no server called 'Server 9'"),
    ],
)
def test_a_run_event_runs_only_a_server_it_may(event: str, server: str, message: str) -> None:
    game = _runner(event)
    before = game.state()
    with pytest.raises(IllegalAction, match=message):
        game.play_run(event, on=server)
    assert game.state() == before


def test_account_siphon_takes_then_gains_then_tags() -> None:
    game = _runner("Account Siphon")
    game.runner.answers("yes")  # siphon instead of breaching?
    mark = game.log.mark()
    game.play_run("Account Siphon", on="HQ")
    game.proceed_to_end()
    assert (game.corp.credits, game.runner.credits, game.runner.tags) == (0, 5 - 0 + 6, 2)
    lines = str(game.log.since(mark)).splitlines()
    lost = next(i for i, line in enumerate(lines) if "Corp loses 3 credits" in line)
    gained = next(i for i, line in enumerate(lines) if "Runner gains 6 credits" in line)
    tagged = next(i for i, line in enumerate(lines) if "takes 2 tags" in line)
    assert lost < gained < tagged


def test_because_i_can_shuffles_the_root_into_rnd() -> None:
    game = _runner("Because I Can")
    game.runner.answers("yes")
    mark = game.log.mark()
    game.play_run("Because I Can", on="Server 1")
    game.proceed_to_end()
    assert game.card("Raman Rai").zone_type.value == "deck"
    lines = str(game.log.since(mark)).splitlines()
    added = next(i for i, line in enumerate(lines) if "adds Raman Rai" in line)
    shuffled = next(i for i, line in enumerate(lines) if "shuffles R&D" in line)
    assert added < shuffled
