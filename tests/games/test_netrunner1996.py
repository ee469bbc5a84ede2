"""The 1996 excerpt: costs, resolving effects without extra actions, keywords."""

from __future__ import annotations

import pytest

from rulesref.engine.decisions import Unanswered
from rulesref.engine.errors import RulesViolation
from rulesref.games.netrunner1996 import (
    ACTIONS_PER_TURN,
    SAMPLE_CARDS,
    BadSetup,
    CannotPay,
    Game,
    IllegalChoice,
    Side,
)


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
    before = game.state()
    with pytest.raises(CannotPay) as refused:
        game.use("Deep Dive Rig")
    assert game.state() == before
    assert refused.value.rule == "nr96_card_effects_and_costs_1"
    assert (game.actions("runner"), game.bits("runner")) == (actions, bits)
    assert game.titles_in("grip") == []


def test_rezzing_costs_no_action_so_it_works_in_the_other_turn() -> None:
    game = Game.given(turn="runner", corp={"ice": {"HQ": ["Data Wall"]}, "bits": 3})
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
    game.corp.answers("Tripwire Node", "Project Nightfall", "Tripwire Node", "Project Nightfall")
    game.play("Overtime Surge")
    assert (game.actions("corp"), game.bits("corp")) == (2, 3)
    assert (game.card("Project Nightfall").advancement, game.card("Tripwire Node").advancement) == (
        2,
        2,
    )
    assert game.titles_in("archives") == ["Overtime Surge"]


def test_the_operation_refuses_cards_that_cannot_be_advanced_and_wrong_totals() -> None:
    game = Game.given(
        turn="corp",
        corp={
            "hq": ["Overtime Surge"],
            "servers": {"S1": ["Project Nightfall"]},
            "ice": {"HQ": ["Data Wall"]},
        },
    )
    before = game.state()
    for answers, error in (
        (["Project Nightfall"] * 3, Unanswered),
        (["Project Nightfall", "Data Wall"], IllegalChoice),
    ):
        game.corp.answers(*answers)
        with pytest.raises(error):
            game.play("Overtime Surge")
        assert game.state() == before
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
        turn="corp", corp={"hq": ["Wake the Sentries"], "ice": {"R&D": ["Data Wall"]}, "bits": 4}
    )
    game.corp.answers("Data Wall")
    game.play("Wake the Sentries")
    assert game.bits("corp") == 0 and game.card("Data Wall").rezzed
    poorer = Game.given(
        turn="corp", corp={"hq": ["Wake the Sentries"], "ice": {"R&D": ["Data Wall"]}, "bits": 3}
    )
    poorer.corp.answers("Data Wall")
    with pytest.raises(CannotPay):
        poorer.play("Wake the Sentries")
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


def test_runs_stop_at_unbroken_end_the_run_and_breaking_costs_bits() -> None:
    def run_through(bits: int, rezzed: bool = True) -> Game:
        game = Game.given(
            turn="runner",
            corp={
                "servers": {"S1": ["Quiet Merger"]},
                "ice": {"S1": ["Data Wall (rezzed)" if rezzed else "Data Wall"]},
                "bits": 0,
            },
            runner={"rig": ["Wire Cutter"], "bits": bits},
        )
        if bits:
            game.runner.answers("Wire Cutter")
        game.run("S1")
        return game

    assert run_through(bits=0).points("runner") == 0
    broke_through = run_through(bits=2)
    assert broke_through.points("runner") == 2 and broke_through.bits("runner") == 1
    # unrezzed ice the Corp cannot pay for is passed without a question
    assert run_through(bits=0, rezzed=False).points("runner") == 2


def test_the_corp_rezzing_on_approach_pays_and_stops_the_run() -> None:
    game = Game.given(
        turn="runner",
        corp={"servers": {"S1": ["Quiet Merger"]}, "ice": {"S1": ["Data Wall"]}, "bits": 3},
    )
    game.corp.answers("yes")
    game.run("S1")
    assert game.card("Data Wall").rezzed and game.bits("corp") == 0
    assert game.points("runner") == 0 and game.actions("runner") == 3


def test_an_unanswered_question_mid_run_undoes_the_run() -> None:
    game = Game.given(
        turn="runner",
        corp={"servers": {"S1": ["Quiet Merger"]}, "ice": {"S1": ["Data Wall"]}, "bits": 3},
    )
    before = game.state()
    with pytest.raises(Unanswered) as refused:
        game.run("S1")
    assert refused.value.rule == "Data Wall"
    assert game.state() == before and game.actions("runner") == 4


@pytest.mark.parametrize(
    "corp",
    [
        {"hq": ["No Such Card"]},
        {"hq": ["Data Wall (rezzed)"]},
        {"servers": {"S1": ["Quiet Merger (rezzed)"]}},
        {"servers": {"HQ": ["Quiet Merger"]}},
        {"ice": ["Data Wall"]},
        {"bits": -1},
        {"cerdits": 3},
        {"servers": {"S1": ["Data Wall (2 counters)"]}},
    ],
)
def test_impossible_boards_are_refused_naming_the_key(corp: dict[str, object]) -> None:
    with pytest.raises(BadSetup):
        Game.given(turn="corp", corp=corp)  # type: ignore[arg-type]


def test_every_refusal_is_a_kernel_rules_violation_with_the_message_first() -> None:
    game = Game.given(turn="corp", corp={"servers": {"S1": ["Quiet Merger"]}})
    with pytest.raises(RulesViolation) as refused:
        game.run("S1")
    assert str(refused.value).endswith("(nr96_card_effects_and_costs_1)")
    assert refused.value.rule == "nr96_card_effects_and_costs_1"
