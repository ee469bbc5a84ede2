"""A refused action or choice leaves the game exactly as it was (issue 10, point 2).

Each test compares the whole state (every object reachable from the game, by
:func:`~rulesref.engine.transactions.fingerprint`) before and after a refusal
that happens *late*: after a cost was paid, a card moved or a decision answered.
"""

from __future__ import annotations

from collections import Counter

import pytest

from rulesref.engine.decisions import Unanswered
from rulesref.engine.errors import IllegalChoice, InvalidTarget, RulesViolation
from rulesref.engine.transactions import Snapshot, fingerprint, transaction
from rulesref.games.netrunner import Game, UnimplementedCard

TRICK = {
    "hq": ["Trick of Light"],
    "remote": {"Server 1": ["Aggressive Secretary"], "Server 2": ["Priority Requisition"]},
    "ice": {"HQ": ["Colossus", "Enigma"]},
    "counters": {"Aggressive Secretary": {"advancement": 2}, "Colossus": {"advancement": 1}},
}


def test_a_target_refused_after_paying_undoes_the_payment_and_the_move() -> None:
    game = Game.given(corp=TRICK)
    before = game.state()
    trick = game.card("Trick of Light")
    with pytest.raises(InvalidTarget):
        game.play(
            "Trick of Light",
            targets={
                "card": "Priority Requisition",
                "counters": ["Aggressive Secretary", "Colossus"],
            },
        )
    assert game.state() == before
    assert game.card("Trick of Light") is trick, "the scenario's objects keep their identity"
    assert game.card("Aggressive Secretary").counters["advancement"] == 2
    game.play(
        "Trick of Light",
        targets={"card": "Priority Requisition", "counters": ["Aggressive Secretary"] * 2},
    )
    assert game.card("Priority Requisition").counters["advancement"] == 2


def test_an_unanswered_decision_in_a_reaction_window_undoes_the_draw() -> None:
    game = Game.given(
        corp={
            "rnd": ["Enigma", "Ice Wall"],
            "archives": ["Wraparound"],
            "remote": {"Server 1": ["Raman Rai"]},
            "rezzed": ["Raman Rai"],
        }
    )
    before = game.state()
    game.corp.answers("yes")  # use Raman Rai - but which drawn card is not answered
    with pytest.raises(Unanswered, match="which drawn card"):
        game.draw("corp", 2)
    assert game.state() == before
    assert game.corp.clicks == 3 and game.corp.hq == []


def test_an_illegal_answer_undoes_everything_before_it() -> None:
    game = Game.given(corp={"hq": ["Psychographics"], "credits": 5}, runner={"tags": 1})
    before = game.state()
    game.corp.answers(2)
    with pytest.raises(IllegalChoice, match="not a legal option"):
        game.play("Psychographics")
    assert game.state() == before
    assert game.corp.unused_answers == [], "an illegal answer is used up, not given back"


def test_a_filler_that_cannot_act_leaves_nothing_behind() -> None:
    game = Game.given(corp={"ice": {"HQ": ["Ichi 1.0"]}, "rezzed": ["Ichi 1.0"]})
    before = game.state()
    with pytest.raises(UnimplementedCard):
        game.fire_subroutine("Ichi 1.0")
    assert game.state() == before


def test_a_refused_run_leaves_no_run_and_no_log() -> None:
    game = Game.given(corp={"rnd": ["Hedge Fund"]}, runner={"rig": ["Top Hat"]}, turn="runner")
    before = game.state()
    with pytest.raises(Unanswered):
        game.successful_run("R&D")
    assert game.state() == before
    assert game.run is None and len(game.log) == 0


def test_fingerprint_sees_every_change() -> None:
    game = Game.given(corp={"hq": ["Hedge Fund"]})
    before = game.state()
    game.card("Hedge Fund").counters["power"] += 1
    assert game.state() != before
    game.card("Hedge Fund").counters["power"] -= 1
    del game.card("Hedge Fund").counters["power"]
    assert game.state() == before
    game.rng.random()
    assert game.state() != before, "the shuffle order to come is state too"


class Box:
    def __init__(self) -> None:
        self.items: list[object] = [1, 2]
        self.counts: Counter[str] = Counter(a=2)
        self.tags: set[str] = {"x"}
        self.child: Box | None = None


def test_restore_writes_back_into_the_original_objects() -> None:
    box = Box()
    box.child = Box()
    child, items = box.child, box.items
    before = fingerprint(box)
    snapshot = Snapshot(box)
    box.items.append(3)
    box.counts["a"] += 5
    box.tags.add("y")
    box.child.items.clear()
    box.child = None
    snapshot.restore()
    assert fingerprint(box) == before
    assert box.child is child and box.items is items
    assert box.counts == Counter(a=2)


def test_transaction_restores_only_on_a_refusal() -> None:
    box = Box()
    with pytest.raises(RulesViolation), transaction(box):
        box.items.append(3)
        raise RulesViolation("no")
    assert box.items == [1, 2]
    with pytest.raises(KeyError), transaction(box):
        box.items.append(3)
        raise KeyError("a bug is not a refusal: it is not hidden by a rollback")
    assert box.items == [1, 2, 3]
