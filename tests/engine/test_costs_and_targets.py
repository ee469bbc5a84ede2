"""Costs are paid all at once or not at all; targets are announced by the rules."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pytest

from rulesref.engine.decisions import NO, Decision, Option
from rulesref.engine.errors import CannotPay, InvalidTarget
from rulesref.engine.log import Log
from rulesref.games.netrunner.rules import Citations
from rulesref.games.netrunner.timing.checkpoints import Timing
from rulesref.games.netrunner.timing.costs import Cost, CostPart, modified_value, pay
from rulesref.games.netrunner.timing.events import History
from rulesref.games.netrunner.timing.targets import Requirement, announce

CITES = Citations(
    cost_all_at_once=("all",),
    cost_zero=("zero",),
    cost_checkpoint=("checkpoint",),
    cost_modifiers=("modifiers",),
    announce=("announce",),
    distinct_targets=("distinct",),
    play_area_default=("play area",),
    valid_targets=("valid",),
    invalid_at_resolution=("invalid",),
)


class Nobody:
    """Declines every optional ability."""

    def decide(self, decision: Decision) -> Option:
        return NO if NO in decision.options else decision.options[0]


def timing(log: Log) -> Timing:
    return Timing(
        log=log,
        history=History(),
        abilities=lambda: [],
        decider=Nobody(),
        players_in_order=lambda: ["p1"],
        cites=CITES,
    )


class Pool(CostPart):
    def __init__(self, wallet: dict[str, int], key: str, amount: int) -> None:
        self.wallet, self.key, self.amount = wallet, key, amount

    def describe(self) -> str:
        return f"{self.amount} {self.key}"

    def obstacle(self) -> str | None:
        return None if self.wallet[self.key] >= self.amount else f"short of {self.key}"

    def pay(self) -> None:
        self.wallet[self.key] -= self.amount

    def is_zero(self) -> bool:
        return self.amount == 0


def test_a_cost_is_paid_entirely_or_not_at_all() -> None:
    wallet = {"credits": 5, "clicks": 0}
    log = Log()
    cost = Cost((Pool(wallet, "credits", 2), Pool(wallet, "clicks", 1)))
    with pytest.raises(CannotPay):
        pay(cost, payer="P", purpose="x", timing=timing(log))
    assert wallet == {"credits": 5, "clicks": 0}
    wallet["clicks"] = 1
    pay(cost, payer="P", purpose="x", timing=timing(log))
    assert wallet == {"credits": 3, "clicks": 0}
    assert "checkpoint" in log.rule_ids(), "a checkpoint follows paying"


def test_a_cost_of_zero_is_still_paid() -> None:
    log = Log()
    pay(Cost((Pool({"virus": 0}, "virus", 0),)), payer="P", purpose="x", timing=timing(log))
    assert {"all", "zero"} <= log.rule_ids()


@pytest.mark.parametrize(
    ("base", "ups", "downs", "expected"),
    [
        (2, [1], [5], 0),  # floor at 0 only at the end
        (2, [3], [4], 1),  # increases first: 5 - 4, not max(2 - 4, 0) + 3 = 3
        (0, [], [2], 0),
        (4, [2, 1], [3], 4),
    ],
)
def test_cost_modifiers_increase_then_decrease_then_floor(
    base: int, ups: list[int], downs: list[int], expected: int
) -> None:
    assert modified_value(base, ups, downs) == expected


@dataclass(frozen=True)
class Thing:
    name: str
    kind: str
    place: str = "play"


def requirement(count: int, kind: str = "program") -> Requirement[Thing]:
    return Requirement(kind, count, lambda t: t.kind == kind, lambda t: t.place == "play")


def names(things: Sequence[Thing]) -> str:
    return ", ".join(t.name for t in things)


def test_each_target_once_and_as_many_distinct_as_possible() -> None:
    a, b, c = Thing("a", "program"), Thing("b", "program"), Thing("c", "resource")
    log = Log()

    def do(chosen: list[Thing], count: int = 3) -> object:
        return announce(
            requirement(count),
            chooser="P",
            candidates=[a, b, c],
            chosen=chosen,
            describe=lambda t: t.name,
            where=lambda t: t.place,
            log=log,
            cites=CITES,
        )

    with pytest.raises(InvalidTarget, match="only once"):
        do([a, a])
    with pytest.raises(InvalidTarget, match="2 distinct targets must be chosen"):
        do([a])
    with pytest.raises(InvalidTarget, match="not a valid target"):
        do([a, c])
    announced = do([a, b])
    assert announced.targets == (a, b)  # type: ignore[attr-defined]
    assert "distinct" in log.rule_ids()


def test_without_a_stated_zone_only_the_play_area_counts() -> None:
    in_hand = Thing("h", "program", place="hand")
    with pytest.raises(InvalidTarget, match="play area") as raised:
        announce(
            requirement(1),
            chooser="P",
            candidates=[in_hand],
            chosen=[in_hand],
            describe=lambda t: t.name,
            where=lambda t: t.place,
            log=Log(),
            cites=CITES,
        )
    assert raised.value.rule == "play area"


def test_invalid_target_at_resolution_is_skipped_and_the_rest_resolves() -> None:
    log = Log()
    a, b = Thing("a", "program"), Thing("b", "program")
    gone: set[str] = set()
    req: Requirement[Thing] = Requirement(
        "program", 2, lambda t: t.name not in gone, lambda t: True
    )
    announced = announce(
        req,
        chooser="P",
        candidates=[a, b],
        chosen=[a, b],
        describe=lambda t: t.name,
        where=lambda t: t.place,
        log=log,
        cites=CITES,
    )
    gone.add("a")
    assert announced.valid_now(log=log, cites=CITES, describe=lambda t: t.name) == [b]
    assert "invalid" in log.rule_ids()
