"""The whole run: mutants per game, their outcomes, and the covered rules left unproven."""

from __future__ import annotations

import hashlib
import itertools
import os
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from rulesref.coverage import coverage
from rulesref.library import load_library
from rulesref.model import Rulebook
from rulesref.mutation.equivalent import EQUIVALENT, Equivalent, claim_for
from rulesref.mutation.mutants import Mutant, mutants_of
from rulesref.mutation.runner import Outcome, Reach, Result, run_mutant, trace_reach
from rulesref.mutation.sites import BOOKS, GAMES, Site, find_sites
from rulesref.scenarios import LIBRARY, Scenario, find_scenarios


@dataclass
class Run:
    books: list[Rulebook]
    scenarios: list[Scenario]
    sites: list[Site]
    results: list[Result] = field(default_factory=list)
    #: Whether every mutant of every site was run (no sample).
    complete: bool = False
    #: The games whose mutants are run (their books are the ones reported on).
    games: tuple[str, ...] = tuple(GAMES)
    #: The mutants a person has said are equivalent (:mod:`rulesref.mutation.equivalent`).
    claims: tuple[Equivalent, ...] = EQUIVALENT
    #: Functions of the chosen modules that are not mutated (``--citing`` leaves out
    #: those citing no rule): a claim on one is neither confirmed nor contradicted.
    skipped: frozenset[str] = frozenset()

    def wrong_claims(self) -> list[str]:
        """Each claim of equivalence that a run contradicts: a scenario kills a mutant it
        names, or (when every mutant of its module was run) it names none."""
        problems: list[str] = []
        modules = {site.module for site in self.sites} if self.complete else set()
        for claim in self.claims:
            named = [r for r in self.results if claim.matches(r.mutant)]
            where = f"{claim.function}: {claim.line!r}: {claim.change}: claimed equivalent"
            problems += [f"{where}, but {r.killer} kills it" for r in named if r.killed]
            if claim.function in self.skipped:
                continue
            if not named and any(claim.function.startswith(m + ".") for m in modules):
                problems.append(f"{where}, but no such mutant (the code changed?)")
        return problems

    def by_game(self) -> dict[str, list[Result]]:
        games: dict[str, list[Result]] = {game: [] for game in GAMES}
        for result in self.results:
            games[result.mutant.site.game].append(result)
        return {game: results for game, results in games.items() if results}

    def by_module(self) -> dict[str, list[Result]]:
        modules: defaultdict[str, list[Result]] = defaultdict(list)
        for result in self.results:
            modules[result.mutant.site.module].append(result)
        return dict(modules)

    def covered_rules(self) -> dict[str, set[str]]:
        """Per book, the rules the coverage page counts as covered."""
        result = coverage(self.books, self.scenarios)
        return {slug: {r.item.id for r in cov.rules if r.covered} for slug, cov in result.items()}

    def unproven(self) -> dict[str, list[tuple[str, str]]]:
        """Per book, each covered rule with no killed mutant, and why."""
        cited: defaultdict[str, list[Site]] = defaultdict(list)
        for site in self.sites:
            for rule in site.rules:
                cited[rule].append(site)
        kills: defaultdict[str, int] = defaultdict(int)
        tried: defaultdict[str, int] = defaultdict(int)
        for result in self.results:
            for rule in result.mutant.site.rules:
                tried[rule] += 1
                kills[rule] += result.killed_by_scenario
        found: dict[str, list[tuple[str, str]]] = {}
        wanted = {slug for game in self.games for slug in BOOKS[game]}
        for slug, rules in self.covered_rules().items():
            if slug not in wanted:
                continue
            book = next(b for b in self.books if b.slug == slug)
            missing: list[tuple[str, str]] = []
            for rule in sorted(rules):
                # A rule made of sub-rules is enforced where they are.
                item = book.get(rule)
                family = {i.id for i in item.walk()} if item is not None else {rule}
                if any(kills[r] for r in family):
                    continue
                if not cited[rule]:
                    why = "no engine code cites it"
                elif not tried[rule]:
                    why = f"cited by {_names(cited[rule])}, but no mutant was run"
                else:
                    why = f"{tried[rule]} mutant(s) of {_names(cited[rule])}, none killed"
                missing.append((rule, why))
            found[slug] = missing
        return found


def _names(sites: Sequence[Site]) -> str:
    names = sorted({site.qualname for site in sites})
    return ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")


def prepare(
    root: Path,
    games: Iterable[str] = GAMES,
    modules: Sequence[str] = (),
    citing_only: bool = False,
) -> Run:
    """The run's books, scenarios and sites: every function of ``games`` (only those in
    a module named by, or under, one of ``modules`` if any are given; only those that
    cite a rule with ``citing_only``)."""
    books = load_library([root / "seeds"]).books
    known = {item.id for book in books for item in book.items() if item.id}
    scenarios = find_scenarios(LIBRARY)
    chosen = tuple(games)
    chosen_sites = [
        site
        for site in find_sites(known, chosen)
        if not modules or any(_within(site.module, m) for m in modules)
    ]
    sites = [site for site in chosen_sites if site.cites or not citing_only]
    skipped = frozenset(str(s) for s in chosen_sites if citing_only and not s.cites)
    return Run(books, scenarios, sites, games=chosen, skipped=skipped)


