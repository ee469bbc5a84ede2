"""The Netrunner facade: each action checks what it is given, in the order of its
arguments, before anything happens, and does what it says to the right card and place."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from rulesref.engine.errors import CannotPay, IllegalAction, IllegalChoice
from rulesref.games.netrunner import Game, UnimplementedCard

#: Not a name, nor a function: what a careless caller might pass anywhere.
FIVE: Any = 5
X: Any = "x"


def refused(action: Callable[[], object], game: Game, *, naming: str) -> None:
    """``action`` is refused with an error about the argument ``naming``, and changes
    nothing."""
    before = game.state()
    with pytest.raises(IllegalChoice) as error:
        action()
    assert str(error.value).startswith(naming), error.value
    assert game.state() == before


def test_drawing_simultaneously_draws_for_each_side_named() -> None:
    game = Game.given(corp={"rnd": ["Hedge Fund"]}, runner={"stack": ["Corroder"]})
    game.draw_simultaneously(corp=1, runner=1)
    assert [c.title for c in game.zone("HQ")] == ["Hedge Fund"]
    assert [c.title for c in game.zone("grip")] == ["Corroder"]


def test_drawing_simultaneously_checks_every_keyword_before_drawing() -> None:
    game = Game.given(corp={"rnd": ["Hedge Fund"]}, runner={"stack": ["Corroder"]})
    refused(
        lambda: game.draw_simultaneously(corp=1, bob=1),
        game,
        naming="draw_simultaneously's keywords",
    )
    refused(lambda: game.draw_simultaneously(bob=-1), game, naming="draw_simultaneously's keywords")
    refused(lambda: game.draw_simultaneously(corp=-1), game, naming="corp must be")
    refused(lambda: game.draw_simultaneously(corp=X), game, naming="corp must be")


def test_a_card_added_to_a_deck_goes_on_top_unless_told_the_bottom() -> None:
    game = Game.given(corp={"rnd": ["Hedge Fund", "Ice Wall"], "hq": ["Enigma", "Wall of Static"]})
    game.add("Enigma", "R&D", by="corp")
    game.add("Wall of Static", "R&D", by="corp", bottom=True)
    assert [c.title for c in game.zone("R&D")] == [
        "Enigma",
        "Hedge Fund",
        "Ice Wall",
        "Wall of Static",
    ]


def test_set_aside_puts_the_card_in_the_set_aside_zone() -> None:
    game = Game.given(corp={"hq": ["Hedge Fund"]})
    game.set_aside("Hedge Fund", by="corp")
    assert [c.title for c in game.zone("set aside")] == ["Hedge Fund"]
    assert game.zone("HQ") == []


def test_steal_puts_the_agenda_in_the_runners_score_area() -> None:
    game = Game.given(corp={"remote": {"Server 1": ["Hostile Takeover"]}}, turn="runner")
    game.steal("Hostile Takeover")
    assert [c.title for c in game.runner.score_area] == ["Hostile Takeover"]
    assert game.runner.agenda_points == 1


def test_effects_check_their_arguments_first_to_last() -> None:
    game = Game.given(corp={"remote": {"Server 1": ["Hostile Takeover"]}}, turn="runner")
    refused(lambda: game.damage("bogus", -1), game, naming="damage_type")
    refused(lambda: game.damage("net", X), game, naming="amount")
    refused(lambda: game.take_bad_publicity(0), game, naming="amount")
    refused(lambda: game.take_bad_publicity(-1, cause=FIVE), game, naming="amount")
    refused(lambda: game.take_tags(0), game, naming="amount")
    refused(lambda: game.take_tags(-1, cause=FIVE), game, naming="amount")
    refused(lambda: game.resolve_trash("bogus", 0, chooser="x"), game, naming="card_type")
    refused(lambda: game.resolve_trash("program", 0, chooser="corp"), game, naming="count")
    refused(lambda: game.resolve_trash("program", 0, chooser="x"), game, naming="count")
    refused(lambda: game.resolve_trash("program", 1, chooser="x"), game, naming="chooser")
    refused(lambda: game.in_next_window(FIVE), game, naming="plan an action")


def test_additional_accesses_check_the_count_before_the_server() -> None:
    game = Game.given(corp={"hq": ["Hedge Fund"]}, turn="runner")
    game.run_on("HQ")
    refused(lambda: game.access_additional(0, server="HQ"), game, naming="count")
    refused(lambda: game.access_additional(0, server="Nowhere"), game, naming="count")


def test_a_forced_encounter_needs_rezzed_ice() -> None:
    game = Game.given(corp={"ice": {"HQ": ["Ice Wall"]}}, turn="runner")
    game.run_on("HQ")
    before = game.state()
    with pytest.raises(IllegalAction, match="not rezzed ice"):
        game.encounter("Ice Wall")
    assert game.state() == before


def test_an_unimplemented_card_names_its_title() -> None:
    with pytest.raises(UnimplementedCard) as error:
        Game.given(runner={"grip": ["Easy Mark"]})
    assert error.value.title == "Easy Mark"


def test_a_new_game_gives_each_player_five_credits_and_nothing_else() -> None:
    game = Game()
    for player in (game.corp, game.runner):
        assert (player.credits, player.clicks, player.tags, player.bad_publicity) == (5, 0, 0, 0)


def test_a_zone_is_named_by_a_non_empty_name() -> None:
    game = Game.given()
    refused(lambda: game.zone(FIVE), game, naming="zone must be")
    refused(lambda: game.zone(" "), game, naming="zone must be")
    refused(lambda: game.zone("attic"), game, naming="no zone called 'attic'")


def test_the_end_of_a_turn_is_an_event_of_that_turn() -> None:
    game = Game.given()
    game.end_turn("corp")
    assert [e.describe() for e in game.events_this_turn()] == ["the Corp's turn ends"]


STACK = ["Corroder", "Gordian Blade", "Cache", "Kati Jones", "Mimic", "Femme Fatale"]


def test_a_searched_deck_is_shuffled_into_new_objects() -> None:
    orders = set()
    for seed in range(3):
        game = Game.given(runner={"stack": STACK}, turn="runner", seed=seed)
        before = {c.title: c.object_id for c in game.zone("stack")}
        game.search("stack", "Cache", by="runner")
        assert [c.title for c in game.zone("grip")] == ["Cache"]
        left = game.zone("stack")
        assert all(c.object_id != before[c.title] for c in left)
        orders.add(tuple(c.title for c in left))
    assert len(orders) > 1, "the deck's order after a search depends on the shuffle"


def turning_refused(turn: Callable[[str], None], game: Game, card: str) -> None:
    before = game.state()
    with pytest.raises(IllegalAction, match="is not an installed"):
        turn(card)
    assert game.state() == before


def test_only_an_installed_runner_card_turns_facedown_or_faceup() -> None:
    game = Game.given(
        corp={"ice": {"HQ": ["Ice Wall"]}, "rezzed": ["Ice Wall"]},
        runner={"rig": ["Corroder"], "grip": ["Cache"]},
        turn="runner",
    )
    for card in ("Ice Wall", "Cache"):
        turning_refused(game.turn_facedown, game, card)
        turning_refused(game.turn_faceup, game, card)
    turning_refused(game.turn_faceup, game, "Corroder")
    game.turn_facedown("Corroder")
    assert game.card("Corroder").facedown
    turning_refused(game.turn_facedown, game, "Corroder")
    game.turn_faceup("Corroder")
    assert game.card("Corroder").faceup


def test_a_turn_gives_its_player_their_clicks_and_takes_the_others() -> None:
    game = Game.given(corp={"clicks": 2})
    game.begin_turn("runner")
    assert (game.corp.clicks, game.runner.clicks) == (0, 4)
    game.begin_turn("corp")
    assert (game.corp.clicks, game.runner.clicks) == (3, 0)


def test_only_the_active_player_ends_their_turn() -> None:
    game = Game.given(turn="runner")
    before = game.state()
    with pytest.raises(IllegalAction, match="not the Corp's turn"):
        game.end_turn("corp")
    assert game.state() == before
    assert game.events_this_turn() == []


def test_a_rez_the_corp_cannot_pay_for_is_refused_before_anything_is_paid() -> None:
    game = Game.given(corp={"ice": {"HQ": ["Enigma"]}, "credits": 1})
    before = game.state()
    with pytest.raises(CannotPay, match="cannot pay the cost of rezzing Enigma"):
        game.rez("Enigma")
    assert game.state() == before
    assert len(game.log) == 0, "nothing is announced for a rez that cannot be paid"


def test_one_run_at_a_time_and_only_a_run_with_windows_proceeds() -> None:
    game = Game.given(corp={"ice": {"HQ": ["Ice Wall"]}}, turn="runner")
    game.run_on("HQ")
    before = game.state()
    with pytest.raises(IllegalAction, match="a run on HQ is already in progress"):
        game.run_on("R&D")
    assert game.state() == before
    game = Game.given(corp={"ice": {"HQ": ["Ice Wall"]}}, turn="runner")
    game.start_run("HQ")
    before = game.state()
    with pytest.raises(IllegalAction, match="not waiting in a paid ability window"):
        game.proceed()
    assert game.state() == before


def test_seven_agenda_points_win_the_game_at_the_next_checkpoint() -> None:
    game = Game.given(
        corp={"remote": {"Server 1": ["Hostile Takeover"]}},
        runner={"score_area": ["Obokata Protocol", "Obokata Protocol"]},
        turn="runner",
    )
    assert (game.runner.agenda_points, game.winner) == (6, None)
    game.steal("Hostile Takeover")
    assert (game.runner.agenda_points, game.winner) == (7, "runner")
    with pytest.raises(IllegalAction, match="the game is over"):
        game.run_on("HQ")
