"""What a card's behaviour answers when the card says nothing more: filler cards refuse
what they do not model, and credits a card hosts pay only what it names."""

from __future__ import annotations

import pytest

from rulesref.engine.errors import CannotPay
from rulesref.games.netrunner import Game
from rulesref.games.netrunner.errors import UnimplementedCard


@pytest.mark.parametrize("title", ["Hostile Takeover", "Priority Requisition"])
def test_scoring_a_filler_agenda_is_refused_not_done_halfway(title: str) -> None:
    """Its scoring ability is not modelled: scoring it without would leave it out
    silently, so nothing is done."""
    game = Game.given(
        corp={"remote": {"Server 1": [f"{title} (5 advancement)"]}, "credits": 5}, turn="corp"
    )
    before = game.state()
    with pytest.raises(UnimplementedCard, match="its scoring abilities are not modelled"):
        game.score(title)
    assert game.state() == before
    assert game.corp.score_area == []


@pytest.mark.parametrize("credits", [0, 1])
def test_credits_a_card_hosts_pay_nothing_it_does_not_name(credits: int) -> None:
    """Kati Jones hosts credits the Runner can only take: they do not pay an install."""
    game = Game.given(
        runner={"rig": ["Kati Jones (3 credit)"], "grip": ["Cache"], "credits": credits},
        turn="runner",
    )
    if credits:
        game.install("Cache")
        assert game.card("Cache").installed
        assert game.runner.credits == 0
    else:
        with pytest.raises(CannotPay, match="the Runner has 0 credits"):
            game.install("Cache")
    assert game.card("Kati Jones").counters["credit"] == 3
