"""AstroScript Pilot Program, 24/7 News Cycle, Tucana and Pharos, In the Groove and Direct
Access: the cases of their text the scenarios do not play."""

from __future__ import annotations

import pytest

from rulesref.engine.errors import CannotPay, IllegalAction, RulesViolation
from rulesref.games.netrunner import Game


def test_astroscript_spends_an_agenda_counter_to_advance_a_card_that_can_be() -> None:
    game = Game.given(
        corp={
            "score_area": ["AstroScript Pilot Program"],
            "counters": {"AstroScript Pilot Program": {"agenda": 1}},
            "ice": {"HQ": ["Ice Wall", "Enigma"]},
        }
    )
    before = game.state()
    with pytest.raises((IllegalAction, RulesViolation)):
        game.use("AstroScript Pilot Program", targets=[game.card("Enigma")])
    assert game.state() == before
    game.use("AstroScript Pilot Program", targets=[game.card("Ice Wall")])
    assert game.card("Ice Wall").counters["advancement"] == 1
    assert game.card("AstroScript Pilot Program").counters["agenda"] == 0
    with pytest.raises((IllegalAction, RulesViolation)):
        game.use("AstroScript Pilot Program", targets=[game.card("Ice Wall")])


def test_news_cycle_needs_an_agenda_to_forfeit() -> None:
    game = Game.given(corp={"hq": ["24/7 News Cycle"]})
    before = game.state()
    with pytest.raises(CannotPay, match="the Corp has no agenda to forfeit"):
        game.play("24/7 News Cycle")
    assert game.state() == before


def test_news_cycle_with_no_when_scored_ability_left_does_nothing() -> None:
    game = Game.given(
        corp={"hq": ["24/7 News Cycle"], "score_area": ["Hostile Takeover", "Obokata Protocol"]}
    )
    game.corp.answers("Hostile Takeover")
    game.play("24/7 News Cycle")
    assert game.log.mentioning("24/7 News Cycle: no agenda in the score area has one")


def test_tucana_only_in_a_remote_and_only_for_an_agenda_of_its_own_server() -> None:
    game = Game.given(corp={"hq": ["Tucana"]})
    with pytest.raises(IllegalAction, match="remote server only"):
        game.install("Tucana", server="R&D")
    game = Game.given(
        corp={
            "remote": {"Server 1": ["Tucana"], "Server 2": ["Project Yagi-Uda"]},
            "rezzed": ["Tucana"],
            "rnd": ["Pharos"],
            "counters": {"Project Yagi-Uda": {"advancement": 5}},
        }
    )
    game.corp.answers("yes")
    game.score("Project Yagi-Uda")
    assert game.card("Pharos").zone_type.value == "deck"
    assert game.corp.unused_answers == ["yes"]


def test_pharos_subroutines_and_its_strength_with_3_advancement_counters() -> None:
    game = Game.given(corp={"ice": {"HQ": ["Pharos"]}, "rezzed": ["Pharos"]}, turn="runner")
    assert game.strength("Pharos") == 5
    game.start_run("HQ")
    game.fire_subroutine("Pharos", 1)
    assert game.runner.tags == 1 and game.run is not None
    for number in (2, 3):
        game.fire_subroutine("Pharos", number)
        assert game.run is None
        assert game.log.mentioning(f"Pharos subroutine {number}")
        game.start_run("HQ")
    game.card("Pharos").counters["advancement"] = 3
    assert game.strength("Pharos") == 10


def test_in_the_groove_rewards_installs_costing_1_or_more_with_the_chosen_reward() -> None:
    game = Game.given(
        runner={"grip": ["In the Groove", "Fall Guy", "Clone Chip"], "stack": ["Kati Jones"] * 2},
        turn="corp",
    )
    game.begin_turn("runner")
    game.play("In the Groove")
    game.runner.answers("draw 1 card")
    game.install("Fall Guy")
    assert game.runner.unused_answers == ["draw 1 card"], "Fall Guy costs 0"
    credits = game.runner.credits
    game.install("Clone Chip")  # costs 1: enough
    assert game.runner.credits == credits - 1
    assert [c.title for c in game.runner.grip] == ["Kati Jones"]


def _direct_access() -> Game:
    return Game.given(
        corp={"hq": ["Hedge Fund"]},
        runner={
            "identity": "Zahya Sadeghi: Versatile Smuggler",
            "credits": 1,
            "grip": ["Direct Access"],
            "stack": ["Cache", "Fall Guy", "Kati Jones"],
        },
        turn="runner",
    )


def test_direct_access_identities_get_their_abilities_back_when_its_run_ends() -> None:
    game = _direct_access()
    game.runner.answers("yes")  # shuffle Direct Access into the stack?
    game.play_run("Direct Access", on="HQ")
    game.proceed_to_end()
    assert game.runner.credits == 0
    lines = str(game.log).splitlines()
    added = next(i for i, line in enumerate(lines) if "adds Direct Access" in line)
    shuffled = next(i for i, line in enumerate(lines) if "shuffles the stack" in line)
    assert added < shuffled
    game.runner.answers("yes")  # Zahya: gain 1 credit for the access?
    game.run_on("HQ")
    game.proceed_to_end()
    assert game.runner.credits == 1


def test_direct_access_declined_stays_in_the_heap() -> None:
    game = _direct_access()
    game.runner.answers("no")
    game.play_run("Direct Access", on="HQ")
    game.proceed_to_end()
    assert game.card("Direct Access").zone_type.value == "discard pile"
    assert not game.log.mentioning("shuffles the stack")


def test_direct_access_no_longer_in_the_heap_has_nothing_to_shuffle_back() -> None:
    game = _direct_access()
    game.play_run("Direct Access", on="HQ")
    game.remove_from_game("Direct Access", by="runner")
    game.proceed_to_end()
    assert game.log.mentioning("Direct Access is not in the heap: there is nothing to shuffle")
    game.runner.answers("yes")  # Zahya: gain 1 credit for the access?
    game.run_on("HQ")
    game.proceed_to_end()
    assert game.runner.credits == 1
