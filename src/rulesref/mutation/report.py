"""The whole run: mutants per game, their outcomes, and the covered rules left unproven."""

from __future__ import annotations

import hashlib
import multiprocessing
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from rulesref.coverage import coverage
from rulesref.library import load_library
from rulesref.model import Rulebook
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
    #: The games whose mutants are run (their books are the ones reported on).
    games: tuple[str, ...] = tuple(GAMES)

    def by_game(self) -> dict[str, list[Result]]:
        games: dict[str, list[Result]] = {game: [] for game in GAMES}
        for result in self.results:
            games[result.mutant.site.game].append(result)
        return {game: results for game, results in games.items() if results}

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
                kills[rule] += result.killed
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


def prepare(root: Path, games: Iterable[str] = GAMES) -> Run:
    books = load_library([root / "seeds"]).books
    known = {item.id for book in books for item in book.items() if item.id}
    scenarios = find_scenarios(LIBRARY)
    chosen = tuple(games)
    return Run(books, scenarios, find_sites(known, chosen), games=chosen)


def _stable(mutant: Mutant) -> str:
    return hashlib.sha256(mutant.ident.encode()).hexdigest()


def sample(mutants: Sequence[Mutant], per_game: int | None) -> list[Mutant]:
    """At most ``per_game`` mutants of each game, chosen by a hash of their names: the
    same source gives the same sample on every machine."""
    if per_game is None:
        return list(mutants)
    games: defaultdict[str, list[Mutant]] = defaultdict(list)
    for mutant in sorted(mutants, key=_stable):
        if len(games[mutant.site.game]) < per_game:
            games[mutant.site.game].append(mutant)
    chosen = {id(m) for group in games.values() for m in group}
    return [m for m in mutants if id(m) in chosen]


def execute(
    run: Run,
    *,
    per_game: int | None = None,
    reach: Reach | None = None,
    jobs: int = 1,
    progress: Callable[[Result], None] | None = None,
) -> Run:
    """Generate every mutant (or a sample), run each, and keep the results in ``run``.

    With ``jobs`` > 1 the mutants are shared out among forked worker processes, each
    of which swaps code objects in its own copy of the engine.
    """
    reach = reach or trace_reach(run.scenarios)
    mutants = sample([m for site in run.sites for m in mutants_of(site)], per_game)
    global _WORK
    _WORK = (mutants, reach)
    try:
        if jobs > 1 and "fork" in multiprocessing.get_all_start_methods():
            context = multiprocessing.get_context("fork")
            with context.Pool(jobs) as pool:
                outcomes = pool.imap(_run_one, range(len(mutants)), chunksize=4)
                for mutant, (outcome, killer) in zip(mutants, outcomes, strict=True):
                    _keep(run, Result(mutant, outcome, killer), progress)
        else:
            for index, mutant in enumerate(mutants):
                outcome, killer = _run_one(index)
                _keep(run, Result(mutant, outcome, killer), progress)
    finally:
        _WORK = None
    return run


#: What forked workers read: set by :func:`execute` before the pool forks.
_WORK: tuple[list[Mutant], Reach] | None = None


def _run_one(index: int) -> tuple[Outcome, str | None]:
    assert _WORK is not None
    mutants, reach = _WORK
    mutant = mutants[index]
    scenarios = reach.of(mutant.site)
    budget = 2.0 + 10 * sum(reach.seconds.get(s.slug, 0.0) for s in scenarios)
    result = run_mutant(mutant, scenarios, timeout=budget)
    return result.outcome, result.killer


def _keep(run: Run, result: Result, progress: Callable[[Result], None] | None) -> None:
    run.results.append(result)
    if progress is not None:
        progress(result)


def table(run: Run) -> str:
    lines = [
        f"{'game':<15} {'mutants':>8} {'killed':>7} {'survived':>9} {'unreached':>10} {'score':>6}"
    ]
    for game, results in run.by_game().items():
        counted = [r for r in results if r.outcome is not Outcome.SKIPPED]
        killed = sum(r.killed for r in counted)
        unreached = sum(r.outcome is Outcome.UNREACHED for r in counted)
        survived = len(counted) - killed - unreached
        score = f"{100 * killed / len(counted):.0f}%" if counted else "-"
        lines.append(
            f"{game:<15} {len(counted):>8} {killed:>7} {survived:>9} {unreached:>10} {score:>6}"
        )
    return "\n".join(lines)


def survivors(run: Run) -> list[Result]:
    return [r for r in run.results if r.outcome in (Outcome.SURVIVED, Outcome.UNREACHED)]


def books_of(games: Iterable[str]) -> Mapping[str, tuple[str, ...]]:
    return {game: BOOKS[game] for game in games}
