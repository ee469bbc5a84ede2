"""Swaps (rule_swap_only_to_valid_location): each card takes the other's exact place, at
the same time, and a card entering the play area by a swap is installed facedown."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from rulesref.engine.errors import IllegalChoice
from rulesref.games.netrunner import Game
from rulesref.games.netrunner.state.objects import NetrunnerCard


def titles(cards: Sequence[NetrunnerCard]) -> list[str]:
    return [c.title for c in cards]


def test_two_cards_of_one_zone_change_places_and_become_new_objects() -> None:
    game = Game.given(corp={"hq": ["Hedge Fund", "Ice Wall", "Enigma"]})
    before = {c.title: c.object_id for c in game.zone("HQ")}
    game.swap("Hedge Fund", "Enigma", by="corp")
    assert titles(game.zone("HQ")) == ["Enigma", "Ice Wall", "Hedge Fund"]
    after = {c.title: c.object_id for c in game.zone("HQ")}
    assert after["Ice Wall"] == before["Ice Wall"]
    assert after["Hedge Fund"] != before["Hedge Fund"]
    assert after["Enigma"] != before["Enigma"]


@pytest.mark.parametrize(
    "order", [("Ice Wall", "Hostile Takeover"), ("Hostile Takeover", "Ice Wall")]
)
def test_a_card_swapped_into_archives_takes_the_facing_archives_gives_it(
    order: tuple[str, str],
) -> None:
    game = Game.given(
        corp={
            "hq": ["Hedge Fund", "Ice Wall", "Enigma"],
            "archives": ["Hostile Takeover"],
            "archives_facedown": ["Wall of Static"],
        }
    )
    game.swap(*order, by="corp")
    assert titles(game.zone("HQ")) == ["Hedge Fund", "Hostile Takeover", "Enigma"]
    assert titles(game.zone("Archives")) == ["Ice Wall", "Wall of Static"]
    assert not game.card("Ice Wall").faceup, "a card from HQ enters Archives facedown"


@pytest.mark.parametrize("order", [("Ice Wall", "Wall of Static"), ("Wall of Static", "Ice Wall")])
def test_a_card_swapped_with_ice_protects_the_server_in_its_position(
    order: tuple[str, str],
) -> None:
    game = Game.given(
        corp={
            "ice": {"HQ": ["Ice Wall", "Enigma"]},
            "rezzed": ["Ice Wall"],
            "hq": ["Hedge Fund", "Wall of Static", "Hostile Takeover"],
        }
    )
    game.swap(*order, by="corp")
    assert titles(game.server("HQ").ice) == ["Wall of Static", "Enigma"]
    incoming = game.card("Wall of Static")
    assert incoming.installed and not incoming.faceup and not incoming.rezzed
    assert titles(game.zone("HQ")) == ["Hedge Fund", "Ice Wall", "Hostile Takeover"]
    leaving = game.card("Ice Wall")
    assert not leaving.installed and leaving.server is None
    assert not leaving.rezzed


@pytest.mark.parametrize(
    "order",
    [("Ash 2X3ZB9CY", "Hostile Infrastructure"), ("Hostile Infrastructure", "Ash 2X3ZB9CY")],
)
def test_a_card_swapped_into_a_root_is_installed_there_facedown(order: tuple[str, str]) -> None:
    game = Game.given(
        corp={
            "remote": {"Server 1": ["Ash 2X3ZB9CY", "Hostile Takeover"]},
            "hq": ["Hedge Fund", "Hostile Infrastructure", "Ice Wall"],
        }
    )
    game.swap(*order, by="corp")
    assert titles(game.server("Server 1").root) == ["Hostile Infrastructure", "Hostile Takeover"]
    incoming = game.card("Hostile Infrastructure")
    assert incoming.installed and not incoming.faceup and not incoming.rezzed
    assert incoming.server is game.server("Server 1")
    assert titles(game.zone("HQ")) == ["Hedge Fund", "Ash 2X3ZB9CY", "Ice Wall"]
    leaving = game.card("Ash 2X3ZB9CY")
    assert not leaving.installed and not leaving.faceup


def test_no_swap_puts_an_agenda_or_asset_in_a_central_root() -> None:
    game = Game.given(
        corp={"remote": {"Server 1": ["Hostile Takeover"]}, "root": {"HQ": ["Ash 2X3ZB9CY"]}}
    )
    before = game.state()
    with pytest.raises(IllegalChoice, match="in the root of HQ, a central server"):
        game.swap("Hostile Takeover", "Ash 2X3ZB9CY", by="corp")
    assert game.state() == before
