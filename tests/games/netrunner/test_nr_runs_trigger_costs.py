"""A trigger cost that trashes its own source keeps what it hosted for that ability only
(rule_trash_ability_keeps_track_of_hosted_objects)."""

from __future__ import annotations

from rulesref.games.netrunner import Game


def test_fermenter_counts_its_own_counters_each_time_it_is_trashed() -> None:
    # Trashed with 2 virus counters, then installed again (1 new counter): the second use
    # counts the counters it hosts then, not the ones its first trashing set aside.
    game = Game.given(
        runner={"rig": ["Fermenter"], "counters": {"Fermenter": {"virus": 2}}, "credits": 10},
        turn="runner",
    )
    before = game.runner.credits
    game.use("Fermenter")
    assert game.runner.credits - before == 4
    game.add("Fermenter", "grip", by="runner")
    game.install("Fermenter")
    assert game.card("Fermenter").counters["virus"] == 1
    before = game.runner.credits
    game.use("Fermenter")
    assert game.runner.credits - before == 2
