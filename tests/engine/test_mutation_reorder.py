"""The statement-swap operator and the timing rules applied without a seeded ID.

"Rez turns the card faceup only after paying" is a rule about order: no negated
condition or dropped call can break it, only a swap.  And the order of pending
abilities (the active player's first, then the order each player chooses) is the
timing structure's own, read from the citation table even though no seeded rulebook fills it
in; both are scored, and a scenario kills the mutants.
"""

from __future__ import annotations

import ast
import itertools
from pathlib import Path

import pytest

from rulesref.mutation.mutants import mutants_of
from rulesref.mutation.report import Run, prepare
from rulesref.mutation.runner import Reach, run_mutant, trace_reach
from rulesref.scenarios import Scenario

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def run() -> Run:
    return prepare(ROOT, ["netrunner"])


def _scenarios(run: Run, *slugs: str) -> list[Scenario]:
    found = [s for s in run.scenarios if s.slug in slugs]
    assert len(found) == len(slugs)
    return found


def _reach(run: Run, *slugs: str) -> Reach:
    return trace_reach(_scenarios(run, *slugs))


def test_paying_then_turning_faceup_is_swapped_and_the_rez_scenario_notices(run: Run) -> None:
    rez = next(s for s in run.sites if s.qualname == "rez" and s.game == "netrunner")
    swaps = [m for m in mutants_of(rez) if m.description.startswith("swap statements")]
    # the payment (an if/else) and turning faceup (timing.perform) trade places
    twisted = [m for m in swaps if "perform" in ast.unparse(_statement_after(rez.node, m.line))]
    assert len(twisted) == 1
    reach = _reach(run, "rez-procedure")
    result = run_mutant(twisted[0], reach.of(rez))
    assert result.killed and result.killer == "rez-procedure"


def _statement_after(func: ast.FunctionDef | ast.AsyncFunctionDef, line: int) -> ast.stmt:
    for node in ast.walk(func):
        for _, value in ast.iter_fields(node):
            if isinstance(value, list):
                for first, second in itertools.pairwise(value):
                    if isinstance(first, ast.stmt) and first.lineno == line:
                        assert isinstance(second, ast.stmt)
                        return second
    raise AssertionError(line)


SAMPLE = """
def rez(game, card):
    \"\"\"Docstring.\"\"\"
    if card.rezzed:
        raise IllegalAction("already rezzed")
    if card.side == "runner":
        raise IllegalAction("runner card")
    amount = game.cost_of(card)
    game.log.record((), "rezzing")
    card.a = 1
    card.b = 2
    if card.frozen:
        raise IllegalAction("frozen")
    if card.kind is ICE:
        game.note(card)
    if card.kind is ASSET:
        game.note(card, twice=True)
    pay(game, amount)
    card.faceup = True
    return card
"""


def test_only_swaps_that_change_what_happens_are_made() -> None:
    """Two guards, a guard and a question, two plain stores, two ifs of which at most one
    runs, a log call, a docstring and a ``return`` are never swapped, nor a guard that
    refuses and an action (a refused action is rolled back whole, so only which refusal
    is reported could change); a swap that reads a name before it is bound is not made
    either."""
    from rulesref.mutation.mutants import _candidates

    func = ast.parse(SAMPLE).body[0]
    assert isinstance(func, ast.FunctionDef)
    swapped = [
        (node.lineno, ast.unparse(node).splitlines()[0])
        for node, what in _candidates(func)
        if what == "swap statements"
    ]
    # two ifs of which at most one runs are not swapped: only if-asset / pay(...) and
    # pay(...) / card.faceup = True
    assert swapped == [(16, "if card.kind is ASSET:"), (18, "pay(game, amount)")]


def test_the_order_of_pending_abilities_is_scored_and_killed_by_scenarios(run: Run) -> None:
    site = next(s for s in run.sites if s.qualname == "Timing._next_pending")
    assert site.game == "netrunner" and site.rules == frozenset()
    mutants = mutants_of(site)
    assert {m.description for m in mutants} >= {"min(...) -> max(...)", "not (condition)"}
    reach = _reach(
        run,
        "the-runners-ability-resolves-first-on-their-turn",
        "the-corp-orders-its-pending-abilities",
    )
    killers = {}
    for mutant in mutants:
        result = run_mutant(mutant, reach.of(site))
        assert result.killed, mutant
        killers[mutant.description] = result.killer
    # the non-active player first: the Runner is no longer asked while holding 3 credits
    assert killers["min(...) -> max(...)"] == "the-runners-ability-resolves-first-on-their-turn"
