"""Deck construction counts, and how a payment is divided between hosted credits and the
pool: the cases the scenarios do not reach."""

from __future__ import annotations

import pytest

from rulesref.engine.errors import BadSetup
from rulesref.games.netrunner import Game, check_deck
from rulesref.games.netrunner.procedures.decks import agenda_points_required

IDENTITY = "Gagarin Deep Space: Expanding the Horizon"


@pytest.mark.parametrize(
    ("size", "points", "rule"),
    [
        (39, None, None),
        (40, (18, 19), "rule_40_44"),
        (44, (18, 19), "rule_40_44"),
        (45, (20, 21), "rule_45_49"),
        (50, (22, 23), "rule_50_54"),
        (54, (22, 23), "rule_50_54"),
        (55, (24, 25), "rule_54+"),
        (59, (24, 25), "rule_54+"),
        (60, (26, 27), "rule_54+"),
    ],
)
def test_agenda_points_by_deck_size(
    size: int, points: tuple[int, int] | None, rule: str | None
) -> None:
    found = agenda_points_required(size)
    assert (found is None and points is None) or found == (points, rule)


def test_disallowed_cards_and_bad_entries() -> None:
    report = check_deck(IDENTITY, {"Diesel": 1, "Obokata Protocol": 1, "Hedge Fund": 2})
    assert report.size == 4
    assert report.agenda_points_required is None
    assert [p.split(" ")[0] for p in report.problems] == ["Diesel", "Obokata"]
    assert report.agenda_points == 0, "a refused card adds no agenda points"
    with pytest.raises(BadSetup):
        check_deck("Hedge Fund", {"Diesel": 1})
    with pytest.raises(BadSetup):
        check_deck(IDENTITY, {"No Such Card": 1})
    with pytest.raises(BadSetup):
        check_deck(IDENTITY, {"Hedge Fund": 0})
    with pytest.raises(BadSetup):
        check_deck(IDENTITY, {"Hedge Fund": True})


def test_a_payment_is_divided_among_allowed_cards_and_the_pool() -> None:
    game = Game.given(
        corp={"ice": {"HQ": ["Tollbooth"]}, "rezzed": ["Tollbooth"]},
        runner={"rig": ["Ghost Runner (3 credit)", "Cyberfeeder"], "credits": 1},
        turn="runner",
    )
    asked: list[list[int]] = []

    def decide(decision: object) -> object:
        options = [o.value for o in decision.options]  # type: ignore[attr-defined]
        asked.append(options)
        return options[0]

    game.runner.decides_with(decide)
    game.run_on("HQ")
    game.proceed()
    game.proceed()  # Tollbooth: 3 credits; Ghost Runner may pay, Cyberfeeder may not
    assert asked == [[2, 3]], "at least 2 from Ghost Runner: the pool holds only 1"
    assert game.runner.credits == 0
    assert game.card("Ghost Runner").counters["credit"] == 1
    assert game.card("Cyberfeeder").counters["credit"] == 1


def test_two_allowed_cards_share_a_payment() -> None:
    game = Game.given(
        corp={"ice": {"HQ": ["Tollbooth"]}, "rezzed": ["Tollbooth"]},
        runner={"rig": ["Ghost Runner (3 credit)", "Ghost Runner (3 credit)"], "credits": 0},
        turn="runner",
    )
    asked: list[list[int]] = []

    def decide(decision: object) -> object:
        options = [o.value for o in decision.options]  # type: ignore[attr-defined]
        asked.append(options)
        return options[1]

    game.runner.decides_with(decide)
    game.run_on("HQ")
    game.proceed()
    game.proceed()
    assert asked == [[0, 1, 2, 3]], "the second card can pay all 3: the first may pay none"
    first, second = game.cards("Ghost Runner")
    assert (first.counters["credit"], second.counters["credit"]) == (2, 1)
