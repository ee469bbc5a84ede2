"""Flare's three instructions in order, each followed by a checkpoint; Reconstruction
Contract moves any number of its counters, none included."""

from __future__ import annotations

from rulesref.games.netrunner import Game


def test_flare_trashes_hardware_then_does_meat_damage_then_ends_the_run() -> None:
    game = Game.given(
        corp={"ice": {"HQ": ["Flare"]}, "rezzed": ["Flare"], "credits": 0},
        runner={"rig": ["Clone Chip"], "grip": ["Cache"] * 3, "credits": 0},
        turn="runner",
    )
    game.start_run("HQ")
    mark = game.log.mark()
    game.fire_subroutine("Flare", 1)
    lines = str(game.log.since(mark)).splitlines()

    def at(needle: str) -> list[int]:
        return [i for i, line in enumerate(lines) if needle in line]

    trashed, damage = at("trashes Clone Chip"), at("suffers 2 meat damage")
    ended = at("ends the run")
    checkpoints = at("[rule_resolve_ability] checkpoint")
    assert len(checkpoints) == 2
    assert trashed[0] < checkpoints[0] < damage[0] < checkpoints[1] < ended[0]
    assert len(game.runner.grip) == 1 and game.run is None


def test_reconstruction_contract_may_move_no_counter() -> None:
    game = Game.given(
        corp={
            "remote": {"Server 1": ["Reconstruction Contract"]},
            "rezzed": ["Reconstruction Contract"],
            "counters": {"Reconstruction Contract": {"advancement": 2}},
            "ice": {"HQ": ["Ice Wall"]},
        }
    )
    game.corp.answers(0)
    game.use("Reconstruction Contract", targets=[game.card("Ice Wall")])
    assert game.card("Ice Wall").counters["advancement"] == 0
