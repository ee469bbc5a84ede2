"""Break a card's behaviour and the scenario that backs its example must fail.

This is what makes the scenarios evidence: they run the rules, so an engine
that gets the rule wrong cannot pass them.  Each test runs the scenario file
unbroken (it passes) and broken (it fails), through the same doctest-block
runner the pytest integration in ``examples/conftest.py`` uses, and once through
that Sybil integration itself.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest
from sybil import Document
from sybil.example import SybilFailure

from rulesref.games.netrunner.cards import programs, resources
from rulesref.games.netrunner.timing.events import Event, History
from rulesref.scenarios import LIBRARY, Scenario, load_scenario, run_scenario

EXAMPLES = LIBRARY
ROOT = Path(__file__).resolve().parents[2]


def scenario(name: str) -> Scenario:
    return load_scenario(EXAMPLES / "netrunner-cr" / f"{name}.md")


def sybil_failures(path: Path) -> int:
    spec = importlib.util.spec_from_file_location("library_conftest", ROOT / "conftest.py")
    assert spec is not None and spec.loader is not None
    conftest = ModuleType(spec.name)
    spec.loader.exec_module(conftest)
    document = Document.parse(str(path), conftest.parse_doctest_fences)
    failures = 0
    for example in document.examples():
        try:
            example.evaluate()
        except SybilFailure:
            failures += 1
    return failures


HARBINGER = "harbinger-is-still-trashed"
PREVENTED = "prevented-trash-does-not-count"


def test_scenarios_pass_unbroken() -> None:
    for name in (HARBINGER, PREVENTED):
        failed, report = run_scenario(scenario(name))
        assert failed == 0, report
    assert sybil_failures(scenario(HARBINGER).path) == 0


def test_harbinger_that_goes_to_the_heap_fails_its_scenario(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(programs._FacedownInsteadOfHeap, "interrupt", lambda self, event: None)
    failed, report = run_scenario(scenario(HARBINGER))
    assert failed > 0
    assert "<Harbinger: heap, faceup>" in report
    assert sybil_failures(scenario(HARBINGER).path) > 0


def test_wasteland_that_forgets_first_time_fails_its_scenario(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def every_time(self: resources._FirstOwnInstalledTrash, event: Event) -> bool:
        from rulesref.games.netrunner.state.events import Trash

        return isinstance(event, Trash) and resources._runner_trashed_own_installed(event)

    monkeypatch.setattr(resources._FirstOwnInstalledTrash, "is_met_by", every_time)
    failed, report = run_scenario(scenario(HARBINGER))
    assert failed > 0
    assert "Got:\n    2" in report


def test_wasteland_that_ignores_replaced_trashes_fails_its_scenario(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    original = resources._FirstOwnInstalledTrash.is_met_by

    def only_unreplaced(self: resources._FirstOwnInstalledTrash, event: Event) -> bool:
        return not event.replaced_by and original(self, event)

    monkeypatch.setattr(resources._FirstOwnInstalledTrash, "is_met_by", only_unreplaced)
    failed, _ = run_scenario(scenario(HARBINGER))
    assert failed > 0


def test_prevention_that_lets_the_trash_happen_fails_its_scenario(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(
        resources._PreventProgramOrHardwareTrash, "interrupt", lambda self, event: None
    )
    failed, report = run_scenario(scenario(PREVENTED))
    assert failed > 0
    assert "<Corroder: heap, faceup>" in report


def test_history_that_counts_prevented_events_fails_the_scenario(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def counts_prevented(self: History, event: Event, test: object) -> bool:
        earlier = [e for e in self.this_turn() if type(e) is type(event)]
        return earlier[0] is event

    monkeypatch.setattr(History, "is_first_this_turn", counts_prevented)
    failed, _ = run_scenario(scenario(PREVENTED))
    assert failed > 0


def test_a_damage_cost_that_ignores_mandatory_prevention_fails_its_scenario(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    path = EXAMPLES / "targets-and-costs" / "guru-davinder-blocks-a-damage-cost.md"
    assert run_scenario(load_scenario(path))[0] == 0
    monkeypatch.setattr(resources._PreventNetAndMeatDamage, "would_stop", lambda self, e: False)
    failed, report = run_scenario(load_scenario(path))
    assert failed > 0
    # the damage was attempted as a cost (Guru Davinder then asks to be paid for)
    assert "keep Guru Davinder" in report


# -- the generated mutant set (rulesref.mutation) -----------------------------------------
# The full set runs with ``python -m rulesref.mutation`` (minutes); here a fixed sample
# shows the machinery is honest: mutants exist for every game, each is applied and
# undone, a known-bad mutant is killed, and the engine is whole again afterwards.


@pytest.fixture(scope="module")
def mutation_run() -> object:
    from rulesref.mutation.report import prepare

    return prepare(ROOT)


def test_every_game_has_sites_citing_its_rules(mutation_run: object) -> None:
    from rulesref.mutation.report import Run
    from rulesref.mutation.sites import GAMES

    assert isinstance(mutation_run, Run)
    games = {site.game for site in mutation_run.sites}
    assert games == set(GAMES)
    pay = next(s for s in mutation_run.sites if s.qualname == "pay" and s.game == "netrunner")
    # the timing steps cite through the game's citation table
    assert {"tc_1_2_1", "tc_1_2_2"} <= pay.rules


def test_a_sample_of_mutants_is_run_and_undone(mutation_run: object) -> None:
    from rulesref.mutation.mutants import mutants_of
    from rulesref.mutation.report import Run, execute, table
    from rulesref.mutation.runner import live_function
    from rulesref.mutation.sites import GAMES

    assert isinstance(mutation_run, Run)
    before = {site.key: live_function(site).__code__ for site in mutation_run.sites}
    from rulesref.mutation.runner import run_mutant, trace_reach

    reach = trace_reach(mutation_run.scenarios)
    sample = Run(mutation_run.books, mutation_run.scenarios, mutation_run.sites)
    execute(sample, per_game=3, reach=reach)
    assert len(sample.results) == 3 * len(GAMES)
    assert {site.key: live_function(site).__code__ for site in sample.sites} == before
    printed = table(sample)
    assert printed.splitlines()[0].split() == [
        "game",
        "code",
        "mutants",
        "killed",
        "by-test",
        "survived",
        "unreached",
        "equivalent",
        "score",
    ]
    # each game's score on all its code, then (but for the kernel) on the code citing a rule
    rows = [line.split()[:2] for line in printed.splitlines()[1:]]
    assert [row for row in rows if row[0] in GAMES] == [[game, "all"] for game in GAMES]
    assert sum(r.killed for r in sample.results) >= 6, printed
    # The check the rule tc_1_2_1 makes: a cost that cannot be paid is refused.
    pay = next(s for s in sample.sites if s.qualname == "ensure_payable")
    negated = [m for m in mutants_of(pay) if m.description == "not (condition)"]
    assert run_mutant(negated[0], reach.of(pay)).killed
    # The engine is whole again: every scenario that reaches a mutated function passes
    # (the others never ran mutated code).
    touched = {s.slug: s for r in sample.results for s in reach.of(r.mutant.site)}
    touched |= {s.slug: s for s in reach.of(pay)}
    assert touched
    for scenario in touched.values():
        assert run_scenario(scenario)[0] == 0


def test_the_technomancy_bare_claims_of_issue_10_are_now_killed(mutation_run: object) -> None:
    """Timestamp order within a layer (6.2.1) and the repeated round of checks (3.4.3.3)
    were claimed in the log with nothing a scenario could catch."""
    from rulesref.mutation.mutants import Mutant, mutants_of
    from rulesref.mutation.report import Run
    from rulesref.mutation.runner import run_mutant, trace_reach

    assert isinstance(mutation_run, Run)
    by_name = {s.qualname: s for s in mutation_run.sites if s.game == "technomancy"}
    views = by_name["compute_views"]
    assert "tm_6_2_1" in views.rules
    unsorted = [m for m in mutants_of(views) if m.description == "sorted(...) -> list(...)"]
    order = [s for s in mutation_run.scenarios if s.slug == "timestamps-order-effects"]
    assert len(unsorted) == 1 and run_mutant(unsorted[0], trace_reach(order).of(views)).killed

    # 3.4.3.3 by hand: one round of state-based checks and triggers, never repeated
    checks = by_name["checks_before_priority"]
    source = (
        "def checks_before_priority(game):\n"
        "    applied = check_state_based_effects(game)\n"
        "    return put_triggers_on_stack(game) or applied\n"
    )
    code = compile(source, str(checks.path), "exec").co_consts[0]
    single_round = Mutant(checks, -1, checks.node.lineno, "a single round", code)
    repeat = [s for s in mutation_run.scenarios if s.slug == "state-based-checks-repeat"]
    assert run_mutant(single_round, trace_reach(repeat).of(checks)).killed


def test_the_scrip_floor_is_enforced_by_a_scenario(mutation_run: object) -> None:
    """``max(0, a - b)`` made ``a - b``: a reduction bigger than a kind of the cost made it
    negative, and the pool paid for it grew.  A scenario, not only a unit test, says so."""
    from rulesref.mutation.mutants import mutants_of
    from rulesref.mutation.report import Run
    from rulesref.mutation.runner import run_mutant, trace_reach

    assert isinstance(mutation_run, Run)
    floor = next(s for s in mutation_run.sites if s.qualname == "Scrips.reduced_by")
    [unfloored] = [m for m in mutants_of(floor) if m.description == "max(0, a - b) -> a - b"]
    cost = [s for s in mutation_run.scenarios if s.slug == "determining-the-cost"]
    result = run_mutant(unfloored, trace_reach(cost).of(floor))
    assert result.killed and result.killer == "determining-the-cost"