def _within(module: str, wanted: str) -> bool:
    return module == wanted or module.startswith(wanted + ".")


def _stable(name: object) -> str:
    return hashlib.sha256(str(name).encode()).hexdigest()


def sample(sites: Sequence[Site], per_game: int | None) -> list[Mutant]:
    """Every mutant of ``sites``, or at most ``per_game`` of each game, chosen by a hash
    of their names: the same source gives the same sample on every machine.  A sample
    makes the mutants of only as many functions (taken in the order of a hash of their
    names) as it needs."""
    if per_game is None:
        return [m for site in sites for m in mutants_of(site)]
    games: defaultdict[str, list[Site]] = defaultdict(list)
    for site in sites:
        games[site.game].append(site)
    chosen: list[Mutant] = []
    for group in games.values():
        found: list[Mutant] = []
        for site in sorted(group, key=_stable):
            if len(found) >= 4 * per_game:
                break
            found += mutants_of(site)
        chosen += sorted(found, key=lambda m: _stable(m.ident))[:per_game]
    order = {site.key: index for index, site in enumerate(sites)}
    return sorted(chosen, key=lambda m: (order[m.site.key], m.index))


def execute(
    run: Run,
    *,
    per_game: int | None = None,
    reach: Reach | None = None,
    jobs: int = 1,
    progress: Callable[[Result], None] | None = None,
    mutants: Sequence[Mutant] | None = None,
    tests: Sequence[str] = (),
    root: Path | None = None,
) -> Run:
    """Generate every mutant (or a sample, or run just ``mutants``), run each, and keep
    the results in ``run``.

    Each mutant runs in a process of its own, forked from this one (``jobs`` at a time),
    which swaps the mutant's code in and is then thrown away: whatever a mutant leaves
    behind in the engine's module state (an entry it failed to remove from a set of
    games in an action) cannot make a later mutant fail, and this process is never
    changed.  Without ``fork``, the mutants run here, one after the other.  With
    ``tests`` (paths under ``root``), a mutant no scenario kills is run against the
    engine's tests there that call its function (:mod:`rulesref.mutation.unit_tests`).
    """
    reach = reach or trace_reach(run.scenarios)
    run.complete = per_game is None and mutants is None
    mutants = sample(run.sites, per_game) if mutants is None else list(mutants)
    global _WORK
    _WORK = (mutants, reach)
    found: dict[int, Result] = {}
    try:
        if hasattr(os, "fork"):
            outcomes = forked(range(len(mutants)), max(jobs, 1), _run_one)
        else:
            outcomes = ((index, *_run_one(index)) for index in range(len(mutants)))
        for index, outcome, killer in outcomes:
            found[index] = Result(mutants[index], outcome, killer)
            if progress is not None and (
                not tests or outcome not in (Outcome.SURVIVED, Outcome.UNREACHED)
            ):
                progress(_judged(run, found[index]))
    finally:
        _WORK = None
    left = [
        index
        for index in sorted(found)
        if found[index].outcome in (Outcome.SURVIVED, Outcome.UNREACHED)
    ]
    if tests and left and hasattr(os, "fork"):
        from rulesref.mutation.unit_tests import run_with_tests

        tested = run_with_tests(
            root or Path.cwd(), [mutants[i] for i in left], reach, tests, max(jobs, 1)
        )
        for position, (outcome, killer) in tested.items():
            index = left[position]
            if outcome is not Outcome.UNREACHED:  # no test calls it: as the scenarios said
                found[index] = Result(mutants[index], outcome, killer)
            if progress is not None:
                progress(_judged(run, found[index]))
    run.results.extend(_judged(run, found[index]) for index in sorted(found))
    return run


#: What forked workers read: set by :func:`execute` before the pool forks.
_WORK: tuple[list[Mutant], Reach] | None = None
#: Whether this process runs one mutant and is thrown away (a forked child).
_THROWAWAY = False


