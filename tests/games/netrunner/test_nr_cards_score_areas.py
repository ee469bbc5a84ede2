"""Next Big Thing and Exchange of Information, beyond their scenarios."""

from __future__ import annotations

from rulesref.games.netrunner import Game


def test_next_big_thing_scored_gets_a_counter_spent_with_a_click_to_draw_4() -> None:
    game = Game.given(
        corp={
            "remote": {"Server 1": ["Next Big Thing"]},
            "counters": {"Next Big Thing": {"advancement": 5}},
            "rnd": ["Hedge Fund", "Ice Wall", "Enigma", "Architect", "Tollbooth"],
        }
    )
    game.score("Next Big Thing")
    assert game.card("Next Big Thing").counters["agenda"] == 1
    clicks = game.corp.clicks
    game.corp.answers("Ice Wall", "no more")
    mark = game.log.mark()
    game.use("Next Big Thing")
    assert game.corp.clicks == clicks - 1
    assert sorted(c.title for c in game.corp.hq) == ["Architect", "Enigma", "Hedge Fund"]
    assert len(game.corp.rnd) == 2
    lines = str(game.log.since(mark)).splitlines()
    drew = next(i for i, line in enumerate(lines) if "Corp draws 4 cards" in line)
    added = next(i for i, line in enumerate(lines) if "adds Ice Wall" in line)
    shuffled = next(i for i, line in enumerate(lines) if "shuffles R&D" in line)
    assert drew < added < shuffled


def test_exchange_of_information_with_an_empty_score_area_swaps_nothing() -> None:
    game = Game.given(
        corp={"hq": ["Exchange of Information"], "score_area": ["Hostile Takeover"]},
        runner={"tags": 1},
    )
    game.play("Exchange of Information")
    assert game.log.mentioning("Exchange of Information: a score area has no agenda to swap")
    assert [c.title for c in game.corp.score_area] == ["Hostile Takeover"]
