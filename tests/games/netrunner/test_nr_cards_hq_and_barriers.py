"""Cards of the Runner's grip and the Corp's HQ that the scenarios play only in part:
Border Control, Panic Button, Utopia Shard, and the Runner cards of the chapter on game
concepts (Diesel, T400 Memory Diamond, Professional Contacts, Zer0, Clan Vengeance)."""

from __future__ import annotations

import pytest

from rulesref.engine.errors import IllegalAction, RulesViolation
from rulesref.games.netrunner import Game


def _order(game: Game, *needles: str) -> list[int]:
    """Where each needle first shows in the log, so a test can check what came first."""
    lines = str(game.log).splitlines()
    return [next(i for i, line in enumerate(lines) if needle in line) for needle in needles]


def test_border_control_ends_a_run_on_its_own_server_only() -> None:
    game = Game.given(
        corp={"ice": {"HQ": ["Border Control"], "R&D": ["Ice Wall"]}, "rezzed": ["Border Control"]},
        turn="runner",
    )
    game.run_on("R&D")
    with pytest.raises((IllegalAction, RulesViolation), match="only during a run on HQ"):
        game.use("Border Control")
    game.proceed_to_end()
    game.run_on("HQ")
    game.use("Border Control")
    assert game.run is None
    assert game.card("Border Control").zone_type.value == "discard pile"


def test_border_control_second_subroutine_ends_the_run() -> None:
    game = Game.given(
        corp={"ice": {"HQ": ["Border Control"]}, "rezzed": ["Border Control"]}, turn="runner"
    )
    game.start_run("HQ")
    game.fire_subroutine("Border Control", 2)
    assert game.run is None
    assert game.log.mentioning("Border Control subroutine 2")


def test_panic_button_goes_in_hq_and_draws_during_a_run_on_hq_for_1_credit() -> None:
    game = Game.given(corp={"hq": ["Panic Button"], "rnd": ["Hedge Fund"] * 3})
    before = game.state()
    with pytest.raises(IllegalAction, match="only in the root of HQ"):
        game.install("Panic Button", server="new")
    assert game.state() == before
    game.install("Panic Button", server="HQ")
    game.rez("Panic Button")
    credits = game.corp.credits
    with pytest.raises((IllegalAction, RulesViolation), match="only during a run on HQ"):
        game.use("Panic Button")
    game.begin_turn("runner")
    game.run_on("R&D")
    with pytest.raises((IllegalAction, RulesViolation), match="only during a run on HQ"):
        game.use("Panic Button")
    game.proceed_to_end()
    game.run_on("HQ")
    hand = len(game.corp.hq)
    game.use("Panic Button")
    assert len(game.corp.hq) == hand + 1
    assert game.corp.credits == credits - 1


def test_utopia_shard_installs_from_the_grip_for_free_instead_of_breaching_hq() -> None:
    game = Game.given(
        corp={"hq": ["Hedge Fund"] * 3}, runner={"grip": ["Utopia Shard"]}, turn="runner"
    )
    game.run_on("R&D")
    game.proceed_to_end()
    assert game.card("Utopia Shard").zone_type.value == "hand", "only a run on HQ"
    game.runner.answers("yes")
    game.run_on("HQ")
    game.proceed_to_end()
    assert game.card("Utopia Shard").installed
    assert game.runner.credits == 5, "ignoring all costs"
    assert game.log.mentioning("Runner breaches HQ: replaced entirely")
    # Installed, it no longer offers to install itself: this breach takes place.
    mark = game.log.mark()
    game.run_on("HQ")
    game.proceed_to_end()
    assert "replaced entirely" not in str(game.log.since(mark))
    assert "Runner breaches HQ" in str(game.log.since(mark))


def test_utopia_shard_declined_lets_the_runner_breach() -> None:
    game = Game.given(corp={"hq": ["Hedge Fund"]}, runner={"grip": ["Utopia Shard"]}, turn="runner")
    game.runner.answers("no")
    game.run_on("HQ")
    game.proceed_to_end()
    assert game.card("Utopia Shard").zone_type.value == "hand"


@pytest.mark.parametrize(("in_hq", "left"), [(3, 1), (1, 0)])
def test_utopia_shard_trashed_discards_2_cards_of_hq_at_random(in_hq: int, left: int) -> None:
    game = Game.given(corp={"hq": ["Hedge Fund"] * in_hq}, runner={"rig": ["Utopia Shard"]})
    game.use("Utopia Shard")
    assert len(game.corp.hq) == left
    assert len(game.zone("Archives")) == in_hq - left


def test_diesel_draws_3_and_t400_adds_a_card_of_hand_size_to_the_runner_only() -> None:
    game = Game.given(
        runner={"grip": ["Diesel", "T400 Memory Diamond"], "stack": ["Zer0"] * 5},
        turn="runner",
    )
    game.play("Diesel")
    assert len(game.runner.grip) == 1 + 3
    assert (game.max_hand_size("runner"), game.max_hand_size("corp")) == (5, 5)
    game.install("T400 Memory Diamond")
    assert (game.max_hand_size("runner"), game.max_hand_size("corp")) == (6, 5)


def test_professional_contacts_and_zer0_gain_before_they_draw() -> None:
    game = Game.given(
        runner={"rig": ["Professional Contacts", "Zer0"], "stack": ["Diesel"] * 4},
        turn="runner",
    )
    game.use("Professional Contacts")
    assert (game.runner.credits, len(game.runner.grip)) == (6, 1)
    gain, draw = _order(game, "the Runner gains 1 credit", "Runner draws 1 card")
    assert gain < draw
    mark = game.log.mark()
    game.use("Zer0")
    lines = str(game.log.since(mark)).splitlines()
    gains = next(i for i, line in enumerate(lines) if "gains 1 credit" in line)
    draws = next(i for i, line in enumerate(lines) if "Runner draws 2 cards" in line)
    assert gains < draws


@pytest.mark.parametrize(("in_hq", "power", "trashed"), [(3, 2, 2), (1, 2, 1), (2, 0, 0)])
def test_clan_vengeance_trashes_as_many_random_cards_of_hq_as_it_had_counters(
    in_hq: int, power: int, trashed: int
) -> None:
    game = Game.given(
        corp={"hq": ["Hedge Fund"] * in_hq},
        runner={"rig": ["Clan Vengeance"], "counters": {"Clan Vengeance": {"power": power}}},
        turn="runner",
    )
    game.use("Clan Vengeance")
    assert game.card("Clan Vengeance").zone_type.value == "discard pile"
    assert len(game.corp.hq) == in_hq - trashed
    assert len(game.zone("Archives")) == trashed