def forked(
    indices: Iterable[int], jobs: int, work: Callable[[int], tuple[Outcome, str | None]]
) -> Iterator[tuple[int, Outcome, str | None]]:
    """Run ``work(index)`` for each index in a child process of its own, ``jobs`` at a
    time, and yield the outcomes as the children end."""
    pending = iter(indices)
    running: dict[int, tuple[int, int]] = {}  # pid -> (index, the pipe's read end)

    def start(index: int) -> None:
        read, write = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: run the mutant, say how it ended, and vanish
            os.close(read)
            global _THROWAWAY
            _THROWAWAY = True
            try:
                outcome, killer = work(index)
                said = f"{outcome.value}\t{killer or ''}"
            except BaseException as error:
                said = f"error\t{type(error).__name__}: {error}"
            os.write(write, said.encode()[:4000])
            os._exit(0)
        os.close(write)
        running[pid] = (index, read)

    for index in itertools.islice(pending, jobs):
        start(index)
    while running:
        pid, _ = os.wait()
        if pid not in running:
            continue
        index, read = running.pop(pid)
        with os.fdopen(read, "rb") as pipe:
            value, _, killer = pipe.read().decode().partition("\t")
        next_index = next(pending, None)
        if next_index is not None:
            start(next_index)
        if value == "error" or not value:
            raise RuntimeError(f"mutant {index} broke the mutation tool: {killer or 'no answer'}")
        yield index, Outcome(value), killer or None


def _run_one(index: int) -> tuple[Outcome, str | None]:
    assert _WORK is not None
    mutants, reach = _WORK
    mutant = mutants[index]
    scenarios = reach.of(mutant.site)
    budget = 2.0 + 10 * sum(reach.seconds.get(s.slug, 0.0) for s in scenarios)
    at_import = reach.only_at_import(mutant.site)
    if at_import and not _THROWAWAY:
        return Outcome.SKIPPED, None  # only a forked process may import the engines again
    result = run_mutant(mutant, scenarios, timeout=budget, at_import=at_import)
    return result.outcome, result.killer


def _judged(run: Run, result: Result) -> Result:
    """A survivor a person has shown equivalent is left out of the score."""
    if result.outcome is Outcome.SURVIVED and claim_for(result.mutant, run.claims):
        return Result(result.mutant, Outcome.EQUIVALENT)
    return result


@dataclass(frozen=True)
class Score:
    """The outcomes of a group of mutants (a game, a module; all its code, or the code
    that cites a rule)."""

    mutants: int
    killed: int
    #: Of those killed, the ones only a test killed (no scenario did).
    by_test: int
    survived: int
    unreached: int
    equivalent: int

    @classmethod
    def of(cls, results: Iterable[Result]) -> Score:
        counted = [r for r in results if r.outcome is not Outcome.SKIPPED]
        outcomes = [r.outcome for r in counted]
        return cls(
            mutants=len(counted),
            killed=sum(r.killed for r in counted),
            by_test=outcomes.count(Outcome.TESTED),
            survived=outcomes.count(Outcome.SURVIVED),
            unreached=outcomes.count(Outcome.UNREACHED),
            equivalent=outcomes.count(Outcome.EQUIVALENT),
        )

    @property
    def percent(self) -> float | None:
        """Killed among the mutants that could be told from the original."""
        scored = self.mutants - self.equivalent
        return 100 * self.killed / scored if scored else None

    def cells(self) -> str:
        score = f"{self.percent:.0f}%" if self.percent is not None else "-"
        return (
            f"{self.mutants:>8} {self.killed:>7} {self.by_test:>8} {self.survived:>9}"
            f" {self.unreached:>10} {self.equivalent:>11} {score:>6}"
        )


_HEADER = (
    f"{'mutants':>8} {'killed':>7} {'by-test':>8} {'survived':>9} {'unreached':>10}"
    f" {'equivalent':>11} {'score':>6}"
)


def table(run: Run) -> str:
    """Per game, the score of all its code and of the code that cites a rule."""
    lines = [f"{'game':<15} {'code':<8} {_HEADER}"]
    for game, results in run.by_game().items():
        lines.append(f"{game:<15} {'all':<8} {Score.of(results).cells()}")
        citing = [r for r in results if r.mutant.site.cites]
        if citing:
            lines.append(f"{'':<15} {'citing':<8} {Score.of(citing).cells()}")
    return "\n".join(lines)


def module_table(run: Run) -> str:
    """Per module, the score of all its code (the engine's modules, by game)."""
    modules = run.by_module()
    width = max((len(m) for m in modules), default=6)
    lines = [f"{'module':<{width}} {_HEADER}"]
    for module, results in modules.items():
        lines.append(f"{module:<{width}} {Score.of(results).cells()}")
    return "\n".join(lines)


def survivors(run: Run) -> list[Result]:
    return [r for r in run.results if r.outcome in (Outcome.SURVIVED, Outcome.UNREACHED)]


def equivalents(run: Run) -> list[tuple[Result, Equivalent]]:
    """The mutants left out of the score, with the claim that says why."""
    found = []
    for result in run.results:
        claim = claim_for(result.mutant, run.claims)
        if result.outcome is Outcome.EQUIVALENT and claim is not None:
            found.append((result, claim))
    return found


def books_of(games: Iterable[str]) -> Mapping[str, tuple[str, ...]]:
    return {game: BOOKS[game] for game in games}
