"""Nested costs: "[instructions] unless [player] [cost]".

The named player may pay the cost; if they do, the instructions are not resolved,
otherwise they are.  A cost that cannot be paid (too few credits, or an ability that
would stop the payment) is not offered, and the instructions resolve.
"""

from __future__ import annotations

from collections.abc import Callable

from rulesref.games.netrunner.procedures.choices import confirm
from rulesref.games.netrunner.procedures.costs import CostKind
from rulesref.games.netrunner.state.table import Table
from rulesref.games.netrunner.timing.costs import Cost, pay


def unless(
    game: Table, side: str, cost: Cost, *, source: str, otherwise: Callable[[], object]
) -> None:
    """``otherwise`` resolves unless ``side`` pays ``cost``."""
    problems = cost.obstacles()
    if problems:
        game.log.record(
            ("rule_nested_cost_unless", *cost.blocked_rules()),
            f"{source}: the {side.title()} cannot pay {cost.describe()} ({'; '.join(problems)})",
        )
    elif confirm(
        game, side, f"{source}: pay the cost ({cost.describe()})?", "rule_nested_cost_unless"
    ):
        pay(
            cost,
            payer=side.title(),
            purpose=source,
            timing=game.timing,
            kind=CostKind.NESTED.phrase,
        )
        game.log.record(
            ("rule_nested_cost_unless",),
            f"{source}: the {side.title()} paid, so the instruction is not resolved",
        )
        return
    else:
        game.log.record(("rule_nested_cost_unless",), f"{source}: the {side.title()} does not pay")
    otherwise()
