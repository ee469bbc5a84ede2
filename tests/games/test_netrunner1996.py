"""The 1996 excerpt: costs, resolving effects without extra actions, keywords."""

from __future__ import annotations

import pytest

from rulesref.games.netrunner1996 import ACTIONS_PER_TURN, SAMPLE_CARDS, Game, IllegalAction, Side


def test_actions_per_turn_are_three_and_four() -> None:
    assert ACTIONS_PER_TURN == {Side.CORP: 3, Side.RUNNER: 4}
    game = Game.given(turn="corp")
    assert (game.actions("corp"), game.actions("runner")) == (3, 0)
    game.end_turn()
    assert (game.actions("corp"), game.actions("runner")) == (0, 4)


@pytest.mark.parametrize(
    ("turn", "actions", "bits"),
    [("corp", 4, 5), ("runner", 1, 5), ("runner", 2, 0)],
)
def test_an_ability_needs_every_cost_now(turn: str, actions: int, bits: int) -> None:
    game = Game.given(
        turn=turn,
        runner={
            "rig": ["Deep Dive Rig"],
            "stack": ["Spare Cycles"] * 3,
            "actions": actions,
            "bits": bits,
        },
    )
    with pytest.raises(IllegalAction) as refused:
        game.use("Deep Dive Rig")
    assert refused.value.rule == "nr96_card_effects_and_costs_1"
    assert (game.actions("runner"), game.bits("runner")) == (actions, bits)
    assert game.titles_in("grip") == []


def test_rezzing_costs_no_action_so_it_works_in_the_other_turn() -> None:
    game = Game.given(turn="runner", corp={"ice": ["Data Wall"], "bits": 3})
    game.rez("Data Wall")
    assert game.card("Data Wall").rezzed and game.bits("corp") == 0


def test_the_operation_places_its_counters_for_the_one_action_of_playing_it() -> None:
    game = Game.given(
        turn="corp",
        corp={
            "hq": ["Overtime Surge"],
            "servers": {"S1": ["Project Nightfall"], "S2": ["Tripwire Node"]},
        },
    )
    game.play("Overtime Surge", counters={"Project Nightfall": 2, "Tripwire Node": 2})
    assert (game.actions("corp"), game.bits("corp")) == (2, 3)
    assert (game.card("Project Nightfall").counters, game.card("Tripwire Node").counters) == (2, 2)
    assert game.titles_in("archives") == ["Overtime Surge"]


def test_the_operation_refuses_cards_that_cannot_be_advanced_and_wrong_totals() -> None:
    game = Game.given(
        turn="corp",
        corp={
            "hq": ["Overtime Surge"],
            "servers": {"S1": ["Project Nightfall"]},
            "ice": ["Data Wall"],
        },
    )
    for counters in ({"Project Nightfall": 3}, {"Project Nightfall": 2, "Data Wall": 2}):
        with pytest.raises(IllegalAction):
            game.play("Overtime Surge", counters=counters)
    assert (game.actions("corp"), game.bits("corp"), game.titles_in("hq")) == (
        3,
        5,
        ["Overtime Surge"],
    )


def test_the_program_run_takes_one_action_and_accesses_hq() -> None:
    game = Game.given(
        turn="runner",
        corp={"hq": ["Quiet Merger"], "archives": ["Project Nightfall"]},
        runner={"rig": ["Backdoor Loop"]},
    )
    game.use("Backdoor Loop")
    assert game.actions("runner") == 3
    assert game.titles_in("runner_score") == ["Quiet Merger"]
    assert game.titles_in("archives") == ["Project Nightfall"]


def test_an_effect_that_rezzes_pays_the_rez_cost() -> None:
    game = Game.given(
        turn="corp", corp={"hq": ["Wake the Sentries"], "ice": ["Data Wall"], "bits": 4}
    )
    game.play("Wake the Sentries", ice="Data Wall")
    assert game.bits("corp") == 0 and game.card("Data Wall").rezzed
    poorer = Game.given(
        turn="corp", corp={"hq": ["Wake the Sentries"], "ice": ["Data Wall"], "bits": 3}
    )
    with pytest.raises(IllegalAction):
        poorer.play("Wake the Sentries", ice="Data Wall")
    assert poorer.bits("corp") == 3 and not poorer.card("Data Wall").rezzed


def test_keywords_never_titles() -> None:
    review = SAMPLE_CARDS["Black Ops Budget Review"]
    assert "Black Ops" in review.title and not review.has_keyword("Black Ops")
    assert SAMPLE_CARDS["Project Nightfall"].has_keyword("Black Ops")

    def dossier_bonus(server_card: str, *, turns_between: int = 0) -> int:
        game = Game.given(
            turn="runner",
            corp={"servers": {"S1": [server_card]}},
            runner={"grip": ["Leaked Dossier"]},
        )
        game.run("S1")
        for _ in range(turns_between):
            game.end_turn()
        before = game.points("runner")
        game.play("Leaked Dossier")
        return game.points("runner") - before

    assert dossier_bonus("Project Nightfall") == 1
    assert dossier_bonus("Black Ops Budget Review") == 0
    assert dossier_bonus("Project Nightfall", turns_between=2) == 0
