"""The kernel's one log and one action decorator, as every game uses them.

Each game hands the log its book's rule IDs and says how they nest; each game makes
its public actions with :func:`~rulesref.engine.transactions.transactional`, giving
its refusals and what settles an action.
"""

from __future__ import annotations

import pytest

from rulesref.engine.errors import IllegalAction, RulesViolation
from rulesref.engine.log import Log, numbered_under
from rulesref.engine.transactions import transactional
from rulesref.games.netrunner import Game as NetrunnerGame
from rulesref.games.netrunner1996 import Game as Game1996
from rulesref.games.technomancy import Game as TechnomancyGame


def test_a_log_refuses_a_rule_its_book_does_not_have_and_records_nothing() -> None:
    log = Log(known={"r_1", "r_1_2"}, book="a test book")
    log.record("r_1_2", "fine")
    with pytest.raises(KeyError, match="'r_9' in a test book"):
        log.record(("r_1", "r_9"), "a typo")
    assert [entry.text for entry in log] == ["fine"]


def test_nested_ids_are_cited_by_their_parent_only_when_the_book_nests_them() -> None:
    for nesting, expected in ((numbered_under, ["a", "b"]), (None, ["a"])):
        log = Log() if nesting is None else Log(nesting=nesting)
        log.record("r_1", "a")
        log.record("r_1_2", "b")
        log.record("r_10", "c")
        assert [e.text for e in log.citing("r_1")] == expected
        # an excerpt answers the same way as the log it came from
        assert [e.text for e in log[:2].citing("r_1")] == expected


def test_lines_remember_their_turn() -> None:
    log = Log()
    log.record((), "setup")
    log.turn = 2
    log.record("r_1", "in turn two")
    assert [e.text for e in log.in_turn(2)] == ["in turn two"]
    assert log[-1].rule == "r_1" and log[0].rule == ""


class _Box:
    def __init__(self) -> None:
        self.items: list[int] = []
        self.settled = 0
        self.closed = False


def _settle(box: _Box) -> None:
    box.settled += 1
    if 99 in box.items:
        raise IllegalAction("settling found something refused")


def _guard(box: _Box) -> None:
    if box.closed:
        raise IllegalAction("closed")


action = transactional(settle=_settle, guard=_guard)


class _Actions(_Box):
    @action
    def put(self, *values: int) -> None:
        for value in values:
            self.put_one(value)

    @action
    def put_one(self, value: int) -> None:
        self.items.append(value)
        if value < 0:
            raise RulesViolation("negative")


def test_a_nested_action_joins_the_outer_one() -> None:
    box = _Actions()
    box.put(1, 2)
    assert box.items == [1, 2] and box.settled == 1, "one settle for the whole action"
    with pytest.raises(RulesViolation):
        box.put(3, -1)
    assert box.items == [1, 2], "the inner refusal undoes the outer action whole"


def test_a_refusal_while_settling_undoes_the_action_and_a_guard_refuses_first() -> None:
    box = _Actions()
    with pytest.raises(IllegalAction):
        box.put(7, 99)
    assert box.items == [] and box.settled == 0
    box.closed = True
    with pytest.raises(IllegalAction, match="closed"):
        box.put(1)
    assert box.items == []


def test_every_game_writes_the_kernels_log() -> None:
    games = [
        NetrunnerGame.given(),
        Game1996.given(),
        TechnomancyGame.given(),
    ]
    assert all(type(game.log) is Log for game in games)
