"""Bacterial Programming, Priority Construction and Vaporframe Fabricator: the clauses of
their text the scenarios leave unplayed."""

from __future__ import annotations

from rulesref.games.netrunner import Game


def test_bacterial_programming_adds_trashes_and_arranges_the_top_7_only() -> None:
    rnd = [
        "Hedge Fund", "Ice Wall", "Enigma", "Raman Rai", "Fast Break", "Tollbooth",
        "Rototurret", "Architect",
    ]  # fmt: skip
    game = Game.given(
        corp={
            "rnd": rnd,
            "remote": {"Server 1": ["Bacterial Programming"]},
            "counters": {"Bacterial Programming": {"advancement": 5}},
        }
    )
    # use it? add which to HQ? (then none) trash which? (then none) the order of 4 of 5
    game.corp.answers(
        "yes", "Hedge Fund", "none", "Ice Wall", "none", "Enigma", "Raman Rai", "Fast Break",
        "Tollbooth",
    )  # fmt: skip
    game.score("Bacterial Programming")
    assert [c.title for c in game.corp.hq] == ["Hedge Fund"]
    assert [c.title for c in game.corp.archives] == ["Ice Wall"]
    assert [c.title for c in game.corp.rnd] == [
        "Enigma", "Raman Rai", "Fast Break", "Tollbooth", "Rototurret", "Architect",
    ]  # fmt: skip
    assert game.corp.unused_answers == []


def test_priority_construction_costs_a_click_more_and_installs_for_free() -> None:
    game = Game.given(
        corp={
            "hq": ["Priority Construction", "Enigma"],
            "ice": {"Server 1": ["Ice Wall"]},
            "remote": {"Server 1": ["Raman Rai"]},
            "credits": 1,
        }
    )
    game.corp.answers("Server 1")
    game.play("Priority Construction")
    assert game.corp.clicks == 3 - 2
    assert game.corp.credits == 0
    assert repr(game.card("Enigma")) == "<Enigma: protecting Server 1 at position 2, unrezzed>"
    assert game.card("Enigma").counters["advancement"] == 3


def test_priority_construction_with_no_ice_in_hq_installs_nothing() -> None:
    game = Game.given(corp={"hq": ["Priority Construction", "Hedge Fund"]})
    game.play("Priority Construction")
    assert game.log.mentioning("Priority Construction: there is no ice in HQ")


def _vaporframe(turn: str = "runner") -> Game:
    return Game.given(
        corp={
            "hq": ["Enigma"],
            "ice": {"HQ": ["Ice Wall"]},
            "remote": {"Server 1": ["Vaporframe Fabricator"], "Server 2": ["Raman Rai"]},
            "rezzed": ["Vaporframe Fabricator"],
            "credits": 0,
        },
        turn=turn,
    )


def test_vaporframe_fabricator_installs_ignoring_all_costs() -> None:
    game = _vaporframe()
    game.corp.answers("yes", "Enigma", "HQ", "no")  # use it? which? where? trash Ice Wall?
    game.trash("Vaporframe Fabricator", by="runner")
    assert repr(game.card("Enigma")) == "<Enigma: protecting HQ at position 2, unrezzed>"
    assert game.corp.credits == 0
    game = _vaporframe("corp")
    game.corp.answers("Enigma", "HQ", "no")
    game.use("Vaporframe Fabricator")
    assert repr(game.card("Enigma")) == "<Enigma: protecting HQ at position 2, unrezzed>"
    assert game.corp.credits == 0


def test_vaporframe_fabricator_may_be_declined_and_ignores_other_trashes() -> None:
    game = _vaporframe()
    game.corp.answers("yes")
    game.trash("Raman Rai", by="runner")
    assert game.corp.unused_answers == ["yes"]
    game = _vaporframe()
    game.corp.answers("no")
    game.trash("Vaporframe Fabricator", by="runner")
    assert game.card("Enigma").zone_type.value == "hand"
