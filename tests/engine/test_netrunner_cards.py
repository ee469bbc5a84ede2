"""Card behaviours the scenarios do not exercise in full."""

from __future__ import annotations

import pytest

from rulesref.engine.errors import IllegalChoice
from rulesref.games.netrunner import Game


def test_fast_break_counts_agendas_when_it_resolves_and_installs_in_one_remote() -> None:
    game = Game.given(
        corp={"hq": ["Fast Break"], "rnd": ["Ice Wall", "Enigma", "Hedge Fund"], "credits": 6},
        runner={"score_area": ["Hostile Takeover", "Obokata Protocol"]},
    )
    game.corp.answers(2, "Ice Wall", "no more")  # draw 2; Ice Wall to a new remote
    game.play("Fast Break")
    assert game.corp.credits == 6 - 4 + 2 - 0
    assert [c.title for c in game.corp.hq] == ["Enigma"]
    assert repr(game.card("Ice Wall")) == "<Ice Wall: protecting Server 1 at position 1, unrezzed>"


def test_wraparound_is_strong_only_without_a_fracter() -> None:
    game = Game.given(
        corp={"ice": {"HQ": ["Wraparound"]}, "rezzed": ["Wraparound"]},
        runner={"grip": ["Corroder"]},
    )
    assert game.strength("Wraparound") == 7
    game.install("Corroder")
    assert game.strength("Wraparound") == 0
    game.turn_facedown("Corroder")
    assert game.strength("Wraparound") == 7, "a facedown card has no subtypes"


def test_advanced_ice_gets_stronger_and_colossus_gives_more_tags() -> None:
    game = Game.given(
        corp={
            "ice": {"HQ": ["Ice Wall", "Colossus"]},
            "rezzed": ["Ice Wall", "Colossus"],
            "counters": {"Ice Wall": {"advancement": 2}, "Colossus": {"advancement": 3}},
        }
    )
    assert game.strength("Ice Wall") == 3
    assert game.strength("Colossus") == 7
    game.fire_subroutine("Colossus", 1)
    assert game.runner.tags == 2


def test_enigma_and_end_the_run() -> None:
    game = Game.given(corp={"ice": {"HQ": ["Enigma"]}, "rezzed": ["Enigma"]}, turn="runner")
    game.start_run("HQ")
    game.fire_subroutine("Enigma", 1)
    assert game.runner.clicks == 3
    game.fire_subroutine("Enigma", 2)
    assert game.run is None
    assert game.movements_this_turn() == []


@pytest.mark.parametrize(("credits", "run_continues"), [(3, True), (2, False)])
def test_tollbooth_charges_on_encounter(credits: int, run_continues: bool) -> None:
    game = Game.given(
        corp={"ice": {"HQ": ["Tollbooth"]}, "rezzed": ["Tollbooth"]},
        runner={"credits": credits},
        turn="runner",
    )
    game.run_on("HQ")
    game.proceed()
    game.proceed()
    assert (game.window == "encounter ice") is run_continues
    assert (game.run is not None) is run_continues
    assert game.runner.credits == (0 if run_continues else credits)


def test_guru_davinder_can_be_kept_for_4_credits() -> None:
    game = Game.given(runner={"rig": ["Guru Davinder"], "grip": ["Corroder"], "credits": 4})
    game.runner.answers("yes")  # pay 4 credits to keep Guru Davinder?
    game.damage("meat", 1)
    assert game.card("Guru Davinder").installed
    assert game.runner.credits == 0
    assert game.runner.grip == [game.card("Corroder")]


def test_llds_can_pay_by_trashing_itself() -> None:
    game = Game.given(runner={"rig": ["Akamatsu Mem Chip", "LLDS Energy Regulator"]})
    game.runner.answers("trashing LLDS Energy Regulator")
    game.trash("Akamatsu Mem Chip", by="corp")
    assert game.card("Akamatsu Mem Chip").installed
    assert not game.card("LLDS Energy Regulator").installed
    assert game.runner.credits == 5


def test_cache_spends_its_own_counters() -> None:
    game = Game.given(runner={"grip": ["Cache"], "credits": 1})
    game.install("Cache")
    game.use("Cache")
    assert (game.runner.credits, game.card("Cache").counters["virus"]) == (1, 2)


