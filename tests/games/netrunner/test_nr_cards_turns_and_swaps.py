"""Aesop's Pawnshop with nothing else installed, or only the Corp's cards; Metamorph with
no legal exchange."""

from __future__ import annotations

from rulesref.games.netrunner import Game


def test_aesops_pawnshop_has_only_the_runners_other_cards_to_trash() -> None:
    game = Game.given(
        corp={"rnd": ["Hedge Fund"], "ice": {"HQ": ["Ice Wall"]}},
        runner={"rig": ["Aesop\u2019s Pawnshop"]},
    )
    game.runner.answers("yes")  # use Aesop's Pawnshop?
    game.end_turn("corp")
    game.begin_turn("runner")
    assert game.log.mentioning("the Runner has no other installed card")
    assert game.card("Ice Wall").installed


def test_metamorph_with_no_legal_exchange_swaps_nothing() -> None:
    game = Game.given(
        corp={"ice": {"HQ": ["Metamorph", "Ice Wall"]}, "rezzed": ["Metamorph"]}, turn="runner"
    )
    game.fire_subroutine("Metamorph", 1)
    assert game.log.mentioning("no exchange of 2 cards is legal, so nothing is swapped")
