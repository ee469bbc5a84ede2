"""Mirāju, Brân 1.0 and Shiro: what their subroutines do, beyond their scenarios."""

from __future__ import annotations

from rulesref.games.netrunner import Game


def _encountering(title: str, **corp: object) -> Game:
    game = Game.given(corp={"ice": {"HQ": [title]}, "rezzed": [title], **corp}, turn="runner")
    game.start_run("HQ")
    return game


def test_miraju_draws_then_shuffles_a_card_of_hq_back_into_rnd() -> None:
    game = _encountering("Mirāju", hq=["Ice Wall"], rnd=["Enigma"])
    game.corp.answers("yes", "Ice Wall")
    mark = game.log.mark()
    game.fire_subroutine("Mirāju", 1)
    assert [c.title for c in game.corp.hq] == ["Enigma"]
    assert [c.title for c in game.corp.rnd] == ["Ice Wall"]
    lines = str(game.log.since(mark)).splitlines()
    drew = next(i for i, line in enumerate(lines) if "Corp draws 1 card" in line)
    added = next(i for i, line in enumerate(lines) if "adds Ice Wall" in line)
    shuffled = next(i for i, line in enumerate(lines) if "shuffles R&D" in line)
    assert drew < added < shuffled


def test_miraju_with_an_empty_hq_shuffles_nothing_back() -> None:
    game = _encountering("Mirāju", rnd=["Enigma"])
    game.corp.answers("no")
    game.fire_subroutine("Mirāju", 1)
    assert game.log.mentioning("HQ is empty, so no card is shuffled into R&D")
    assert [c.title for c in game.corp.rnd] == ["Enigma"]


def test_bran_installs_ice_from_hq_inside_it_at_no_cost() -> None:
    game = _encountering("Brân 1.0", hq=["Enigma"], credits=0)
    game.corp.answers("Enigma", "no")  # which ice? trash Brân 1.0 to make room?
    game.fire_subroutine("Brân 1.0", 1)
    assert repr(game.card("Enigma")) == "<Enigma: protecting HQ at position 1, unrezzed>"
    assert game.corp.credits == 0


def test_shiro_arranges_the_top_3_and_the_corp_may_pay_1_credit_to_stop_the_breach() -> None:
    game = _encountering("Shiro", rnd=["Hedge Fund", "Ice Wall", "Enigma", "Architect"], credits=5)
    game.corp.answers("Enigma", "Ice Wall")
    game.fire_subroutine("Shiro", 1)
    assert [c.title for c in game.corp.rnd] == ["Enigma", "Ice Wall", "Hedge Fund", "Architect"]
    assert game.corp.unused_answers == []
    game.corp.answers("yes")
    game.fire_subroutine("Shiro", 2)
    assert game.corp.credits == 4
    assert not game.log.mentioning("breaches R&D")
