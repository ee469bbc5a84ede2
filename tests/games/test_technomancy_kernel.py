"""Technomancy on the kernel: its errors, log, board reader and rollback are the kernel's."""

from __future__ import annotations

import pytest

from rulesref.engine.errors import BadSetup, CannotPay, IllegalAction, IllegalChoice, RulesViolation
from rulesref.engine.log import Log as KernelLog
from rulesref.games.technomancy import Game


def test_refusals_are_kernel_errors_message_first() -> None:
    game = Game.given(Ada={"hand": ["Short Circuit"]}, Bo={"battlefield": ["Netrunner Kid"]})
    with pytest.raises(RulesViolation) as refused:
        game.play("Short Circuit", target="Netrunner Kid", by="Bo")
    assert isinstance(refused.value, IllegalAction)
    assert str(refused.value).endswith(f"({refused.value.rule})")
    assert refused.value.rule.startswith("tm_")


def test_the_log_is_the_kernels() -> None:
    game = Game.given(Ada={"hand": ["Short Circuit"]})
    assert isinstance(game.log, KernelLog)
    assert all(entry.rules and entry.rules[0].startswith("tm_") for entry in game.log)
    with pytest.raises(KeyError):
        game.log.add("tm_99_99", "a rule the book does not have")


def test_an_unpayable_play_leaves_the_whole_state_as_it_was() -> None:
    game = Game.given(
        Ada={"hand": ["Short Circuit"], "battlefield": ["Corp1 Relay"], "scrip": {"CORP2": 1}},
        Bo={"battlefield": ["Black Wall", "Netrunner Kid"]},
    )
    relay = game.state.cards[game.card("Corp1 Relay").id]
    before = game.fingerprint()
    with pytest.raises(CannotPay):
        game.play("Short Circuit", target="Netrunner Kid", scrip_from=["Corp1 Relay"])
    assert game.fingerprint() == before
    # restored in place: the objects a caller holds show the old state
    assert game.state.cards[relay.id] is relay and not relay.tapped


def test_a_refused_advance_undoes_the_passes_it_made() -> None:
    game = Game.given(Ada={"hand": ["Short Circuit"] * 9, "library": ["Short Circuit"]})
    before = game.fingerprint()
    # the cleanup phase asks Ada what to discard down to her hand size (rule 3.3.6.2),
    # and no answer was given
    with pytest.raises(IllegalChoice) as refused:
        game.advance_to("main", turn=3)
    assert refused.value.rule == "tm_3_3_6_2"
    assert game.fingerprint() == before
    assert (game.turn, game.phase.value) == (1, "main")


@pytest.mark.parametrize(
    "board",
    [
        {"Ada": {"hand": ["No Such Card"]}},
        {"Ada": {"battlefield": ["Street Samurai (tapped, helth 3)"]}},
        {"Ada": {"hnad": ["Short Circuit"]}},
        {"Ada": {"scrip": {"CORP9": 1}}},
        {"Ada": {"scrip": {"CORP1": -1}}},
        {"Ada": {"health": -3}},
        {"Ada": ["Short Circuit"]},
    ],
)
def test_impossible_boards_are_refused(board: dict[str, object]) -> None:
    with pytest.raises(BadSetup):
        Game.given(**board)  # type: ignore[arg-type]


def test_the_active_player_must_be_playing() -> None:
    with pytest.raises(BadSetup):
        Game.given(active="Cy")
