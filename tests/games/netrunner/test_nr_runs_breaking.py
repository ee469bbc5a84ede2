"""Breaking subroutines (rule_break_subroutine and the interface rules of chapter 9): what
can break which subroutines, named how, and what a break ability costs."""

from __future__ import annotations

import pytest

from rulesref.engine.errors import IllegalAction, IllegalChoice
from rulesref.games.netrunner import Game


def _encountering(ice: list[str], **runner: object) -> Game:
    """The Runner encounters the outermost of ``ice`` (all rezzed) on HQ."""
    game = Game.given(
        corp={"ice": {"HQ": ice}, "rezzed": ice, "hq": ["Hedge Fund"]},
        runner={"credits": 5, **runner},
        turn="runner",
    )
    game.run_on("HQ")
    game.proceed()  # approach the outermost ice
    game.proceed()  # encounter it
    assert game.window == "encounter ice"
    return game


@pytest.mark.parametrize(
    ("rig", "grip", "breaker", "numbers", "error", "message"),
    [
        (["Fermenter"], [], "Fermenter", (1,), IllegalAction, "not an active card that breaks"),
        ([], ["Corroder"], "Corroder", (1,), IllegalAction, "not an active card that breaks"),
        (["Corroder"], [], "Corroder", (1, 1), IllegalChoice, "name each subroutine to break once"),
    ],
)
def test_what_cannot_break(
    rig: list[str],
    grip: list[str],
    breaker: str,
    numbers: tuple[int, ...],
    error: type,
    message: str,
) -> None:
    game = _encountering(["Ice Wall"], rig=rig, grip=grip)
    before = game.state()
    with pytest.raises(error, match=message):
        game.break_subroutines(breaker, *numbers)
    assert game.state() == before


def test_ice_breaks_only_its_own_subroutines() -> None:
    # Brân 1.0's ability breaks a subroutine of Brân 1.0, not of the ice encountered.
    game = _encountering(["Brân 1.0", "Ice Wall"])
    before = game.state()
    with pytest.raises(IllegalAction, match="Ice Wall is not one"):
        game.break_subroutines("Brân 1.0", 1)
    assert game.state() == before


def test_grappling_hook_breaks_all_but_its_target_and_is_trashed() -> None:
    game = _encountering(["Rototurret"], rig=["Grappling Hook"])
    with pytest.raises(IllegalChoice, match="name the 1 subroutine it will not break"):
        game.break_subroutines("Grappling Hook", 1, 2)
    game.break_subroutines("Grappling Hook", 2)  # all but subroutine 2
    assert game.log.mentioning("Grappling Hook (break all but 1 subroutine)")
    assert game.log.mentioning("breaks subroutine 1 of Rototurret")
    assert game.card("Grappling Hook").zone_type.value == "discard pile"


def test_gbahali_breaks_only_the_last_subroutine_and_is_trashed() -> None:
    game = _encountering(["Rototurret"], rig=["Gbahali"])
    with pytest.raises(IllegalChoice, match="breaks only the last subroutine"):
        game.break_subroutines("Gbahali", 1)
    game.break_subroutines("Gbahali", 2)
    assert game.log.mentioning("Gbahali (break the last subroutine)")
    assert game.card("Gbahali").zone_type.value == "discard pile"
