"""Damage prevented, and "the first time you would do net damage during a run": only the
part of a value above 0 that an interrupt lowers counts as damage prevented
(rule_prevent_as_trigger_condition); the first net damage of a run is the first to
become imminent during that run (rule_ordinal_would)."""

from __future__ import annotations

from rulesref.games.netrunner import Game


def _prevented(game: Game) -> list[int]:
    return [
        getattr(e, "amount", None) or 0
        for e in game.events_this_turn()
        if e.kind == "damage prevented"
    ]


def test_preventing_more_than_the_damage_prevents_only_the_damage() -> None:
    game = Game.given(
        runner={"rig": ["Biometric Spoofing"], "grip": ["Cache", "Wyrm"]}, turn="runner"
    )
    game.runner.answers("yes")  # use Biometric Spoofing (prevent 2)?
    game.damage("net", 1)
    assert _prevented(game) == [1]
    assert game.log.mentioning("Biometric Spoofing has prevented damage")
    assert len(game.runner.grip) == 2


def test_preventing_part_of_the_damage_prevents_that_part() -> None:
    game = Game.given(
        runner={"rig": ["Feedback Filter"], "grip": ["Cache", "Wyrm"], "credits": 5},
        turn="runner",
    )
    game.runner.answers("yes")  # use Feedback Filter (3 credits: prevent 1 net damage)?
    game.damage("net", 2)
    assert _prevented(game) == [1]
    assert len(game.runner.grip) == 1


def test_net_damage_before_the_run_is_not_the_first_net_damage_of_the_run() -> None:
    game = Game.given(
        corp={"remote": {"Server 1": ["Tori Hanzō"]}, "rezzed": ["Tori Hanzō"], "credits": 5},
        runner={"grip": ["Cache", "Wyrm", "Corroder"]},
        turn="runner",
    )
    game.damage("net", 1)  # no run: Tori Hanzō is not offered
    game.run_on("Server 1")
    game.corp.answers("yes")  # use Tori Hanzō (2 credits: 1 core damage instead)?
    game.damage("net", 1)
    assert game.runner.core_damage == 1 and game.corp.credits == 3
