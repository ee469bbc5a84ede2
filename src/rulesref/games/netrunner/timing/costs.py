"""Costs: paid in full and all at once, or not at all.

A cost is a set of parts (credits, clicks, trashing a card, suffering damage,
removing counters).  Before anything is paid every part is asked whether it
can be paid; only then are they all paid, without a checkpoint in between, and
a checkpoint follows.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

from rulesref.engine.errors import CannotPay
from rulesref.engine.log import Log
from rulesref.games.netrunner.rules import Citations


class Timing(Protocol):
    """What paying needs of the timing structure
    (:class:`~rulesref.games.netrunner.timing.checkpoints.Timing`): its trace, its
    citation table, and the checkpoint that follows a payment."""

    log: Log
    cites: Citations

    def checkpoint(self, rules: Sequence[str] = (), note: str = "") -> None: ...


class CostPart(ABC):
    @abstractmethod
    def describe(self) -> str: ...

    @abstractmethod
    def obstacle(self) -> str | None:
        """Why this part cannot be paid now, or ``None`` if it can."""

    @abstractmethod
    def pay(self) -> None: ...

    def is_zero(self) -> bool:
        """A part that pays no items (0 credits, 0 counters) but still counts as paid."""
        return False

    def blocked_rules(self) -> tuple[str, ...]:
        """The rules to cite when this part cannot be paid (beyond "all at once")."""
        return ()


@dataclass(frozen=True)
class Cost:
    parts: tuple[CostPart, ...] = ()

    def __add__(self, other: Cost) -> Cost:
        return Cost(self.parts + other.parts)

    def describe(self) -> str:
        return " and ".join(part.describe() for part in self.parts) or "nothing"

    def obstacles(self) -> list[str]:
        return [problem for part in self.parts if (problem := part.obstacle()) is not None]

    def is_zero(self) -> bool:
        return all(part.is_zero() for part in self.parts)

    def blocked_rules(self) -> tuple[str, ...]:
        return tuple(
            cited
            for part in self.parts
            if part.obstacle() is not None
            for cited in part.blocked_rules()
        )


def ensure_payable(cost: Cost, *, payer: str, purpose: str, timing: Timing) -> None:
    """Raise :class:`CannotPay` unless every part of ``cost`` can be paid now."""
    obstacles = cost.obstacles()
    if obstacles:
        raise CannotPay(
            f"{payer} cannot pay the cost of {purpose} ({cost.describe()}): "
            + "; ".join(obstacles),
            ", ".join(timing.cites.cost_all_at_once + cost.blocked_rules()),
        )


def pay(
    cost: Cost,
    *,
    payer: str,
    purpose: str,
    timing: Timing,
    also_cite: Sequence[str] = (),
    kind: str | None = None,
    then: Callable[[], None] | None = None,
) -> None:
    """Pay ``cost`` all at once, or raise :class:`CannotPay` having paid nothing.

    ``also_cite`` adds the rule of the procedure that calls for the checkpoint;
    ``kind`` names the kind of cost the game decided this is ("its rez cost").
    """
    cites = timing.cites
    ensure_payable(cost, payer=payer, purpose=purpose, timing=timing)
    rules = cites.cost_all_at_once + (cites.cost_kinds if kind else ())
    rules += cites.cost_zero if cost.parts and cost.is_zero() else ()
    zero_note = " (a cost of 0 is still paid)" if cost.parts and cost.is_zero() else ""
    named = f", {kind}" if kind else ""
    timing.log.record(
        rules, f"{payer} pays the cost of {purpose}{named}: {cost.describe()}{zero_note}"
    )
    with timing.log.nested():
        for part in cost.parts:
            part.pay()
    if then is not None:
        then()  # e.g. step_paid_ability_condition: "when used" conditions, before the checkpoint
    timing.checkpoint(cites.cost_checkpoint + tuple(also_cite), note=" after paying a cost")


def modified_value(
    base: int,
    increases: Iterable[int] = (),
    decreases: Iterable[int] = (),
    *,
    log: Log | None = None,
    cites: Citations | None = None,
    what: str = "cost",
) -> int:
    """Apply every increase, then every decrease, then never go below 0."""
    value = base
    ups, downs = list(increases), list(decreases)
    for amount in ups:
        value += amount
    for amount in downs:
        value -= amount
    final = max(value, 0)
    if log is not None and (ups or downs):
        log.record(
            cites.cost_modifiers if cites else (),
            f"{what}: {base}"
            + "".join(f" + {u}" for u in ups)
            + "".join(f" - {d}" for d in downs)
            + (f" = {value}, raised to 0" if value < 0 else f" = {final}"),
        )
    return final