def test_operations_gain_credits() -> None:
    game = Game.given(corp={"hq": ["Hedge Fund", "Beanstalk Royalties"], "credits": 5})
    game.play("Hedge Fund")
    game.play("Beanstalk Royalties")
    assert game.corp.credits == 5 - 5 + 9 + 3
    assert game.corp.clicks == 1
    assert [c.title for c in game.corp.archives] == ["Hedge Fund", "Beanstalk Royalties"]


def test_raman_rai_needs_a_planned_choice_among_several_drawn_cards() -> None:
    game = Game.given(
        corp={
            "rnd": ["Enigma", "Ice Wall"],
            "archives": ["Wraparound"],
            "remote": {"Server 1": ["Raman Rai"]},
            "rezzed": ["Raman Rai"],
        }
    )
    game.corp.answers("yes")
    with pytest.raises(IllegalChoice, match="Corp must decide: Raman Rai: which drawn card"):
        game.draw("corp", 2)


def test_raman_rai_cannot_be_paid_without_a_click() -> None:
    game = Game.given(
        corp={
            "rnd": ["Enigma"],
            "archives": ["Wraparound"],
            "clicks": 0,
            "remote": {"Server 1": ["Raman Rai"]},
            "rezzed": ["Raman Rai"],
        }
    )
    game.draw("corp")  # nothing to answer: the click cannot be paid, so it is not offered
    assert game.corp.hq == [game.card("Enigma")]
    assert "tc_1_2_1" in game.log.rule_ids()


def test_rez_cost_modifiers_increase_then_decrease_then_floor() -> None:
    corp = {
        "credits": 9,
        "ice": {"Server 1": ["Ice Wall"], "HQ": ["Enigma"]},
        "remote": {"Server 1": ["Akitaro Watanabe"]},
        "rezzed": ["Akitaro Watanabe"],
    }
    game = Game.given(corp=corp, runner={"rig": ["Xanadu"]})
    game.rez("Ice Wall")  # 1 + 1 - 2 = 0, not max(1 - 2, 0) + 1 = 1
    assert game.corp.credits == 9
    game.rez("Enigma")  # not protecting Akitaro's server: 3 + 1
    assert game.corp.credits == 5


def test_cost_modifiers_only_while_active() -> None:
    corp = {
        "credits": 9,
        "ice": {"Server 1": ["Enigma"]},
        "remote": {"Server 1": ["Akitaro Watanabe"]},
    }
    game = Game.given(corp=corp, runner={"stack": ["Xanadu"]})
    game.rez("Enigma")  # Akitaro unrezzed, Xanadu in the stack: neither is active
    assert game.corp.credits == 6


def test_a_card_that_became_a_new_object_while_imminent_is_skipped() -> None:
    game = Game.given(
        corp={
            "ice": {"HQ": ["Colossus"]},
            "rezzed": ["Colossus"],
            "counters": {"Colossus": {"advancement": 3}},
        },
        runner={"rig": ["Cache", "Sacrificial Construct"]},
    )
    game.runner.answers("yes")  # only Cache could be protected: no choice of card
    game.fire_subroutine(
        "Colossus", 2, targets={"program": "Cache", "resource": "Sacrificial Construct"}
    )
    trashes = [e for e in game.history.this_turn() if e.kind == "trash"]
    assert [e.occurred for e in trashes] == [False, True]  # the subroutine's, then the cost's
    assert [c.title for c in game.runner.heap] == ["Sacrificial Construct"]
    assert "tc_1_1_3" in game.log.rule_ids()


def test_x_play_cost_is_chosen_when_played_and_zero_otherwise() -> None:
    from rulesref.games.netrunner.procedures.playing import has_x_cost, printed_cost

    game = Game.given(
        corp={"hq": ["Psychographics"], "remote": {"Server 1": ["Priority Requisition"]}},
        runner={"tags": 1},
    )
    card = game.card("Psychographics")
    assert has_x_cost(card) and printed_cost(game, card) == 0
    with pytest.raises(IllegalChoice, match="what is X"):
        game.play("Psychographics", targets="Priority Requisition")
    with pytest.raises(IllegalChoice, match="not a legal option"):
        game.corp.answers(-1)
        game.play("Psychographics", targets="Priority Requisition")
    game.corp.answers(1)
    game.play("Psychographics", targets="Priority Requisition")
    assert game.corp.credits == 4
    assert game.card("Priority Requisition").counters["advancement"] == 1
    assert game.card("Psychographics").behaviour.x is None  # type: ignore[union-attr]
