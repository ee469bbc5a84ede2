"""The whole engine is mutated, not just the code that cites a rule; a decorator's
wrapper is mutated too; each mutant runs in a process of its own; and a mutant said
to be equivalent is left out of the score only while no scenario kills it."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from rulesref.engine import transactions
from rulesref.mutation.equivalent import Equivalent, change_of
from rulesref.mutation.mutants import Mutant, mutants_of
from rulesref.mutation.report import Run, Score, execute, module_table, prepare, table
from rulesref.mutation.runner import Outcome, Result, applied, live_function, trace_reach
from rulesref.mutation.sites import GAMES, Site
from rulesref.scenarios import Scenario

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def whole() -> Run:
    """Every game's sites, read once for the module."""
    return prepare(ROOT)


def _part(run: Run, module: str) -> Run:
    """The sites of ``module`` only, with the same books and scenarios."""
    sites = [s for s in run.sites if s.module == module]
    return Run(run.books, run.scenarios, sites, games=(sites[0].game,))


@pytest.fixture(scope="module")
def kernel(whole: Run) -> Run:
    return _part(whole, "rulesref.engine.transactions")


def _site(run: Run, qualname: str) -> Site:
    return next(s for s in run.sites if s.qualname == qualname)


def _scenarios(run: Run, *slugs: str) -> list[Scenario]:
    found = [s for s in run.scenarios if s.slug in slugs]
    assert len(found) == len(slugs)
    return found


def test_every_function_is_a_site_and_the_citing_ones_are_marked(whole: Run) -> None:
    run = whole
    games = {site.game for site in run.sites}
    assert games == set(GAMES) and "kernel" in GAMES
    by_name = {str(site): site for site in run.sites}
    # the kernel cites no rule, and is mutated all the same
    kernel = [s for s in run.sites if s.game == "kernel"]
    assert kernel and not any(s.cites for s in kernel)
    assert "rulesref.engine.transactions.transactional" in by_name
    # the scrip floor of Technomancy cites no rule ID in its own body; the code that
    # plays cards does
    floor = by_name["rulesref.games.technomancy.state.scrip.Scrips.reduced_by"]
    assert not floor.cites
    assert any(s.cites for s in run.sites if s.module.endswith("procedures.playing"))


def test_a_decorators_wrapper_made_at_import_is_mutated_and_put_back(kernel: Run) -> None:
    site = _site(kernel, "transactional")
    from rulesref.games.technomancy import Game

    wrapper = Game.play
    original = wrapper.__code__
    restore = next(m for m in mutants_of(site) if "snapshot.restore()" in m.source_line)
    assert restore.inner  # the change is inside the nested ``run``
    with applied(restore) as ok:
        assert ok and wrapper.__code__ is not original
        assert "restore" in wrapper.__code__.co_names  # still named: the call never runs
    assert wrapper.__code__ is original
    # the scenarios that call the wrapper reach the decorator's site
    reach = trace_reach(_scenarios(kernel, "refused-attempts-change-nothing"))
    assert [s.slug for s in reach.of(site)] == ["refused-attempts-change-nothing"]


def test_each_mutant_runs_in_its_own_process(kernel: Run) -> None:
    """A mutant that leaves a game in the set of games inside an action (it never
    discards it) changes that set for good, in the process it ran in; here, after it
    ran, the set is empty and the engine's code is its own."""
    site = _site(kernel, "transactional")
    leak = next(
        m
        for m in mutants_of(site)
        if "_IN_ACTION.discard" in m.source_line and "drop" in m.description
    )
    before = live_function(site).__code__
    scenarios = _scenarios(kernel, "refused-attempts-change-nothing")
    run = Run(kernel.books, scenarios, [site])
    execute(run, reach=trace_reach(scenarios), mutants=[leak])
    assert [r.mutant.ident for r in run.results] == [leak.ident]
    assert not transactions._IN_ACTION
    assert live_function(site).__code__ is before


def _claim(mutant: Mutant, reason: str = "no scenario can tell") -> Equivalent:
    return Equivalent(str(mutant.site), mutant.source_line, change_of(mutant), reason)


def test_a_claim_of_equivalence_leaves_a_survivor_out_and_is_checked(whole: Run) -> None:
    run = _part(whole, "rulesref.games.technomancy.state.scrip")
    mutants = [m for site in run.sites for m in mutants_of(site)]
    results = [Result(m, Outcome.SURVIVED) for m in mutants[:2]]
    results.append(Result(mutants[2], Outcome.KILLED, "some-scenario"))
    claims = (_claim(mutants[0]), _claim(mutants[2]), _claim(dataclasses.replace(mutants[1])))
    judged = Run(run.books, run.scenarios, run.sites, claims=claims[:2])
    from rulesref.mutation.report import _judged

    judged.results = [_judged(judged, r) for r in results]
    assert [r.outcome for r in judged.results] == [
        Outcome.EQUIVALENT,
        Outcome.SURVIVED,
        Outcome.KILLED,
    ]
    score = Score.of(judged.results)
    assert (score.mutants, score.killed, score.equivalent) == (3, 1, 1)
    assert score.percent == 50  # one killed of the two a scenario could tell apart
    wrong = judged.wrong_claims()
    assert len(wrong) == 1 and "some-scenario kills it" in wrong[0]
    # a claim that names no mutant of a module run whole is stale
    judged.complete = True
    stale = Equivalent(str(mutants[0].site), "no such line", "not (condition)", "-")
    judged.claims = (stale,)
    assert [p.endswith("no such mutant (the code changed?)") for p in judged.wrong_claims()] == [
        True
    ]
    assert "equivalent" in table(judged).splitlines()[0]
    assert "rulesref.games.technomancy.state.scrip" in module_table(judged)


def test_a_run_of_the_citing_code_neither_confirms_nor_contradicts_other_claims() -> None:
    """``--citing`` mutates only the functions that cite a rule: a claim on another
    function of the same module names no mutant of the run, and is not stale."""
    module = "rulesref.games.netrunner.procedures.hosting"
    citing = prepare(ROOT, ["netrunner"], [module], citing_only=True)
    everything = prepare(ROOT, ["netrunner"], [module])
    others = [s for s in everything.sites if not s.cites]
    assert citing.sites and others and all(s.cites for s in citing.sites)
    assert citing.skipped == {str(s) for s in others}
    claim_on = {"citing": citing.sites[0], "other": others[0]}
    claims = tuple(Equivalent(str(site), "no such line", "not (condition)", "-")
                   for site in claim_on.values())
    judged = dataclasses.replace(citing, claims=claims, complete=True)
    wrong = judged.wrong_claims()
    assert len(wrong) == 1 and wrong[0].startswith(str(claim_on["citing"]))


def test_code_that_runs_only_at_import_is_mutated_by_importing_the_engines_again(
    whole: Run,
) -> None:
    """A card's effect is made once, when the cards are defined: a factory (``deal``)
    mutated after import would change nothing, so its mutant is imported afresh, in a
    process of its own, and the scenario of the card that uses it fails."""
    run = _part(whole, "rulesref.games.technomancy.cards.effects")
    deal = _site(run, "deal")
    scenarios = _scenarios(run, "agent-damage-and-health")
    reach = trace_reach(scenarios)
    assert reach.only_at_import(deal) and reach.of(deal) == scenarios
    judged = Run(run.books, scenarios, [deal])
    dropped = [m for m in mutants_of(deal) if "drop return" in m.description]
    execute(judged, reach=reach, mutants=dropped)
    assert dropped and [r.outcome for r in judged.results] == [Outcome.KILLED] * len(dropped)


def test_a_mutant_no_scenario_kills_is_run_against_the_engines_tests(whole: Run) -> None:
    """Putting a card into a second zone is a bug no scenario can make happen; the test
    of the zones catches it, and says so.  A rule is still proven only by a scenario."""
    run = _part(whole, "rulesref.engine.zones")
    put = _site(run, "Zones.put")
    twice = [m for m in mutants_of(put) if m.description == "drop raise (body)"]
    scenarios = _scenarios(run, "refused-attempts-change-nothing")
    judged = Run(run.books, scenarios, [put])
    tests = ["tests/engine/test_objects_and_zones.py"]
    execute(judged, reach=trace_reach(scenarios), mutants=twice, tests=tests, root=ROOT)
    [result] = judged.results
    assert result.outcome is Outcome.TESTED and not result.killed_by_scenario
    assert result.killer == (
        "tests/engine/test_objects_and_zones.py::test_a_card_cannot_be_put_into_two_zones"
    )
    assert Score.of(judged.results).by_test == 1
